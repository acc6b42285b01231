import type { FastifyInstance } from 'fastify';
import { desc, eq, inArray } from 'drizzle-orm';
import {
  ALL_ROLES,
  ALL_USERS,
  API,
  MSG,
  bonusCreateSchema,
  idParamSchema,
  userOrAllParamSchema,
  userPageQuerySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { bonuses, users } from '../../db/schema';
import { grantBonus, revokeBonus } from '../../ledger/ledger';
import { ledgerSum } from '../../ledger/queries';
import { HttpError } from '../../lib/errors';
import { listOwner, readPage } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { recordAudit } from '../audit/service';

const BONUS_LIST_ROLES = ['dev', 'admin', 'member'] as const;

/** What the audit trail keeps of a bonus given or taken back. */
const audited = (bonus: typeof bonuses.$inferSelect) => ({
  bonus_id: bonus.id,
  nominal: bonus.nominal,
  reason: bonus.reason,
});

export function bonusRoutes(app: FastifyInstance, ctx: AppContext) {
  const present = (row: { bonus: typeof bonuses.$inferSelect; firstname: string; lastname: string }) => ({
    id: row.bonus.id,
    nominal: row.bonus.nominal,
    reason: row.bonus.reason,
    createdAt: row.bonus.createdAt.toISOString(),
    userId: row.bonus.userId,
    adminId: row.bonus.adminId,
    User: { firstname: row.firstname, lastname: row.lastname },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.totalBonus(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      totalBonus: await ledgerSum(ctx.db, {
        userId: params.userId === ALL_USERS ? null : params.userId,
        kinds: ['bonus'],
      }),
    }),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.bonusCreate,
    access: OPERATOR_ROLES,
    body: bonusCreateSchema,
    handler: async ({ body, user }) => {
      const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
      if (!member) throw new HttpError(404, MSG.userNotFound);
      const bonus = await grantBonus(
        ctx.db,
        { userId: body.userId, adminId: user.id, nominal: body.nominal, reason: body.reason },
        (tx, row) =>
          recordAudit(tx, ctx, {
            actor: user,
            action: 'bonus.create',
            target: { type: 'user', id: row.userId },
            after: audited(row),
          }),
      );
      ctx.hub.publish(body.userId, { event: 'bonus', payload: { nominal: bonus.nominal } });
      return { bonus: { ...bonus, createdAt: bonus.createdAt.toISOString() }, msg: MSG.bonusCreated };
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: API.bonus(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => {
      await revokeBonus(ctx.db, params.id, (tx, bonus) =>
        recordAudit(tx, ctx, {
          actor: user,
          action: 'bonus.revoke',
          target: { type: 'user', id: bonus.userId },
          before: audited(bonus),
        }),
      );
      return { msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.bonusPerPage,
    access: BONUS_LIST_ROLES,
    query: userPageQuerySchema,
    handler: async ({ query, user }) => {
      const owner = listOwner(user, query.user_id ?? query.userId);
      const where = owner === null ? undefined : eq(bonuses.userId, owner);
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: bonuses,
          id: bonuses.id,
          ids: () => ctx.db.select({ id: bonuses.id }).from(bonuses).$dynamic(),
          orderBy: [bonuses.createdAt],
          direction: 'desc',
          where,
        },
        query,
      );
      const rows = ids.length
        ? await ctx.db
            .select({ bonus: bonuses, firstname: users.firstname, lastname: users.lastname })
            .from(bonuses)
            .innerJoin(users, eq(users.id, bonuses.userId))
            .where(inArray(bonuses.id, ids))
            .orderBy(desc(bonuses.createdAt), desc(bonuses.id))
        : [];
      return { data: rows.map(present), meta };
    },
  });
}
