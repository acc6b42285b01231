import { ALL_USERS, MSG, type WithdrawRow, type WithdrawStatus } from '@blaster/contract';
import type { AppContext } from '../../context';
import { decideWithdrawal, moneySummary, requestWithdrawal } from '../../ledger/ledger';
import { HttpError } from '../../lib/errors';
import { listOwner, type PageRequest } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import { recordAudit } from '../audit/service';
import {
  withdrawRepository as withdrawals,
  type WithdrawalWithRequester,
  type WithdrawListQuery,
} from './repository';

/** Going back to 'requested' cancels the earlier decision, so a mistaken decision can be undone. */
const AUDIT_ACTION = {
  accepted: 'withdraw.accept',
  rejected: 'withdraw.reject',
  requested: 'withdraw.cancel',
} as const;

const present = ({ withdrawal, ...user }: WithdrawalWithRequester): WithdrawRow => ({
  id: withdrawal.id,
  nominal: withdrawal.nominal,
  status: withdrawal.status,
  createdAt: withdrawal.createdAt.toISOString(),
  userId: withdrawal.userId,
  User: user,
});

const presentOne = async (ctx: AppContext, id: number) => present((await withdrawals.one(ctx.db, id))!);

/** Balance, income, requested and accepted sums of a member, or of everyone (`all`). */
export const moneyFigures = (ctx: AppContext, userId: number | typeof ALL_USERS) =>
  moneySummary(ctx.db, userId === ALL_USERS ? null : userId);

/** Money only ever leaves the requester's own balance; the reviewers' panels hear of it at once. */
export async function askWithdrawal(
  ctx: AppContext,
  actor: AuthUser,
  body: { userId: number; nominal: number },
) {
  if (body.userId !== actor.id) throw new HttpError(403, MSG.forbidden);
  const withdrawal = await requestWithdrawal(ctx.db, { userId: actor.id, nominal: body.nominal });
  const row = await presentOne(ctx, withdrawal.id);
  ctx.hub.publish('admin', { event: 'withdraw_requested', payload: { withdraw: row } });
  return row;
}

export async function withdrawHistory(ctx: AppContext, userId: number | typeof ALL_USERS | null) {
  const owner = userId === ALL_USERS ? null : userId;
  return (await withdrawals.all(ctx.db, owner)).map(present);
}

export async function withdrawPage(
  ctx: AppContext,
  actor: AuthUser,
  named: number | '' | 'null' | undefined,
  request: PageRequest & WithdrawListQuery,
) {
  // Staff review everyone's requests; members see only their own.
  const reviewer = actor.role === 'staff' ? { ...actor, role: 'admin' } : actor;
  const { rows, meta } = await withdrawals.page(ctx.db, listOwner(reviewer, named), {
    ...request,
    byMember: actor.role !== 'member',
  });
  return { data: rows.map(present), meta };
}

/** Nobody decides on their own request (an admin who was a dev, or a promoted requester). */
export async function decide(ctx: AppContext, actor: AuthUser, id: number, status: WithdrawStatus) {
  if ((await withdrawals.requesterOf(ctx.db, id)) === actor.id) throw new HttpError(403, MSG.forbidden);
  const updated = await decideWithdrawal(ctx.db, id, status, (tx, decided, previous) =>
    recordAudit(tx, ctx, {
      actor,
      action: AUDIT_ACTION[decided.status],
      target: { type: 'withdrawal', id: decided.id },
      before: { status: previous.status },
      after: { status: decided.status },
    }),
  );
  const row = await presentOne(ctx, updated.id);
  ctx.hub.publish(updated.userId, { event: 'withdraw_updated', payload: { withdraw: row } });
  return row;
}
