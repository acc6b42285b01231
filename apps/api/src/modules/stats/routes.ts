import type { FastifyInstance } from 'fastify';
import { ALL_USERS } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { dailyStats, hourlyStats, lookupStats, topAccounts } from './repository';

/** Chart figures: members and staff read their own (the owner check), operators anyone's or all. */
export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  const owner = (userId: number | typeof ALL_USERS) => (userId === ALL_USERS ? null : userId);
  const timeZone = ctx.config.timeZone;

  serve(app, ctx, 'statsDaily', async ({ params }) => ({
    timeZone,
    days: await dailyStats(ctx.db, timeZone, owner(params.userId)),
  }));
  serve(app, ctx, 'statsHourly', async ({ params }) => ({
    timeZone,
    hours: await hourlyStats(ctx.db, owner(params.userId)),
  }));
  serve(app, ctx, 'statsTopAccounts', ({ query }) => topAccounts(ctx.db, timeZone, query));
  serve(app, ctx, 'statsLookups', async ({ params, query }) => ({
    timeZone,
    kind: query.kind,
    bucket: query.bucket,
    buckets: await lookupStats(ctx.db, timeZone, { userId: owner(params.userId), ...query }),
  }));
}
