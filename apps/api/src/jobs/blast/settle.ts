import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db';
import { messageLogs, phoneNumbers, templateUseCounts, users, whatsappAccounts } from '../../db/schema';
import { stageOf } from '../../domain/number-history';
import { blastFee } from '../../domain/levels';
import { accountRef, queueMessageDeliveryEvents, queueWebhookEvent } from '../../domain/webhooks';
import { creditBlastIncomes, type Tx } from '../../ledger/ledger';
import type { BlastConfig } from '../blast-config';
import { releaseUnsent } from './claim';
import type { Outcome, PhoneCounts, SettledAccount, Unsent } from './source';

/**
 * Writes a round's results in the caller's transaction (under the lease): the logs, the owner's
 * income with the referral share (each success paid at the level it reaches), the account's and the
 * numbers' counts and the templates' use, and gives back the claimed targets that were never sent.
 */
export async function settleRound(
  tx: Tx,
  accountId: number,
  config: BlastConfig,
  outcomes: Outcome[],
  unsent: Unsent[],
): Promise<SettledAccount | null> {
  // The logs still pending are the ones settled or given back here (one settled before, by an
  // instance that took over, is never counted twice); locked first, in id order, as the delivery
  // funnel locks them.
  const pending = await lockPendingLogs(tx, [
    ...outcomes.map((o) => o.logId),
    ...unsent.map((target) => target.logId),
  ]);
  const unsentPending = unsent.filter((target) => pending.has(target.logId));
  if (unsentPending.length > 0) await releaseUnsent(tx, unsentPending);
  if (outcomes.length === 0) {
    const [account] = await tx.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    return account ? { account, phones: [] } : null;
  }
  const settled = outcomes.filter((o) => pending.has(o.logId)).sort((a, b) => a.logId - b.logId);
  const phones = await settlePhoneNumbers(tx, settled);
  await countTemplateUses(tx, accountId, settled);
  const owner = await lockOwner(tx, accountId);
  if (!owner) return null;
  // The log's success counts toward the owner's level (a trigger on the log, under the owner's lock).
  await markLogs(tx, settled);
  const successes = settled.filter((o) => o.result.ok);
  const fees = successes.map((o, i) => ({
    messageLogId: o.logId,
    amount: blastFee(config.levels, owner.blastFee, owner.successBlasts + i + 1),
  }));
  await creditBlastIncomes(tx, {
    userId: owner.id,
    referredBy: owner.referredBy,
    referralPercent: config.settings.referral_percent,
    blasts: fees,
  });
  const income = fees.reduce((sum, fee) => sum + fee.amount, 0);
  const account = await countAccount(tx, accountId, settled, income);
  // After the account's row, the order other writers of its webhook events lock the two in.
  await queueSentEvents(tx, settled);
  if (account && settled.some((o) => 'suspended' in o.result))
    await queueWebhookEvent(tx, {
      type: 'account.suspended',
      accountId: account.id,
      payload: { ...accountRef(account), suspended_count: account.suspendedCount },
    });
  return { account: account!, phones };
}

/**
 * Every account of a member settles through the member's row (the level, the income): it is locked
 * last, so a hundred accounts of one member wait on each other only for the few statements that need
 * it, not for the whole round.
 */
async function lockOwner(tx: Tx, accountId: number) {
  const [owner] = await tx
    .select({
      id: users.id,
      successBlasts: users.successBlasts,
      blastFee: users.blastFee,
      referredBy: users.referredBy,
    })
    .from(users)
    .innerJoin(whatsappAccounts, eq(whatsappAccounts.userId, users.id))
    .where(eq(whatsappAccounts.id, accountId))
    .for('update', { of: users });
  return owner;
}

async function markLogs(tx: Tx, settled: Outcome[]) {
  if (settled.length === 0) return;
  await tx.execute(
    sql`update ${messageLogs} m set status = v.status,
          sent_at = case when v.status = 'success' then now() end
        from unnest(
          ${sql.param(settled.map((o) => o.logId))}::bigint[],
          ${sql.param(settled.map((o) => (o.result.ok ? 'success' : 'fail')))}::text[]
        ) v(id, status)
        where m.id = v.id`,
  );
}

