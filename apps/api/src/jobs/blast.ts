import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, REALTIME_CHANNEL_CLIENT_ADMIN, type Message, type Setting } from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';
import { LeasedJobs, type Interrupts, type Wait } from '../cluster/leased-jobs';
import type { JobLeases } from '../cluster/leases';
import { queryRows, type Db } from '../db';
import { messageLogs, phoneNumbers, templateUseCounts, users, whatsappAccounts } from '../db/schema';
import {
  connectedSession,
  presentAccount,
  publishAccountEvent,
  restoreSession,
  type AccountRow,
} from '../domain/accounts';
import { blastFee } from '../domain/levels';
import {
  FailureWindow,
  clearOnStart,
  dueSchedules,
  giveBackSends,
  isHold,
  pauseAccount,
  quietHold,
  recordSuspension,
  reserveSends,
  takeDueSchedule,
  type Hold,
} from '../domain/governance';
import type { ChatGateway, SendResult } from '../gateway/gateway';
import { permitClaimedRound } from '../policy/blast-round';
import { sendPermitted, type SendPermit } from '../policy/permit';
import { creditBlastIncomes, type Tx } from '../ledger/ledger';
import type { RealtimeHub } from '../realtime/hub';
import { BlastConfigCache, type BlastConfig } from './blast-config';
import { accountRef, queueMessageDeliveryEvents, queueWebhookEvent } from '../domain/webhooks';
import { claimablePhones, nothingClaimableReason } from './claimable';

/** Fills {name} and {phoneNumber} per target, so each recipient reads their own name. */
export function fillTemplate(text: string, target: { name: string; number: string }) {
  return text.replaceAll('{name}', target.name).replaceAll('{phoneNumber}', target.number);
}

/**
 * An account whose average wait between sends is at least this long sends one target per round, as a
 * person watching it expects (claim, send, count, wait). Faster accounts claim several per round.
 */
const PACED_WAIT_MS = 250;
/**
 * A fast account's round sends for at most this long before it is counted, so counts and income move
 * about once a second and a crash leaves at most this much sending in doubt. Targets claimed but not
 * reached in time go back to the list, and the next round claims about as many as were sent.
 */
const ROUND_MS = 1_000;
const FIRST_ROUND = 8;
const MAX_ROUND = 64;

interface Owner {
  blastFee: number | null;
  blastIntervalMin: number | null;
  blastIntervalMax: number | null;
}

interface Claimed {
  logId: number;
  phoneId: number;
  number: string;
  name: string;
  templateId: number;
  text: string;
  /** The send policy's permit: the claim is the policy's check for a blast. */
  permit: SendPermit;
}

/** A round written to the database: how long it took from claim to settle, and what each send did. */
export interface SettledRound {
  ms: number;
  results: SendResult[];
}

/** What became of one claimed target. */
interface Outcome {
  logId: number;
  phoneId: number | null;
  templateId: number | null;
  result: SendResult;
}

interface PhoneCounts {
  id: number;
  count_success: number;
  count_fail: number;
  last_sent: string | null;
  in_use: number;
}

export interface BlastEngineOptions {
  db: Db;
  hub: RealtimeHub;
  gateway: ChatGateway;
  /** Multiplies the wait between sends (tests run far below real time). */
  timeScale: number;
  /** Exactly one instance runs a blast: the one holding its lease. */
  leases: JobLeases;
  bus: ClusterBus;
  random?: () => number;
  /** The app's time zone: quiet hours and daily caps follow its clock (default Asia/Jakarta). */
  timeZone?: string;
}

/**
 * Runs blasts: one loop per started account, on whichever instance holds the account's lease. Each
 * round claims one or more targets and writes them as pending logs before anything leaves, sends them,
 * and settles the round in one transaction, so an instance taking over (or a restart) finishes what
 * was in flight without sending anything twice.
 */
export class BlastEngine extends LeasedJobs {
  private readonly random: () => number;
  /** Settings, levels and active templates, read again only when an operator changes them. */
  readonly config: BlastConfigCache;

