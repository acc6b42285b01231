import { z } from '../validation-texts';
import { ALL_ROLES, OPERATOR_ROLES, type Role } from '../roles';
import { idParamSchema, userOrAllParamSchema } from '../schemas/common';
import { totalBonusAnswerSchema } from '../schemas/dashboard';
import { bonusCreateSchema, bonusPageQuerySchema, bonusRowSchema } from '../schemas/money';
import { endpoint, pagedSchema, saidSchema, timestampSchema } from './define';

const tags = ['Bonuses'] as const;
const BONUS_LIST_ROLES: readonly Role[] = ['dev', 'admin', 'member'];
const grantedBonusSchema = bonusRowSchema.omit({ User: true }).extend({ createdAt: timestampSchema });

export const bonusEndpoints = {
  totalBonus: endpoint({
    method: 'GET',
    path: '/api/admin/bonus/total/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: totalBonusAnswerSchema,
    summary: 'The bonuses a member (or everyone: all) received',
    tags,
  }),
  bonusCreate: endpoint({
    method: 'POST',
    path: '/api/admin/bonus/create',
    access: OPERATOR_ROLES,
    body: bonusCreateSchema,
    answer: z.object({ bonus: grantedBonusSchema, msg: z.string() }),
    errors: [404],
    summary: 'Gives a member a bonus',
    tags,
  }),
  bonus: endpoint({
    method: 'DELETE',
    path: '/api/admin/bonus/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Takes a bonus back',
    tags,
  }),
  bonusPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/bonus/list-per-page',
    access: BONUS_LIST_ROLES,
    query: bonusPageQuerySchema,
    answer: pagedSchema(bonusRowSchema),
    summary: 'Bonuses, a page at a time, newest first (members: their own)',
    tags,
  }),
} as const;
