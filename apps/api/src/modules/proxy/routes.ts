import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API } from '@blaster/contract';
import type { AppContext } from '../../context';
import { proxies } from '../../db/schema';
import { OPERATOR_ROLES, route } from '../../lib/routes';

export function proxyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.proxyCountUse,
    access: OPERATOR_ROLES,
    handler: async () => {
      const [row] = await ctx.db
        .select({
          unUsed: sql<string>`count(*) filter (where ${proxies.countUse} = 0)`,
          used: sql<string>`count(*) filter (where ${proxies.countUse} > 0)`,
        })
        .from(proxies);
      return { unUsed: Number(row?.unUsed ?? 0), used: Number(row?.used ?? 0) };
    },
  });
}