  constructor(private readonly options: BlastEngineOptions) {
    super('blast', options.leases, options.bus);
    this.random = options.random ?? Math.random;
    this.config = new BlastConfigCache(options.db, options.bus);
    // Loops held by governance look again at once when an operator changes the settings.
    this.config.onChange(() => {
      for (const id of this.governed) this.wake(id);
    });
  }

  /** Accounts whose loop here waits on quiet hours or a cap. */
  private readonly governed = new Set<number>();
  /** Why the list ran out, being read: accounts that run out together share one read of the list. */
  private listEndReason: Promise<{ message?: Message }> | null = null;
  private get timeZone() {
    return this.options.timeZone ?? 'Asia/Jakarta';
  }
  /** Told of every settled round (the metrics): its length from claim to settle, and its sends. */
  private readonly roundListeners = new Set<(round: SettledRound) => void>();

  onRound(listener: (round: SettledRound) => void): () => void {
    this.roundListeners.add(listener);
    return () => this.roundListeners.delete(listener);
  }

  /**
   * On start: bring saved sessions back, take every started blast no other instance holds, and keep
   * looking every few seconds for blasts whose holder went away.
   */
  async resume() {
    const { db, gateway, hub } = this.options;
    // A number is marked in use together with its pending log; one without is left from a crash.
    await db
      .update(phoneNumbers)
      .set({ inUse: 0 })
      .where(
        and(
          eq(phoneNumbers.inUse, 1),
          sql`not exists (select 1 from ${messageLogs} where ${messageLogs.phoneNumberId} = ${phoneNumbers.id} and ${messageLogs.status} = 'pending')`,
        ),
      );

    const sessions = await db.select().from(whatsappAccounts);
    for (const account of sessions) {
      if (account.state !== 'connected' || !account.phonenumber || account.suspended) continue;
      if (gateway.state(account.clientid) === 'connected') continue;
      publishAccountEvent(hub, { ...account, state: 'reconnecting...' }, 'reconnecting');
      await restoreSession(gateway, account);
    }
    await this.watchForOrphans();
  }

  /** Started blasts, and accounts with a send left in flight. */
  protected wanted() {
    return sql`
      select ${whatsappAccounts.id} as id from ${whatsappAccounts} where ${whatsappAccounts.status} = 'sending'
      union
      select ${messageLogs.whatsappId} from ${messageLogs} where ${messageLogs.status} = 'pending'
      union
      ${dueSchedules()}`;
  }

