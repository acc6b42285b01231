import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API } from '@blaster/contract';
import type { AppContext } from '../../context';
import { phoneNumbers } from '../../db/schema';
import { OPERATOR_ROLES, route } from '../../lib/routes';

export function phoneNumberRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.phoneCountBlast,
    access: OPERATOR_ROLES,
    handler: async () => {
      const [row] = await ctx.db
        .select({
          blasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is not null)`,
          unBlasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is null)`,
        })
        .from(phoneNumbers);
      return { blasted: Number(row?.blasted ?? 0), unBlasted: Number(row?.unBlasted ?? 0) };
    },
  });
}
