import { z } from '../validation-texts';
import { ALL_ROLES, type Role } from '../roles';
import { userOrAllParamSchema } from '../schemas/common';
import { balanceAnswerSchema } from '../schemas/dashboard';
import {
  withdrawPageQuerySchema,
  withdrawRequestSchema,
  withdrawRowSchema,
  withdrawUpdateSchema,
} from '../schemas/money';
import { endpoint, pagedSchema } from './define';

const tags = ['Withdrawals'] as const;
/** /withdraw is for dev and member, who hold balances; the request list also for admin and staff. */
const REQUESTER_ROLES: readonly Role[] = ['dev', 'member'];
const REVIEWER_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];
/** Only admin decides on requests: paying out money is one role's responsibility. */
const DECIDER_ROLES: readonly Role[] = ['admin'];

const total = z.object({ total: z.number().int() });
const withdrawList = z.object({ list: z.array(withdrawRowSchema) });
const withdrawSaid = z.object({ withdraw: withdrawRowSchema, msg: z.string() });
/** A figure of one member, or of everyone (`all`) for operators. */
const figure = <const P extends string, A extends z.ZodType>(path: P, answer: A, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer,
    summary,
    tags,
  });

export const withdrawEndpoints = {
  balance: figure(
    '/api/admin/withdraw/balance/:userId',
    balanceAnswerSchema,
    'What a member (or everyone: all) may still withdraw',
  ),
  withdrawIncome: figure(
    '/api/admin/withdraw/income/:userId',
    z.object({ income: z.number().int() }),
    'Everything a member (or everyone: all) earned',
  ),
  withdrawTotalRequested: figure(
    '/api/admin/withdraw/total-requested/:userId',
    total,
    'The sum of withdrawals still waiting for a decision',
  ),
  withdrawTotalAccepted: figure(
    '/api/admin/withdraw/total-accepted/:userId',
    total,
    'The sum of withdrawals paid out',
  ),
  withdrawRequest: endpoint({
    method: 'POST',
    path: '/api/admin/withdraw/request',
    access: REQUESTER_ROLES,
    body: withdrawRequestSchema,
    answer: withdrawSaid,
    summary: 'Asks to withdraw from one’s own balance',
    tags,
  }),
  withdrawHistory: figure(
    '/api/admin/withdraw/history/:userId',
    withdrawList,
    'A member’s (or everyone’s: all) withdrawals, newest first',
  ),
  withdrawHistories: endpoint({
    method: 'GET',
    path: '/api/admin/withdraw/histories',
    access: REVIEWER_ROLES,
    answer: withdrawList,
    summary: 'Every withdrawal, newest first',
    tags,
  }),
  withdrawHistoriesPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/withdraw/histories-per-page',
    access: ALL_ROLES,
    query: withdrawPageQuerySchema,
    answer: pagedSchema(withdrawRowSchema),
    summary: 'Withdrawals, a page at a time, newest first (members: their own)',
    tags,
  }),
  withdrawUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/withdraw/update',
    access: DECIDER_ROLES,
    body: withdrawUpdateSchema,
    answer: withdrawSaid,
    errors: [404],
    summary: 'Accepts or rejects a request, or takes the decision back',
    tags,
  }),
} as const;
