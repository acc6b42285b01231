import { z } from '../validation-texts';
import { SUPPRESSION_REMOVE_ROLES, SUPPRESSION_ROLES } from '../roles';
import {
  suppressionBulkBodySchema,
  suppressionCreateSchema,
  suppressionNumberParamSchema,
  suppressionPageQuerySchema,
  suppressionRowSchema,
} from '../schemas/consent';
import { countedSchema, endpoint, pagedSchema } from './define';

const tags = ['Suppression'] as const;
const suppressionChanged = z.object({ suppression: suppressionRowSchema, msg: z.string() });

/** The suppression list: opted-out numbers no blast sends to. */
export const suppressionEndpoints = {
  suppressionPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/suppression/list-per-page',
    access: SUPPRESSION_ROLES,
    query: suppressionPageQuerySchema,
    answer: pagedSchema(suppressionRowSchema),
    summary: 'Suppressed numbers, newest first or in the sort asked; the search matches a number’s start',
    tags,
  }),
  suppressionCreate: endpoint({
    method: 'POST',
    path: '/api/admin/suppression/create',
    access: SUPPRESSION_ROLES,
    body: suppressionCreateSchema,
    answer: suppressionChanged,
    summary: 'Puts a number on the suppression list',
    tags,
  }),
  suppressionDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/suppression/:number',
    access: SUPPRESSION_REMOVE_ROLES,
    params: suppressionNumberParamSchema,
    answer: suppressionChanged,
    errors: [404],
    summary: 'Takes a number off the suppression list (it may be blasted again)',
    tags,
  }),
  suppressionBulk: endpoint({
    method: 'POST',
    path: '/api/admin/suppression/bulk',
    access: SUPPRESSION_REMOVE_ROLES,
    body: suppressionBulkBodySchema,
    answer: countedSchema,
    summary:
      'Takes the chosen numbers off the suppression list; answers how many were removed (numbers not on it are skipped)',
    tags,
  }),
  suppressionExport: endpoint({
    method: 'GET',
    path: '/api/admin/suppression/export',
    access: SUPPRESSION_ROLES,
    answer: z.string(),
    download: 'text/csv',
    summary: 'The whole suppression list as a CSV file',
    tags,
  }),
} as const;
