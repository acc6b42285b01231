import type { FastifyInstance } from 'fastify';
import { and, eq, sql, inArray } from 'drizzle-orm';
import { API, userPageQuerySchema, type Role } from '@blaster/contract';
import type { AppContext } from '../../context';
import { ledgerEntries, messageLogs, users } from '../../db/schema';
import { listOwner, readPage } from '../../lib/paging';
import { route } from '../../lib/routes';

const REFERRAL_ROLES: readonly Role[] = ['dev', 'admin', 'member'];

export function referralRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.referralPerPage,
    access: REFERRAL_ROLES,
    query: userPageQuerySchema,
    handler: async ({ query, user }) => {
      const referrer = listOwner(user, query.userId ?? query.user_id) ?? user.id;
      // What the referrer earned from each referred member: referral entries of that member's blasts.
      const earnedFrom = sql<string>`coalesce((
        select sum(l.amount) from ${ledgerEntries} l
        join ${messageLogs} m on m.id = l.ref_id
        where l.kind = 'referral_income' and l.user_id = ${referrer} and m.user_id = ${sql.raw('"users"."id"')}
      ), 0)`;
      const where = eq(users.referredBy, referrer);
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: users,
          id: users.id,
          ids: () => ctx.db.select({ id: users.id }).from(users).$dynamic(),
          direction: 'asc',
          where,
        },
        query,
      );
      const page = await ctx.db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          income: earnedFrom,
        })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(users.id);
      const [sum] = await ctx.db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, referrer), eq(ledgerEntries.kind, 'referral_income')));
      const data = page.map((row) => ({ ...row, income: Number(row.income) }));
      return { data, list: data, total: Number(sum?.total ?? 0), meta };
    },
  });
}