/** The account's counts and income move on; a suspension stops its blast. */
async function countAccount(tx: Tx, accountId: number, settled: Outcome[], income: number) {
  const successes = settled.filter((o) => o.result.ok).length;
  const suspended = settled.some((o) => 'suspended' in o.result);
  const [account] = await tx
    .update(whatsappAccounts)
    .set({
      countSuccess: sql`${whatsappAccounts.countSuccess} + ${successes}`,
      countFail: sql`${whatsappAccounts.countFail} + ${settled.length - successes}`,
      income: sql`${whatsappAccounts.income} + ${income}`,
      ...(suspended
        ? {
            suspended: true,
            suspendedCount: sql`${whatsappAccounts.suspendedCount} + 1`,
            state: 'suspended',
            status: 'idle',
          }
        : {}),
    })
    .where(eq(whatsappAccounts.id, accountId))
    .returning();
  return account;
}

/**
 * The numbers a round reached are sent to and free again, their counts moved on, and their last
 * stage is this send's: what the network acknowledged before the settle counts too (the logs are
 * locked, their status written next). A number whose later message settled first keeps that one.
 */
async function settlePhoneNumbers(tx: Tx, settled: Outcome[]) {
  const withPhone = settled.filter((o) => o.phoneId !== null);
  if (withPhone.length === 0) return [];
  const isLater = sql`p.last_log_id is null or p.last_log_id < v.log_id`;
  const stage = stageOf(sql`m`, sql`case when v.ok = 1 then 'success' else 'fail' end`);
  return queryRows<PhoneCounts>(
    tx,
    sql`update ${phoneNumbers} p
        set count_success = p.count_success + v.ok, count_fail = p.count_fail + 1 - v.ok,
            last_sent = now(), in_use = 0,
            last_log_id = case when ${isLater} then v.log_id else p.last_log_id end,
            last_stage = case when ${isLater} then ${stage} else p.last_stage end
        from unnest(
          ${sql.param(withPhone.map((o) => o.phoneId))}::int[],
          ${sql.param(withPhone.map((o) => (o.result.ok ? 1 : 0)))}::int[],
          ${sql.param(withPhone.map((o) => o.logId))}::bigint[]
        ) v(id, ok, log_id)
        join ${messageLogs} m on m.id = v.log_id
        where p.id = v.id
        returning p.id, p.count_success, p.count_fail, p.last_sent, p.in_use`,
  );
}

/** Template uses are counted per account, so no row is shared by every sender. */
async function countTemplateUses(tx: Tx, accountId: number, settled: Outcome[]) {
  const uses = new Map<number, number>();
  for (const o of settled) if (o.templateId) uses.set(o.templateId, (uses.get(o.templateId) ?? 0) + 1);
  if (uses.size === 0) return;
  await tx
    .insert(templateUseCounts)
    .values([...uses].map(([templateId, count]) => ({ templateId, whatsappId: accountId, count })))
    .onConflictDoUpdate({
      target: [templateUseCounts.templateId, templateUseCounts.whatsappId],
      set: { count: sql`${templateUseCounts.count} + excluded.count` },
    });
}

/**
 * The `message.delivery` events of settled sends: sent or failed (with the network's reason), and any
 * stage the network acknowledged or the recipient's STOP marked while the send was being settled (the
 * delivery tracker tells those only of settled messages).
 */
async function queueSentEvents(tx: Tx, settled: Outcome[]) {
  if (settled.length === 0) return;
  await queueMessageDeliveryEvents(
    tx,
    sql`select m.id as message_log_id, m.whatsapp_id, m.user_id, m.target as number, s.status, s.at,
          s.error, s.stage
        from unnest(
          ${sql.param(settled.map((o) => o.logId))}::bigint[],
          ${sql.param(settled.map((o) => (o.result.ok ? null : o.result.reason)))}::text[]
        ) v(id, error)
        join ${messageLogs} m on m.id = v.id
        cross join lateral (values
          (1, case when m.status = 'success' then 'sent' else 'failed' end, coalesce(m.sent_at, now()),
            v.error),
          (2, 'delivered', m.delivered_at, null),
          (3, 'read', m.read_at, null),
          (4, 'opted_out', m.opted_out_at, null)
        ) s(stage, status, at, error)
        where s.at is not null`,
  );
}

/**
 * Locks a round's logs in id order and answers which are still pending. They are found by their key
 * alone: with a filter on the status the planner takes the pending index too, and that index holds an
 * entry for every log written since the last vacuum, so the look-up would slow as the log grows
 * between vacuums.
 */
async function lockPendingLogs(tx: Tx, logIds: number[]) {
  if (logIds.length === 0) return new Set<number>();
  const logs = await queryRows<{ id: string | number; status: string }>(
    tx,
    sql`select id, status from ${messageLogs} where id = any(${sql.param(logIds)}::bigint[])
        order by id for update`,
  );
  return new Set(logs.filter((log) => log.status === 'pending').map((log) => Number(log.id)));
}
