import { OPERATOR_ROLES } from '../roles';
import { auditEntrySchema, auditPageQuerySchema } from '../schemas/audit';
import { endpoint, pagedSchema } from './define';

/** The audit trail: read only, no endpoint changes or deletes an entry. */
export const auditEndpoints = {
  auditPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/audit/list-per-page',
    access: OPERATOR_ROLES,
    query: auditPageQuerySchema,
    answer: pagedSchema(auditEntrySchema),
    summary: 'Audit entries, newest first, by action, actor, target and time',
    tags: ['Audit'],
  }),
} as const;
