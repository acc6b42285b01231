import { z } from '../validation-texts';
import { OPERATOR_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import {
  phoneNumberSaveWithConsentSchema,
  phoneNumberUpdateWithConsentSchema,
  phoneNumberWithConsentRowSchema,
} from '../schemas/consent';
import { phoneCountBlastAnswerSchema } from '../schemas/dashboard';
import {
  importAnswerSchema,
  importRowSchema,
  phoneBulkBodySchema,
  phoneFieldKeysAnswerSchema,
  importUploadQuerySchema,
  phoneExportQuerySchema,
  phoneListQuerySchema,
  phonePageQuerySchema,
} from '../schemas/resources';
import { countedSchema, endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Phone numbers'] as const;
const phoneSaved = z.object({ phoneNumber: phoneNumberWithConsentRowSchema, msg: z.string() });

export const phonenumberEndpoints = {
  phoneCountBlast: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/count-blast',
    access: OPERATOR_ROLES,
    answer: phoneCountBlastAnswerSchema,
    summary: 'How many numbers were sent a blast, and how many not yet',
    tags,
  }),
  phoneList: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/list',
    access: OPERATOR_ROLES,
    query: phoneListQuerySchema,
    answer: z.object({ list: z.array(phoneNumberWithConsentRowSchema) }),
    summary: 'A slice of the numbers: newest first, or those starting with a search',
    tags,
  }),
  phonePerPage: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/list-per-page',
    access: OPERATOR_ROLES,
    query: phonePageQuerySchema,
    answer: pagedSchema(phoneNumberWithConsentRowSchema),
    summary: 'Phone numbers, a page at a time: newest first, or those starting with a search',
    tags,
  }),
  phoneFieldKeys: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/fields',
    access: OPERATOR_ROLES,
    answer: phoneFieldKeysAnswerSchema,
    summary: 'The custom field keys numbers carry, in order (the variables a template may use)',
    tags,
  }),
  phoneSave: endpoint({
    method: 'POST',
    path: '/api/admin/phonenumber/save',
    access: OPERATOR_ROLES,
    body: phoneNumberSaveWithConsentSchema,
    answer: phoneSaved,
    summary: 'Adds a phone number (a number already saved is refused)',
    tags,
  }),
  phoneNumberGet: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: z.object({ phoneNumber: phoneNumberWithConsentRowSchema }),
    errors: [404],
    summary: 'One phone number',
    tags,
  }),
  phoneNumberUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/phonenumber/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: phoneNumberUpdateWithConsentSchema,
    answer: phoneSaved,
    errors: [404],
    summary: 'Changes a phone number',
    tags,
  }),
  phoneNumberDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/phonenumber/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a phone number',
    tags,
  }),
  phoneBulk: endpoint({
    method: 'POST',
    path: '/api/admin/phonenumber/bulk',
    access: OPERATOR_ROLES,
    body: phoneBulkBodySchema,
    answer: countedSchema,
    summary:
      'Deletes the chosen numbers, or puts them on the suppression list; answers how many changed (ids not found, or already suppressed, are skipped)',
    tags,
  }),
  phoneExport: endpoint({
    method: 'GET',
    path: '/api/admin/phonenumber/export',
    access: OPERATOR_ROLES,
    query: phoneExportQuerySchema,
    // `number,name,status` rows, newest first; EXPORT_ROWS_HEADER tells how many to expect.
    answer: z.array(z.object({ number: z.string(), name: z.string(), status: z.string() })),
    download: 'text/csv',
    errors: [404],
    summary: 'Every phone number as a CSV or JSON file, written while it is read',
    tags,
  }),
  phoneImport: endpoint({
    method: 'POST',
    path: '/api/admin/phonenumber/import',
    access: OPERATOR_ROLES,
    upload: true,
    query: importUploadQuerySchema,
    body: z.object({}),
    answer: importAnswerSchema(importRowSchema, importRowSchema),
    summary: 'Adds the numbers of a CSV or JSON file; invalid ones and duplicates are skipped',
    tags,
  }),
} as const;
