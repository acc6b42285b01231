import { ALL_USERS, MSG, isOperatorRole, type BonusRow } from '@blaster/contract';
import type { AppContext } from '../../context';
import { grantBonus, revokeBonus } from '../../ledger/ledger';
import { ledgerSum } from '../../ledger/queries';
import { HttpError } from '../../lib/errors';
import { listOwner, type PageRequest } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import { recordAudit } from '../audit/service';
import { bonusRepository as bonuses, type BonusRecord, type MoneySort } from './repository';

/** What the audit trail keeps of a bonus given or taken back. */
const audited = (bonus: BonusRecord) => ({
  bonus_id: bonus.id,
  nominal: bonus.nominal,
  reason: bonus.reason,
});

const present = (row: { bonus: BonusRecord; firstname: string; lastname: string }): BonusRow => ({
  id: row.bonus.id,
  nominal: row.bonus.nominal,
  reason: row.bonus.reason,
  createdAt: row.bonus.createdAt.toISOString(),
  userId: row.bonus.userId,
  adminId: row.bonus.adminId,
  User: { firstname: row.firstname, lastname: row.lastname },
});

export const totalBonus = (ctx: AppContext, userId: number | typeof ALL_USERS) =>
  ledgerSum(ctx.db, { userId: userId === ALL_USERS ? null : userId, kinds: ['bonus'] });

/** Gives the bonus through the ledger, audits it and tells the member's open panels. */
export async function giveBonus(
  ctx: AppContext,
  actor: AuthUser,
  body: { userId: number; nominal: number; reason: string },
): Promise<BonusRecord> {
  if (!(await bonuses.userExists(ctx.db, body.userId))) throw new HttpError(404, MSG.userNotFound);
  const bonus = await grantBonus(
    ctx.db,
    { userId: body.userId, adminId: actor.id, nominal: body.nominal, reason: body.reason },
    (tx, row) =>
      recordAudit(tx, ctx, {
        actor,
        action: 'bonus.create',
        target: { type: 'user', id: row.userId },
        after: audited(row),
      }),
  );
  ctx.hub.publish(body.userId, { event: 'bonus', payload: { nominal: bonus.nominal } });
  return bonus;
}

export async function takeBonusBack(ctx: AppContext, actor: AuthUser, id: number) {
  await revokeBonus(ctx.db, id, (tx, bonus) =>
    recordAudit(tx, ctx, {
      actor,
      action: 'bonus.revoke',
      target: { type: 'user', id: bonus.userId },
      before: audited(bonus),
    }),
  );
}

export async function bonusPage(
  ctx: AppContext,
  actor: AuthUser,
  named: number | '' | 'null' | undefined,
  request: PageRequest & MoneySort & { search?: string },
) {
  const { rows, meta } = await bonuses.page(ctx.db, listOwner(actor, named), {
    ...request,
    byMember: isOperatorRole(actor.role),
  });
  return { data: rows.map(present), meta };
}
