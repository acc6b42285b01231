import type { FastifyInstance } from 'fastify';
import {
  ALL_ROLES,
  ALL_USERS,
  API,
  statsLookupQuerySchema,
  statsRangeQuerySchema,
  userOrAllParamSchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { dailyStats, hourlyStats, lookupStats, topAccounts } from './queries';

/** Who runs generators and validators (as in modules/lookup). */
const LOOKUP_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];

/** Chart figures: members and staff read their own (the owner check), operators anyone's or all. */
export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  const owner = (userId: number | typeof ALL_USERS) => (userId === ALL_USERS ? null : userId);
  const timeZone = ctx.config.timeZone;

  route(app, ctx, {
    method: 'GET',
    url: API.statsDaily(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      timeZone,
      days: await dailyStats(ctx.db, timeZone, owner(params.userId)),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.statsHourly(':userId'),
    access: OPERATOR_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({ timeZone, hours: await hourlyStats(ctx.db, owner(params.userId)) }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.statsTopAccounts,
    access: OPERATOR_ROLES,
    query: statsRangeQuerySchema,
    handler: ({ query }) => topAccounts(ctx.db, timeZone, query),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.statsLookups(':userId'),
    access: LOOKUP_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    query: statsLookupQuerySchema,
    handler: async ({ params, query }) => ({
      timeZone,
      kind: query.kind,
      bucket: query.bucket,
      buckets: await lookupStats(ctx.db, timeZone, { userId: owner(params.userId), ...query }),
    }),
  });
}
