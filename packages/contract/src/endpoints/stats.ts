import { ALL_ROLES, OPERATOR_ROLES, type Role } from '../roles';
import { userOrAllParamSchema } from '../schemas/common';
import {
  statsDailyAnswerSchema,
  statsHourlyAnswerSchema,
  statsLookupAnswerSchema,
  statsLookupQuerySchema,
  statsRangeQuerySchema,
  statsSendersAnswerSchema,
  statsTopAccountsAnswerSchema,
} from '../schemas/stats';
import { endpoint } from './define';

const tags = ['Charts'] as const;
/** Who runs generators and validators (as in the lookup module). */
const LOOKUP_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];

/** Members and staff read their own figures (the owner check), operators anyone's or all. */
export const statsEndpoints = {
  statsDaily: endpoint({
    method: 'GET',
    path: '/api/admin/stats/daily/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: statsDailyAnswerSchema,
    summary: 'Sends and money earned per day over the last 30 days',
    tags,
  }),
  statsHourly: endpoint({
    method: 'GET',
    path: '/api/admin/stats/hourly/:userId',
    access: OPERATOR_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: statsHourlyAnswerSchema,
    summary: 'Settled sends per hour over the last 48 hours, with the success share',
    tags,
  }),
  statsTopAccounts: endpoint({
    method: 'GET',
    path: '/api/admin/stats/top-accounts',
    access: OPERATOR_ROLES,
    query: statsRangeQuerySchema,
    answer: statsTopAccountsAnswerSchema,
    summary: 'The chat accounts with the most settled sends between two days',
    tags,
  }),
  statsLookups: endpoint({
    method: 'GET',
    path: '/api/admin/stats/lookups/:userId',
    access: LOOKUP_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    query: statsLookupQuerySchema,
    answer: statsLookupAnswerSchema,
    summary: 'Lookups of one kind per hour or per day',
    tags,
  }),
  statsSenders: endpoint({
    method: 'GET',
    path: '/api/admin/stats/senders',
    access: OPERATOR_ROLES,
    answer: statsSendersAnswerSchema,
    summary: "The connected senders at each of the network's tiers, by quality rating",
    tags,
  }),
} as const;
