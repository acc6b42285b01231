import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ALL_ROLES, ALL_USERS, API, userOrAllParamSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { whatsappAccounts } from '../../db/schema';
import { route } from '../../lib/routes';

export function whatsappRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.whatsappCount(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => {
      const [row] = await ctx.db
        .select({
          connected: sql<string>`count(*) filter (where ${whatsappAccounts.state} = 'connected')`,
          total: sql<string>`count(*)`,
        })
        .from(whatsappAccounts)
        .where(params.userId === ALL_USERS ? undefined : eq(whatsappAccounts.userId, params.userId));
      const connected = Number(row?.connected ?? 0);
      return { connectedCount: connected, disconnectedCount: Number(row?.total ?? 0) - connected };
    },
  });
}
