import type { FastifyInstance } from 'fastify';
import { desc, eq, inArray } from 'drizzle-orm';
import {
  ALL_ROLES,
  ALL_USERS,
  API,
  MSG,
  userOrAllParamSchema,
  userPageQuerySchema,
  withdrawRequestSchema,
  withdrawUpdateSchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { users, withdrawals } from '../../db/schema';
import { decideWithdrawal, moneySummary, requestWithdrawal } from '../../ledger/ledger';
import { HttpError } from '../../lib/errors';
import { listOwner, readPage } from '../../lib/paging';
import { route } from '../../lib/routes';
import { recordAudit } from '../audit/service';

/** /withdraw is for dev and member, who hold balances; the request list also for admin and staff. */
const REQUESTER_ROLES: readonly Role[] = ['dev', 'member'];
const REVIEWER_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];
/** Only admin decides on requests: paying out money is one role's responsibility. */
const DECIDER_ROLES: readonly Role[] = ['admin'];

const STATUS_TEXT = {
  accepted: MSG.withdrawAccepted,
  rejected: MSG.withdrawRejected,
  requested: MSG.withdrawCancelled,
} as const;
/** Going back to 'requested' cancels the earlier decision, so a mistaken decision can be undone. */
const AUDIT_ACTION = {
  accepted: 'withdraw.accept',
  rejected: 'withdraw.reject',
  requested: 'withdraw.cancel',
} as const;

export function withdrawRoutes(app: FastifyInstance, ctx: AppContext) {
  const select = () =>
    ctx.db
      .select({
        withdrawal: withdrawals,
        firstname: users.firstname,
        lastname: users.lastname,
        account_bank: users.accountBank,
        account_number: users.accountNumber,
        account_name: users.accountName,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const present = ({ withdrawal, ...user }: Joined) => ({
    id: withdrawal.id,
    nominal: withdrawal.nominal,
    status: withdrawal.status,
    createdAt: withdrawal.createdAt.toISOString(),
    userId: withdrawal.userId,
    User: user,
  });
  const one = async (id: number) => present((await select().where(eq(withdrawals.id, id)))[0]!);

  const summaryRoute = (url: string, pick: (s: Awaited<ReturnType<typeof moneySummary>>) => object) =>
    route(app, ctx, {
      method: 'GET',
      url,
      access: ALL_ROLES,
      ownerParam: 'userId',
      params: userOrAllParamSchema,
      handler: async ({ params }) =>
        pick(await moneySummary(ctx.db, params.userId === ALL_USERS ? null : params.userId)),
    });

  route(app, ctx, {
    method: 'GET',
    url: API.balance(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      balance: (await moneySummary(ctx.db, params.userId === ALL_USERS ? null : params.userId)).balance,
    }),
  });
  summaryRoute(API.withdrawIncome(':userId'), (s) => ({ income: s.income }));
  summaryRoute(API.withdrawTotalRequested(':userId'), (s) => ({ total: s.requested }));
  summaryRoute(API.withdrawTotalAccepted(':userId'), (s) => ({ total: s.accepted }));

  route(app, ctx, {
    method: 'POST',
    url: API.withdrawRequest,
    access: REQUESTER_ROLES,
    body: withdrawRequestSchema,
    handler: async ({ body, user }) => {
      // Money only ever leaves the requester's own balance.
      if (body.userId !== user.id) throw new HttpError(403, MSG.forbidden);
      const withdrawal = await requestWithdrawal(ctx.db, { userId: user.id, nominal: body.nominal });
      const row = await one(withdrawal.id);
      ctx.hub.publish('admin', { event: 'withdraw_requested', payload: { withdraw: row } });
      return { withdraw: row, msg: MSG.withdrawRequested };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.withdrawHistory(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      list: (
        await select()
          .where(params.userId === ALL_USERS ? undefined : eq(withdrawals.userId, params.userId))
          .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      ).map(present),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.withdrawHistories,
    access: REVIEWER_ROLES,
    handler: async () => ({
      list: (await select().orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))).map(present),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.withdrawHistoriesPerPage,
    access: ALL_ROLES,
    query: userPageQuerySchema,
    handler: async ({ query, user }) => {
      // Staff review everyone's requests; members see only their own.
      const reviewer = user.role === 'staff' ? { ...user, role: 'admin' } : user;
      const owner = listOwner(reviewer, query.user_id ?? query.userId);
      const where = owner === null ? undefined : eq(withdrawals.userId, owner);
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: withdrawals,
          id: withdrawals.id,
          ids: () => ctx.db.select({ id: withdrawals.id }).from(withdrawals).$dynamic(),
          orderBy: [withdrawals.createdAt],
          direction: 'desc',
          where,
        },
        query,
      );
      const rows = ids.length
        ? await select()
            .where(inArray(withdrawals.id, ids))
            .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        : [];
      return { data: rows.map(present), meta };
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.withdrawUpdate,
    access: DECIDER_ROLES,
    body: withdrawUpdateSchema,
    handler: async ({ body, user }) => {
      // Nobody decides on their own request (an admin who was a dev, or a promoted requester).
      const [request] = await ctx.db
        .select({ userId: withdrawals.userId })
        .from(withdrawals)
        .where(eq(withdrawals.id, body.id));
      if (request?.userId === user.id) throw new HttpError(403, MSG.forbidden);
      const updated = await decideWithdrawal(ctx.db, body.id, body.status, (tx, decided, previous) =>
        recordAudit(tx, ctx, {
          actor: user,
          action: AUDIT_ACTION[decided.status],
          target: { type: 'withdrawal', id: decided.id },
          before: { status: previous.status },
          after: { status: decided.status },
        }),
      );
      const row = await one(updated.id);
      ctx.hub.publish(updated.userId, { event: 'withdraw_updated', payload: { withdraw: row } });
      return { withdraw: row, msg: STATUS_TEXT[body.status] };
    },
  });
}
