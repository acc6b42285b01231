import type { FastifyInstance } from 'fastify';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { ALL_ROLES, ALL_USERS, API, userOrAllParamSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { messageLogs } from '../../db/schema';
import { ledgerSum, startOfToday } from '../../ledger/queries';
import { OPERATOR_ROLES, route } from '../../lib/routes';

export function messageLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const successAndFail = async (...conditions: (SQL | undefined)[]) => {
    const [row] = await ctx.db
      .select({
        success: sql<string>`count(*) filter (where ${messageLogs.status} = 'success')`,
        fail: sql<string>`count(*) filter (where ${messageLogs.status} = 'fail')`,
      })
      .from(messageLogs)
      .where(and(...conditions));
    return { success: Number(row?.success ?? 0), fail: Number(row?.fail ?? 0) };
  };

  route(app, ctx, {
    method: 'GET',
    url: API.messageLogCount(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => {
      const counts = await successAndFail(
        params.userId === ALL_USERS ? undefined : eq(messageLogs.userId, params.userId),
      );
      return { successCount: counts.success, failCount: counts.fail };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.todayIncome(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      income: await ledgerSum(ctx.db, {
        userId: params.userId === ALL_USERS ? null : params.userId,
        kinds: ['blast_income'],
        since: startOfToday(ctx.config.timeZone),
      }),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.todayCount,
    access: OPERATOR_ROLES,
    handler: () => successAndFail(gte(messageLogs.createdAt, startOfToday(ctx.config.timeZone))),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.totalCount,
    access: OPERATOR_ROLES,
    handler: () => successAndFail(),
  });
}
