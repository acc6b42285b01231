import { z } from '../validation-texts';
import { OPERATOR_ROLES, TEMPLATE_REVIEW_ROLES, TEMPLATE_REVIEW_READ_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import {
  importAnswerSchema,
  importUploadQuerySchema,
  templateBulkBodySchema,
  templateFieldsSchema,
  templateRowSchema,
  templatePageQuerySchema,
} from '../schemas/resources';
import { templateReviewBodySchema, templateReviewQuerySchema } from '../schemas/template-review';
import { countedSchema, endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Message templates'] as const;
const templateSaved = z.object({ message: templateRowSchema, msg: z.string() });
/** A template of an import file that was left out: its place in the file (from 0) and why. */
export const skippedTemplateSchema = z.object({ index: z.number().int(), reason: z.string() });

export const messageEndpoints = {
  messageList: endpoint({
    method: 'GET',
    path: '/api/admin/message/list',
    access: OPERATOR_ROLES,
    answer: z.object({ list: z.array(templateRowSchema) }),
    summary: 'Every message template, newest first',
    tags,
  }),
  messagePerPage: endpoint({
    method: 'GET',
    path: '/api/admin/message/list-per-page',
    access: OPERATOR_ROLES,
    query: templatePageQuerySchema,
    answer: pagedSchema(templateRowSchema),
    summary:
      'Message templates, a page at a time, newest first or in the sort asked, of one status and matching the search when asked',
    tags,
  }),
  messageReviewList: endpoint({
    method: 'GET',
    path: '/api/admin/message/review',
    access: TEMPLATE_REVIEW_READ_ROLES,
    query: templateReviewQuerySchema,
    answer: pagedSchema(templateRowSchema),
    summary: 'Templates of one review state (pending unless asked), oldest first: the review queue',
    tags,
  }),
  messageReview: endpoint({
    method: 'POST',
    path: '/api/admin/message/:id/review',
    access: TEMPLATE_REVIEW_ROLES,
    params: idParamSchema,
    body: templateReviewBodySchema,
    answer: templateSaved,
    errors: [404, 409],
    summary: 'Approves a pending template, or rejects it with a reason (staff and admin)',
    tags,
  }),
  messageSubmit: endpoint({
    method: 'POST',
    path: '/api/admin/message/:id/submit',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: templateSaved,
    errors: [404, 409],
    summary: 'Submits a draft or rejected template for review',
    tags,
  }),
  messageGet: endpoint({
    method: 'GET',
    path: '/api/admin/message/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: z.object({ message: templateRowSchema }),
    errors: [404],
    summary: 'One message template',
    tags,
  }),
  messageCreate: endpoint({
    method: 'POST',
    path: '/api/admin/message/create',
    access: OPERATOR_ROLES,
    upload: true,
    body: templateFieldsSchema,
    answer: templateSaved,
    summary: 'Adds a message template; the optional file is its media',
    tags,
  }),
  messageUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/message/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    upload: true,
    body: templateFieldsSchema,
    answer: templateSaved,
    errors: [404],
    summary: 'Changes a message template; a file replaces its media',
    tags,
  }),
  messageDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/message/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a message template',
    tags,
  }),
  messageBulk: endpoint({
    method: 'POST',
    path: '/api/admin/message/bulk',
    access: OPERATOR_ROLES,
    body: templateBulkBodySchema,
    answer: countedSchema,
    summary:
      'Deletes the chosen templates, or makes them active or nonactive; answers how many changed (ids not found, or already so, are skipped)',
    tags,
  }),
  messageImport: endpoint({
    method: 'POST',
    path: '/api/admin/message/import',
    access: OPERATOR_ROLES,
    upload: true,
    query: importUploadQuerySchema,
    body: z.object({}),
    answer: importAnswerSchema(templateRowSchema, skippedTemplateSchema),
    summary: 'Adds the templates of a JSON file; invalid ones are skipped',
    tags,
  }),
} as const;
