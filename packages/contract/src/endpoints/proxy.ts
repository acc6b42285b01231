import { z } from '../validation-texts';
import { OPERATOR_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import { proxyCountUseAnswerSchema } from '../schemas/dashboard';
import {
  importAnswerSchema,
  importUploadQuerySchema,
  proxyBulkBodySchema,
  proxyRowSchema,
  proxySaveSchema,
  proxyUpdateSchema,
  proxyPageQuerySchema,
} from '../schemas/resources';
import { countedSchema, endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Proxies'] as const;
const proxySaved = z.object({ proxy: proxyRowSchema, msg: z.string() });
/** A proxy of an import file that was left out, naming the saved proxy it clashed with, if any. */
export const skippedProxySchema = z.object({
  id: z.number().int().nullable(),
  value: z.string(),
  status: z.string(),
  reason: z.string(),
});

export const proxyEndpoints = {
  proxyCountUse: endpoint({
    method: 'GET',
    path: '/api/admin/proxy/count-use',
    access: OPERATOR_ROLES,
    answer: proxyCountUseAnswerSchema,
    summary: 'How many proxies were used, and how many not yet',
    tags,
  }),
  proxyList: endpoint({
    method: 'GET',
    path: '/api/admin/proxy/list',
    access: OPERATOR_ROLES,
    answer: z.object({ list: z.array(proxyRowSchema) }),
    summary: 'Every proxy, oldest first',
    tags,
  }),
  proxyPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/proxy/list-per-page',
    access: OPERATOR_ROLES,
    query: proxyPageQuerySchema,
    answer: pagedSchema(proxyRowSchema),
    summary:
      'Proxies, a page at a time, newest first or in the sort asked, of one status and matching the search when asked',
    tags,
  }),
  proxySave: endpoint({
    method: 'POST',
    path: '/api/admin/proxy/save',
    access: OPERATOR_ROLES,
    body: proxySaveSchema,
    answer: proxySaved,
    summary: 'Adds a proxy (a value already saved is refused)',
    tags,
  }),
  proxyGet: endpoint({
    method: 'GET',
    path: '/api/admin/proxy/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: z.object({ proxy: proxyRowSchema }),
    errors: [404],
    summary: 'One proxy',
    tags,
  }),
  proxyUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/proxy/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: proxyUpdateSchema,
    answer: proxySaved,
    errors: [404],
    summary: 'Changes a proxy',
    tags,
  }),
  proxyDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/proxy/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a proxy',
    tags,
  }),
  proxyBulk: endpoint({
    method: 'POST',
    path: '/api/admin/proxy/bulk',
    access: OPERATOR_ROLES,
    body: proxyBulkBodySchema,
    answer: countedSchema,
    summary: 'Deletes the chosen proxies; answers how many were deleted (ids not found are skipped)',
    tags,
  }),
  proxyImport: endpoint({
    method: 'POST',
    path: '/api/admin/proxy/import',
    access: OPERATOR_ROLES,
    upload: true,
    query: importUploadQuerySchema,
    body: z.object({}),
    answer: importAnswerSchema(proxyRowSchema, skippedProxySchema),
    summary: 'Adds the proxies of a CSV or JSON file; empty values and duplicates are skipped',
    tags,
  }),
} as const;