  protected async failed(accountId: number, error: unknown) {
    const [account] = await this.options.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, accountId));
    if (account) publishAccountEvent(this.options.hub, account, 'error_blast', { message: String(error) });
  }

  /** The account and what of its owner the round needs, in one read. */
  private async readRound(accountId: number) {
    const [row] = await this.options.db
      .select({
        account: whatsappAccounts,
        owner: {
          blastFee: users.blastFee,
          blastIntervalMin: users.blastIntervalMin,
          blastIntervalMax: users.blastIntervalMax,
        },
      })
      .from(whatsappAccounts)
      .innerJoin(users, eq(users.id, whatsappAccounts.userId))
      .where(eq(whatsappAccounts.id, accountId));
    return row;
  }

  private async finish(
    account: AccountRow,
    event: 'finished' | 'error_blast',
    { message }: { message?: Message } = {},
  ) {
    const idle = await this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, account.id);
      const [row] = await tx
        .update(whatsappAccounts)
        .set({ status: 'idle' })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      return row;
    });
    publishAccountEvent(this.options.hub, idle ?? account, event, {
      state: (idle ?? account).state,
      // Sockets carry the spec's wording: an event goes to readers of every language.
      ...(message ? { message: String(message) } : {}),
    });
  }

  protected async work(accountId: number, wait: Wait, interrupts: Interrupts) {
    await this.startScheduled(accountId);
    await this.settleInterrupted(accountId);
    let roundSize = FIRST_ROUND;
    const failures = new FailureWindow(accountId);
    let first = true;
    for (;;) {
      if (this.killed) return;
      interrupts.clear();
      const round = await this.readRound(accountId);
      if (!round || round.account.status !== 'sending') return;
      const { owner } = round;
      let { account } = round;
      if (first) account = await clearOnStart(this.options.db, account);
      first = false;
      if (!(await connectedSession(this.options.gateway, account))) {
        await this.finish(account, 'error_blast', {
          message: MSG.senderNotConnected(account.phonenumber ?? account.clientid, account.state ?? ''),
        });
        return;
      }
      const config = await this.config.get();
      if (config.templates.length === 0) {
        await this.finish(account, 'error_blast', { message: MSG.noActiveTemplate });
        return;
      }
      const quiet = quietHold(config.settings, this.timeZone);
      if (quiet) {
        await this.holdRound(account, quiet, wait);
        continue;
      }
      await failures.load(this.options.db, config.settings);
      const pacing = this.pacing(owner, config.settings);
      const paced = ((pacing.min + pacing.max) / 2) * 1000 * this.options.timeScale >= PACED_WAIT_MS;
      const size = paced ? 1 : roundSize;

      // The row reads 'Generating...' while the round's targets and messages are prepared.
      publishAccountEvent(this.options.hub, account, 'progressing', { value: true });
      const roundSince = performance.now();
      const claimed = await this.claim(account, size, config);
      if (isHold(claimed)) {
        await this.holdRound(account, claimed, wait);
        continue;
      }
      if (claimed.length === 0) {
        // A hundred accounts reach the end of one list within moments; each asking would scan it.
        this.listEndReason ??= nothingClaimableReason(this.options.db, config.settings).finally(() => {
          this.listEndReason = null;
        });
        await this.finish(account, 'finished', await this.listEndReason);
        return;
      }
      const sendingSince = performance.now();
      const outcomes = await this.sendRound(account, claimed, pacing, wait, interrupts);
      if (outcomes === 'crashed') return; // the pending logs are settled by whoever takes over
      const took = performance.now() - sendingSince;
      if (took >= ROUND_MS) roundSize = Math.max(1, Math.min(MAX_ROUND, Math.ceil(outcomes.length * 1.2)));
      else if (took < ROUND_MS / 2 && outcomes.length === claimed.length)
        roundSize = Math.min(MAX_ROUND, roundSize * 2);
      const settled = await this.settle(account.id, config, outcomes, claimed.slice(outcomes.length));
      if (!settled) return;
      const done = { ms: performance.now() - roundSince, results: outcomes.map((o) => o.result) };
      for (const listener of this.roundListeners) listener(done);
      this.publishRound(settled.account, outcomes, settled.phones);
      await giveBackSends(this.options.db, account.id, claimed.length - outcomes.length);
      if (outcomes.some((outcome) => 'suspended' in outcome.result)) {
        await this.governSuspension(account.id, config);
        return;
      }
      const failRate = failures.add(
        outcomes.map((outcome) => !outcome.result.ok),
        config.settings,
      );
      if (failRate && settled.account.status === 'sending') {
        await this.pause(account.id, failRate, 'fail_rate');
        return;
      }

      if (settled.account.status !== 'sending' || this.killed) return;
      const waitTime = this.waitSeconds(pacing);
      if (waitTime > 0 && this.options.timeScale > 0) {
        publishAccountEvent(this.options.hub, settled.account, 'waiting', { waitTime, value: true });
        await wait(waitTime * 1000 * this.options.timeScale);
      }
    }
  }

  /**
   * Claims the next `size` numbers still to send, marks them in use and writes their pending logs, in
   * one transaction under the lease, before anything leaves.
   */
  private async claim(account: AccountRow, size: number, config: BlastConfig): Promise<Claimed[] | Hold> {
    return this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, account.id);
      const phones = await queryRows<{ id: number; number: string; name: string }>(
        tx,
        sql`with picked as (
              select id from ${phoneNumbers}
              where ${claimablePhones(config.settings)}
              order by id limit ${size} for update skip locked)
            update ${phoneNumbers} p set in_use = 1 from picked where p.id = picked.id
            returning p.id, p.number, p.name`,
      );
      if (phones.length === 0) return [];
      phones.sort((a, b) => a.id - b.id);
      const templates = phones.map(() => config.nextTemplate()!);
      // Each column as one array parameter: a round's rows cost the query builder nothing per row.
      const logs = await queryRows<{ id: string | number; phone_number_id: number }>(
        tx,
        sql`insert into ${messageLogs} (user_id, whatsapp_id, phone_number_id, target, status, template_id)
            select ${account.userId}::int, ${account.id}::int, v.phone_id, v.target, 'pending', v.template_id
            from unnest(
              ${sql.param(phones.map((phone) => phone.id))}::int[],
              ${sql.param(phones.map((phone) => phone.number))}::text[],
              ${sql.param(templates.map((template) => template.id))}::int[]
            ) v(phone_id, target, template_id)
            returning id, phone_number_id`,
      );
      // The budgets come last: the platform's minute is one row every account's claim takes from, and
      // its lock is held from here to the commit.
      const allowed = await reserveSends(tx, account.id, phones.length, config.settings, this.timeZone);
      const logOf = new Map(logs.map((log) => [Number(log.phone_number_id), Number(log.id)]));
      const overBudget = phones.splice(isHold(allowed) ? 0 : allowed);
      if (overBudget.length > 0)
        await releaseUnsent(
          tx,
          overBudget.map((phone) => ({ logId: logOf.get(phone.id)!, phoneId: phone.id })),
        );
      if (isHold(allowed)) return allowed;
      const claimed = phones.map((phone, i) => ({
        logId: logOf.get(phone.id)!,
        phoneId: phone.id,
        number: phone.number,
        name: phone.name,
        templateId: templates[i]!.id,
        text: fillTemplate(templates[i]!.text, phone),
      }));
      const permits = permitClaimedRound(account.clientid, claimed);
      return claimed.map((target, i) => ({ ...target, permit: permits[i]! }));
    });
  }

  /**
   * Sends the claimed targets in order, pacing between them. Ends the round early when the account
   * is stopped or disconnected (the rest is given back) or suspended.
   */
  private async sendRound(
    account: AccountRow,
    claimed: Claimed[],
    pacing: { min: number; max: number },
    wait: Wait,
    interrupts: Interrupts,
  ): Promise<Outcome[] | 'crashed'> {
    const { gateway, hub, timeScale } = this.options;
    for (const target of claimed) publishPhoneInUse(hub, target.phoneId);
    publishAccountEvent(hub, account, 'sending', { number: claimed[0]!.number });
    const outcomes: Outcome[] = [];
    const started = performance.now();
    for (const [i, target] of claimed.entries()) {
      if (this.crashed) return 'crashed';
      // Not sure the lease holds long enough (the database is out of reach): the rest goes back.
      if (!this.leaseSecure(account.id)) break;
      if (
        i > 0 &&
        (this.killed ||
          interrupts.pending ||
          gateway.state(account.clientid) !== 'connected' ||
          performance.now() - started >= ROUND_MS)
      )
        break;
      const result = await sendPermitted(gateway, target.permit);
      if (this.crashed) return 'crashed';
      outcomes.push({ logId: target.logId, phoneId: target.phoneId, templateId: target.templateId, result });
      if ('suspended' in result) break;
      if (i < claimed.length - 1 && timeScale > 0) {
        const waitTime = this.waitSeconds(pacing);
        if (waitTime > 0) {
          publishAccountEvent(hub, account, 'waiting', { waitTime, value: true });
          await wait(waitTime * 1000 * timeScale);
        }
      }
    }
    return outcomes;
  }

  /** Sends a previous holder left pending: settled by what the network knows, never sent twice. */
  private async settleInterrupted(accountId: number) {
    const { db, gateway } = this.options;
    const pending = await db
      .select({
        logId: messageLogs.id,
        phoneId: messageLogs.phoneNumberId,
        templateId: messageLogs.templateId,
        clientid: whatsappAccounts.clientid,
      })
      .from(messageLogs)
      .innerJoin(whatsappAccounts, eq(whatsappAccounts.id, messageLogs.whatsappId))
      .where(and(eq(messageLogs.whatsappId, accountId), eq(messageLogs.status, 'pending')));
    if (pending.length === 0) return;
    // The network's own record says what left, whichever process sent it. 'unknown' is counted as
    // failed and never retried: a doubtful target is not sent twice.
    const known = await gateway.sendOutcomes(
      pending[0]!.clientid,
      pending.map((log) => `log-${log.logId}`),
    );
    const outcomes: Outcome[] = pending.map((log, i) => ({
      logId: log.logId,
      phoneId: log.phoneId,
      templateId: log.templateId,
      result: known[i] === 'sent' ? { ok: true } : { ok: false, code: 0, reason: 'interrupted' },
    }));
    const config = await this.config.get();
    const settled = await this.settle(accountId, config, outcomes, []);
    if (settled) this.publishRound(settled.account, outcomes, settled.phones);
  }

  /** A due scheduled start becomes a started blast, under this instance's lease. */
  private async startScheduled(accountId: number) {
    const started = await this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, accountId);
      return takeDueSchedule(tx, accountId);
    });
    if (!started) return;
    publishAccountEvent(this.options.hub, started, 'scheduled', { scheduled_at: null });
    publishAccountEvent(this.options.hub, started, 'sending');
  }

  /** Quiet hours or a spent cap: the blast stays started and waits, telling why. */
  private async holdRound(account: AccountRow, hold: Hold, wait: Wait) {
    publishAccountEvent(this.options.hub, account, 'waiting', {
      waitTime: Math.ceil(hold.retryMs / 1000),
      value: true,
      // Sockets carry the spec's wording: an event goes to readers of every language.
      reason: String(hold.reason),
    });
    this.governed.add(account.id);
    try {
      await wait(hold.retryMs);
    } finally {
      this.governed.delete(account.id);
    }
  }

  private async pause(accountId: number, reason: Message, kind: 'fail_rate' | 'suspended') {
    const account = await this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, accountId);
      return pauseAccount(tx, accountId, reason);
    });
    if (account) this.publishPause(account, reason, kind);
  }

  private async governSuspension(accountId: number, config: BlastConfig) {
    const paused = await this.options.db.transaction((tx) =>
      recordSuspension(tx, accountId, config.settings),
    );
    if (paused) this.publishPause(paused, paused.pausedReason ?? '', 'suspended');
  }

  private publishPause(account: AccountRow, reason: Message | string, kind: 'fail_rate' | 'suspended') {
    publishAccountEvent(this.options.hub, account, 'paused', {
      reason: String(reason),
      kind,
      whatsapp: presentAccount(account),
    });
  }

  private pacing(owner: Owner, settings: Setting) {
    const min = owner.blastIntervalMin ?? settings.interval_min;
    return { min, max: Math.max(min, owner.blastIntervalMax ?? settings.interval_max) };
  }

  private waitSeconds({ min, max }: { min: number; max: number }) {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /**
   * Writes a round's results in one transaction: the logs, the owner's income with the referral share
   * (each success paid at the level it reaches), the account's and the numbers' counts and the
   * templates' use, and gives back the claimed targets that were never sent.
   */
  private async settle(
    accountId: number,
    config: BlastConfig,
    outcomes: Outcome[],
    unsent: { logId: number; phoneId: number | null }[],
  ) {
    return this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, accountId);
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
        return account ? { account, phones: [] as PhoneCounts[] } : null;
      }
      const settled = outcomes.filter((o) => pending.has(o.logId)).sort((a, b) => a.logId - b.logId);
      const successes = settled.filter((o) => o.result.ok);
      const phones = await settlePhoneNumbers(tx, settled);
      await countTemplateUses(tx, accountId, settled);

      // Every account of a member settles through the member's row (the level, the income): it is
      // locked last, so a hundred accounts of one member wait on each other only for the few statements
      // that need it, not for the whole round.
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
      if (!owner) return null;
      // The log's success counts toward the owner's level (a trigger on the log, under the lock above).
      if (settled.length > 0)
        await tx.execute(
          sql`update ${messageLogs} m set status = v.status,
                sent_at = case when v.status = 'success' then now() end
              from unnest(
                ${sql.param(settled.map((o) => o.logId))}::bigint[],
                ${sql.param(settled.map((o) => (o.result.ok ? 'success' : 'fail')))}::text[]
              ) v(id, status)
              where m.id = v.id`,
        );
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
      const suspended = settled.some((o) => 'suspended' in o.result);
      const [account] = await tx
        .update(whatsappAccounts)
        .set({
          countSuccess: sql`${whatsappAccounts.countSuccess} + ${successes.length}`,
          countFail: sql`${whatsappAccounts.countFail} + ${settled.length - successes.length}`,
          income: sql`${whatsappAccounts.income} + ${fees.reduce((sum, fee) => sum + fee.amount, 0)}`,
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
      // After the account's row, the order other writers of its webhook events lock the two in.
      await queueSentEvents(tx, settled);
      if (suspended && account)
        await queueWebhookEvent(tx, {
          type: 'account.suspended',
          accountId: account.id,
          payload: { ...accountRef(account), suspended_count: account.suspendedCount },
        });
      return { account: account!, phones };
    });
  }

  /**
   * Tells the round's results: one count update per round on the account (so a fast account sends a
   * few a second, not one per message), and each number's new counts on the phone-number channel.
   */
  private publishRound(account: AccountRow, outcomes: Outcome[], phones: PhoneCounts[]) {
    const { hub } = this.options;
    const counts = {
      whatsapp: presentAccount(account),
      count_success: account.countSuccess,
      count_fail: account.countFail,
      income: account.income,
    };
    const failures = outcomes.filter((o) => !o.result.ok);
    if (failures.length < outcomes.length) publishAccountEvent(hub, account, 'count_success', counts);
    if (failures.length > 0) publishAccountEvent(hub, account, 'count_fail', counts);
    const okOf = new Map(outcomes.map((o) => [o.phoneId, o.result.ok]));
    for (const phone of phones)
      publishPhoneCounts(hub, okOf.get(Number(phone.id)) ? 'count_success' : 'count_fail', phone);
    const suspension = outcomes.find((o) => 'suspended' in o.result);
    if (suspension) {
      publishAccountEvent(hub, account, 'suspended', {
        state: 'suspended',
        suspended_count: account.suspendedCount,
        count_success: account.countSuccess,
        count_fail: account.countFail,
        income: account.income,
      });
      return;
    }
    const lastFailure = failures.at(-1)?.result;
    if (lastFailure && !lastFailure.ok && 'code' in lastFailure)
      publishAccountEvent(hub, account, 'attempting', { code: lastFailure.code, value: true });
  }
}

