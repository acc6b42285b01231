import { and, eq, sql } from 'drizzle-orm';
import { MAX_INTEGER, MSG, WITHDRAW_CODE_NO_BANK, type WithdrawStatus } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { platformSums } from '../db/platform-sums';
import { LEDGER_KINDS, bonuses, ledgerEntries, users, withdrawals, type LedgerKind } from '../db/schema';
import { DomainError } from '../domain/errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
/** Bookkeeping (the audit entry) that must commit or roll back together with the money change. */
export type InTransaction<Args extends unknown[]> = (tx: Tx, ...args: Args) => Promise<void>;
type Bonus = typeof bonuses.$inferSelect;
type Withdrawal = typeof withdrawals.$inferSelect;

export interface MoneySummary {
  income: number;
  referral: number;
  bonus: number;
  /** Withdrawals waiting for a decision. */
  requested: number;
  accepted: number;
  balance: number;
}

/** The platform's total of every ledger kind, from its hourly sums (platform_hourly). */
async function platformMoney(db: Executor) {
  const [totals] = await queryRows<Record<LedgerKind, string>>(
    db,
    sql`select ${sql.join(
      LEDGER_KINDS.map((kind) => sql`coalesce(sum(p.${sql.identifier(kind)}), 0) as ${sql.identifier(kind)}`),
      sql`, `,
    )} from ${platformSums} p`,
  );
  return LEDGER_KINDS.map((kind) => ({ kind, total: totals![kind] }));
}

/**
 * Every figure of one user's money (the whole platform's when userId is null), from one read of the
 * ledger. The platform's is read from its hourly sums (platform_hourly), which the insert trigger keeps
 * equal to the ledger, never pruned: a row an hour instead of every entry ever made.
 */
