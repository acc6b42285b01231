import { ALL_ROLES } from '../roles';
import { userOrAllParamSchema } from '../schemas/common';
import { funnelAnswerSchema, funnelQuerySchema } from '../schemas/consent';
import { endpoint } from './define';

/** The delivery funnel: a member's own sends, or everyone's for operators (`all`). */
export const funnelEndpoints = {
  funnel: endpoint({
    method: 'GET',
    path: '/api/admin/messagelog/funnel/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    query: funnelQuerySchema,
    answer: funnelAnswerSchema,
    summary: 'Delivery funnel counts per template, chat account or day',
    tags: ['Funnel'],
  }),
} as const;