/** The numbers a round reached are sent to and free again, their counts moved on. */
async function settlePhoneNumbers(tx: Tx, settled: Outcome[]) {
  const withPhone = settled.filter((o) => o.phoneId !== null);
  if (withPhone.length === 0) return [];
  return queryRows<PhoneCounts>(
    tx,
    sql`update ${phoneNumbers} p
        set count_success = p.count_success + v.ok, count_fail = p.count_fail + 1 - v.ok,
            last_sent = now(), in_use = 0
        from unnest(
          ${sql.param(withPhone.map((o) => o.phoneId))}::int[],
          ${sql.param(withPhone.map((o) => (o.result.ok ? 1 : 0)))}::int[]
        ) v(id, ok)
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

/**
 * Claimed targets that never left: their logs (pending, as the caller has made sure) go and their
 * numbers return to the list.
 */
async function releaseUnsent(tx: Tx, unsent: { logId: number; phoneId: number | null }[]) {
  await tx.delete(messageLogs).where(
    inArray(
      messageLogs.id,
      unsent.map((target) => target.logId),
    ),
  );
  await tx
    .update(phoneNumbers)
    .set({ inUse: 0 })
    .where(
      inArray(
        phoneNumbers.id,
        unsent.flatMap((target) => (target.phoneId === null ? [] : [target.phoneId])),
      ),
    );
}

function publishPhoneInUse(hub: RealtimeHub, id: number) {
  hub.publish(REALTIME_CHANNEL_CLIENT_ADMIN, { event: 'in_use', payload: { receiverId: id, id, in_use: 1 } });
}

function publishPhoneCounts(hub: RealtimeHub, event: 'count_success' | 'count_fail', phone: PhoneCounts) {
  const id = Number(phone.id);
  hub.publish(REALTIME_CHANNEL_CLIENT_ADMIN, {
    event,
    payload: {
      receiverId: id,
      id,
      count_success: phone.count_success,
      count_fail: phone.count_fail,
      last_sent: phone.last_sent ? new Date(phone.last_sent).toISOString() : null,
      in_use: phone.in_use,
    },
  });
}