export async function moneySummary(db: Executor, userId: number | null): Promise<MoneySummary> {
  const rows =
    userId === null
      ? await platformMoney(db)
      : await db
          .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amount})` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, userId))
          .groupBy(ledgerEntries.kind);
  const byKind = (kind: LedgerKind) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  const summary = {
    income: byKind('blast_income'),
    referral: byKind('referral_income'),
    bonus: byKind('bonus'),
    requested: -byKind('withdraw_requested'),
    accepted: -byKind('withdraw_accepted'),
  };
  return {
    ...summary,
    balance: summary.income + summary.referral + summary.bonus - summary.requested - summary.accepted,
  };
}

/** Serializes money changes of one user: concurrent requests queue on the user's row. */
async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new DomainError('not_found', MSG.userNotFound);
  return user;
}

/**
 * Pays one successful blast, and the referrer's share of it, exactly once per message log
 * (a repeated call for the same log changes nothing).
 */
export async function creditBlastIncome(
  db: Executor,
  entry: { userId: number; messageLogId: number; amount: number; referralPercent: number },
): Promise<{ credited: boolean; referralShare: number }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ledgerEntries)
      .values({ userId: entry.userId, kind: 'blast_income', amount: entry.amount, refId: entry.messageLogId })
      .onConflictDoNothing()
      .returning({ id: ledgerEntries.id });
    if (inserted.length === 0) return { credited: false, referralShare: 0 };
    const [earner] = await tx
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, entry.userId));
    const share = Math.floor((entry.amount * entry.referralPercent) / 100);
    if (earner?.referredBy && share > 0) {
      await tx
        .insert(ledgerEntries)
        .values({
          userId: earner.referredBy,
          kind: 'referral_income',
          amount: share,
          refId: entry.messageLogId,
          sourceUserId: entry.userId,
        })
        .onConflictDoNothing();
      return { credited: true, referralShare: share };
    }
    return { credited: true, referralShare: 0 };
  });
}

/**
 * Pays a round of successful blasts of one member, and the referrer's share of each, in two
 * statements; like creditBlastIncome, a message log is paid at most once however often it is reported.
 */
export async function creditBlastIncomes(
  tx: Tx,
  round: {
    userId: number;
    referredBy: number | null;
    referralPercent: number;
    blasts: { messageLogId: number; amount: number }[];
  },
) {
  if (round.blasts.length === 0) return;
  const shares = round.blasts.map((blast) =>
    round.referredBy ? Math.floor((blast.amount * round.referralPercent) / 100) : 0,
  );
  // One statement, each column one array parameter: the incomes, and the referral share of each
  // income actually credited now (a blast paid before pays no second share).
  await tx.execute(
    sql`with blasts as (
          select * from unnest(
            ${sql.param(round.blasts.map((blast) => blast.messageLogId))}::int[],
            ${sql.param(round.blasts.map((blast) => blast.amount))}::int[],
            ${sql.param(shares)}::int[]
          ) b(ref_id, amount, share)),
        paid as (
          insert into ${ledgerEntries} (user_id, kind, amount, ref_id)
          select ${round.userId}::int, 'blast_income', amount, ref_id from blasts
          on conflict do nothing
          returning ref_id)
        insert into ${ledgerEntries} (user_id, kind, amount, ref_id, source_user_id)
        select ${round.referredBy}::int, 'referral_income', blasts.share, blasts.ref_id, ${round.userId}::int
        from blasts join paid on paid.ref_id = blasts.ref_id
        where blasts.share > 0
        on conflict do nothing`,
  );
}

export async function grantBonus(
  db: Db,
  bonus: { userId: number; adminId: number; nominal: number; reason: string },
  audit?: InTransaction<[Bonus]>,
) {
  return db.transaction(async (tx) => {
    await lockUser(tx, bonus.userId);
    // Amounts are `integer` columns and the panel reads balances as such: no figure may outgrow one.
    const summary = await moneySummary(tx, bonus.userId);
    if (Math.max(summary.balance, summary.bonus) + bonus.nominal > MAX_INTEGER)
      throw new DomainError('amount_too_large', MSG.balanceTooLarge, {
        errors: { nominal: MSG.balanceTooLarge },
      });
    const [row] = await tx.insert(bonuses).values(bonus).returning();
    await tx
      .insert(ledgerEntries)
      .values({ userId: bonus.userId, kind: 'bonus', amount: bonus.nominal, refId: row!.id });
    await audit?.(tx, row!);
    return row!;
  });
}

/** Takes a bonus back with a reversing entry; refused when the member already spent it. */
export async function revokeBonus(db: Db, bonusId: number, audit?: InTransaction<[Bonus]>) {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(bonuses).where(eq(bonuses.id, bonusId));
    if (!found) throw new DomainError('not_found', MSG.bonusNotFound);
    await lockUser(tx, found.userId);
    // Under the lock, the delete decides: a revoke that ran meanwhile already took the bonus (and its
    // money) back, and this one must not book the reversal a second time.
    const [bonus] = await tx.delete(bonuses).where(eq(bonuses.id, found.id)).returning();
    if (!bonus) throw new DomainError('not_found', MSG.bonusNotFound);
    const { balance } = await moneySummary(tx, bonus.userId);
    if (balance < bonus.nominal) throw new DomainError('insufficient_balance', MSG.withdrawOverBalance);
    await tx
      .insert(ledgerEntries)
      .values({ userId: bonus.userId, kind: 'bonus', amount: -bonus.nominal, refId: bonus.id });
    await audit?.(tx, bonus);
  });
}

export async function requestWithdrawal(db: Db, request: { userId: number; nominal: number }) {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, request.userId);
    if (!user.accountBank || !user.accountNumber || !user.accountName) {
      throw new DomainError('bank_account_missing', MSG.withdrawNoBank, { code: WITHDRAW_CODE_NO_BANK });
    }
    const { balance } = await moneySummary(tx, request.userId);
    if (request.nominal > balance) throw new DomainError('insufficient_balance', MSG.withdrawOverBalance);
    const [withdrawal] = await tx.insert(withdrawals).values(request).returning();
    await tx.insert(ledgerEntries).values({
      userId: request.userId,
      kind: 'withdraw_requested',
      amount: -request.nominal,
      refId: withdrawal!.id,
    });
    return withdrawal!;
  });
}

/** Ledger entries each decision books; anything else is refused, so a balance can only move by a known step. */
function movements(from: WithdrawStatus, to: WithdrawStatus, n: number): [LedgerKind, number][] | null {
  if (from === 'requested' && to === 'accepted')
    return [
      ['withdraw_requested', n],
      ['withdraw_accepted', -n],
    ];
  if (from === 'requested' && to === 'rejected') return [['withdraw_requested', n]];
  if (from === 'accepted' && to === 'requested')
    return [
      ['withdraw_accepted', n],
      ['withdraw_requested', -n],
    ];
  if (from === 'rejected' && to === 'requested') return [['withdraw_requested', -n]];
  return null;
}

export async function decideWithdrawal(
  db: Db,
  id: number,
  status: WithdrawStatus,
  audit?: InTransaction<[decided: Withdrawal, previous: Withdrawal]>,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!current) throw new DomainError('not_found', MSG.withdrawNotFound);
    await lockUser(tx, current.userId);
    // Re-read under the lock: two admins deciding at once see each other's decision.
    const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    const booked = movements(withdrawal!.status, status, withdrawal!.nominal);
    if (!booked) throw new DomainError('invalid_transition', MSG.withdrawBadTransition);
    if (withdrawal!.status === 'rejected') {
      // Re-opening a rejected request holds the money again, which must still be there.
      const { balance } = await moneySummary(tx, withdrawal!.userId);
      if (balance < withdrawal!.nominal)
        throw new DomainError('insufficient_balance', MSG.withdrawOverBalance);
    }
    await tx
      .insert(ledgerEntries)
      .values(
        booked.map(([kind, amount]) => ({ userId: withdrawal!.userId, kind, amount, refId: withdrawal!.id })),
      );
    const [updated] = await tx
      .update(withdrawals)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, withdrawal!.status)))
      .returning();
    await audit?.(tx, updated!, withdrawal!);
    return updated!;
  });
}
