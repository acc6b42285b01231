import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { accountRef, queueWebhookEvent } from './webhooks';
import { MSG, type Message, type Setting } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { accountEvents, messageLogs, whatsappAccounts } from '../db/schema';
import type { Executor } from '../ledger/ledger';
import type { AccountRow } from './accounts';

/**
 * Rate governance for the blast engine: the platform's sends per minute and each account's sends per
 * day are budgets held in the database and taken inside a round's claim (so every instance shares
 * them and a round never sends beyond them), quiet hours are read from the cached settings, and an
 * account whose recent sends fail too often is paused. With every setting empty none of this costs a
 * statement.
 */

/** Why a round may not send now, and how long until it may try again. */
export interface Hold {
  hold: true;
  reason: Message;
  retryMs: number;
}

/** What a round's claim took from the budgets; what it did not send is given back after the round. */
interface Grant {
  minute: string | null;
  day: string | null;
}

/** The longest a governed loop sleeps before looking again (a settings change wakes it sooner). */
const LONGEST_HOLD_MS = 60_000;
/**
 * Budget rows older than this are never read again: deleted when a new minute starts, and by the
 * retention pass (jobs/retention.ts) when no minute cap is set.
 */
export const KEEP_MINUTES = sql`interval '1 day'`;
export const KEEP_DAYS = sql`interval '14 days'`;

export const isHold = (value: unknown): value is Hold =>
  typeof value === 'object' && value !== null && 'hold' in value;

function clockMinutes(text: string) {
  const [hours, minutes] = text.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** A clock's formatter per time zone: making one costs more than a round's claim. */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight, and the seconds into the minute, in the app's time zone. */
function localClock(timeZone: string, now: Date) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/** Quiet hours run from start (included) to end (excluded) and may span midnight, e.g. 21:00-08:00. */
export function quietHold(settings: Setting, timeZone: string, now = new Date()): Hold | null {
  if (!settings.quiet_start || !settings.quiet_end) return null;
  const start = clockMinutes(settings.quiet_start);
  const end = clockMinutes(settings.quiet_end);
  const { minutes, seconds } = localClock(timeZone, now);
  const quiet = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!quiet) return null;
  const left = (end - minutes + 1440) % 1440;
  return {
    hold: true,
    reason: MSG.governedQuietHours(settings.quiet_end),
    retryMs: Math.min(LONGEST_HOLD_MS, left * 60_000 - seconds * 1000 + 1000),
  };
}

/** The grant of each account's latest round, so what it did not send goes back to the budgets. */
const grants = new Map<number, Grant>();

/**
 * Inside the claim's transaction, with the numbers picked and their logs written: takes up to
 * `wanted` sends from the account's day and the platform's minute, on the database's clock (the
 * transaction's start, which is also the created_at of the round's logs). One statement when a cap
 * is set; none when none is. Answers how many may be sent, or a hold when none may.
 */
export async function reserveSends(
  tx: Executor,
  accountId: number,
  wanted: number,
  settings: Setting,
  timeZone: string,
): Promise<number | Hold> {
  const taken = await takeSendBudget(tx, accountId, wanted, settings, timeZone);
  if (isHold(taken)) return taken;
  if (taken.grant) grants.set(accountId, taken.grant);
  return taken.granted;
}

/**
 * Takes up to `wanted` sends from the account's day and the platform's minute (the one definition of
 * both caps, for blasts and direct sends alike). Answers what was granted, or a hold when nothing was;
 * the grant names the budgets taken from (null when no cap is set).
 */
export async function takeSendBudget(
  tx: Executor,
  accountId: number,
  wanted: number,
  settings: Setting,
  timeZone: string,
): Promise<{ granted: number; grant: Grant | null } | Hold> {
  const perMinute = settings.sends_per_minute ?? null;
  const perDay = settings.daily_sends_per_account ?? null;
  if (perMinute === null && perDay === null) return { granted: wanted, grant: null };
  // Both caps in one statement: on the embedded database each statement costs more than its work.
  // The minute takes what the day granted, and nothing when the day granted nothing.
  const day =
    perDay === null
      ? sql`select null::text as day, ${wanted}::int as granted, null::float8 as retry_ms`
      : sql`insert into account_daily_sends as d (whatsapp_id, day, used, last_granted)
          values (${accountId}::int, (now() at time zone ${timeZone})::date, least(${wanted}::int, ${perDay}::int), least(${wanted}::int, ${perDay}::int))
          on conflict (whatsapp_id, day) do update
            set used = greatest(d.used, least(${perDay}::int, d.used + ${wanted}::int)),
                last_granted = greatest(d.used, least(${perDay}::int, d.used + ${wanted}::int)) - d.used
          returning d.day::text as day, d.last_granted as granted,
            extract(epoch from ((d.day + 1)::timestamp at time zone ${timeZone} - now())) * 1000 as retry_ms`;
  const minute =
    perMinute === null
      ? sql`select null::text as minute, null::int as granted, null::int as used, null::float8 as retry_ms where false`
      : sql`insert into send_minutes as w (minute, used, last_granted)
          select date_trunc('minute', now()), least(day.granted, ${perMinute}::int), least(day.granted, ${perMinute}::int)
          from day where day.granted > 0
          on conflict (minute) do update
            set used = greatest(w.used, least(${perMinute}::int, w.used + excluded.used)),
                last_granted = greatest(w.used, least(${perMinute}::int, w.used + excluded.used)) - w.used
          returning w.minute::text as minute, w.last_granted as granted, w.used as used,
            extract(epoch from (w.minute + interval '1 minute' - now())) * 1000 as retry_ms`;
  const [row] = await queryRows<{
    day: string | null;
    day_granted: number;
    day_retry_ms: number | null;
    minute: string | null;
    minute_granted: number | null;
    minute_used: number | null;
    minute_retry_ms: number | null;
  }>(
    tx,
    sql`with day as (${day}), minute as (${minute})
        select day.day, day.granted as day_granted, day.retry_ms as day_retry_ms, minute.minute,
          minute.granted as minute_granted, minute.used as minute_used, minute.retry_ms as minute_retry_ms
        from day left join minute on true`,
  );
  const grant: Grant = { minute: null, day: row!.day };
  let granted = Number(row!.day_granted);
  if (granted === 0)
    return {
      hold: true,
      reason: MSG.governedDailyCap,
      retryMs: Math.min(LONGEST_HOLD_MS, Number(row!.day_retry_ms) + 1000),
    };
  if (perMinute !== null) {
    const minuteGranted = Number(row!.minute_granted);
    grant.minute = row!.minute;
    // The minute's first claim on any instance clears budgets nobody will read again.
    if (Number(row!.minute_used) === minuteGranted && minuteGranted > 0) {
      await tx.execute(sql`delete from send_minutes where minute < now() - ${KEEP_MINUTES}`);
      await tx.execute(sql`delete from account_daily_sends where day < (now() - ${KEEP_DAYS})::date`);
    }
    if (minuteGranted < granted && grant.day !== null)
      await giveBackDay(tx, accountId, grant.day, granted - minuteGranted);
    granted = minuteGranted;
    if (granted === 0)
      return {
        hold: true,
        reason: MSG.governedMinuteCap,
        retryMs: Math.min(LONGEST_HOLD_MS, Math.max(0, Number(row!.minute_retry_ms)) + 50),
      };
  }
  return { granted, grant };
}

async function giveBackDay(db: Executor, accountId: number, day: string, count: number) {
  await db.execute(
    sql`update account_daily_sends set used = greatest(0, used - ${count}::int)
        where whatsapp_id = ${accountId} and day = ${day}::date`,
  );
}

/** Sends a round took from the budgets but did not make (claimed too many, or ended early). */
export async function giveBackSends(db: Executor, accountId: number, count: number) {
  const grant = grants.get(accountId);
  if (!grant || count <= 0) return;
  if (grant.day !== null) await giveBackDay(db, accountId, grant.day, count);
  if (grant.minute !== null)
    await db.execute(
      sql`update send_minutes set used = greatest(0, used - ${count}::int) where minute = ${grant.minute}::timestamptz`,
    );
}

/**
 * The failure share of an account's latest sends, kept in memory by the loop that runs it (read once
 * from the log when the loop starts, so a restart or a takeover goes on from the same window).
 */
export class FailureWindow {
  private outcomes: boolean[] = [];
  private size = 0;

  constructor(private readonly accountId: number) {}

  /** Reads the window again when the rule changed (or on first use); nothing when the rule is off. */
  async load(db: Db, settings: Setting) {
    const size = settings.pause_fail_window ?? 0;
    if (size === this.size) return;
    this.size = size;
    if (size === 0) {
      this.outcomes = [];
      return;
    }
    const rows = await db
      .select({ status: messageLogs.status })
      .from(messageLogs)
      .where(and(eq(messageLogs.whatsappId, this.accountId), sql`${messageLogs.status} <> 'pending'`))
      .orderBy(sql`${messageLogs.createdAt} desc`, sql`${messageLogs.id} desc`)
      .limit(size);
    this.outcomes = rows.map((row) => row.status === 'fail').reverse();
  }

  /**
   * Adds a round's outcomes in order; answers the pause reason as soon as the failures among the last
   * N sends reach the percentage (N sends at least), else null.
   */
  add(failed: boolean[], settings: Setting): Message | null {
    const size = this.size;
    const percent = settings.pause_fail_percent ?? 0;
    if (size === 0 || percent === 0) return null;
    let reason: Message | null = null;
    for (const fail of failed) {
      this.outcomes.push(fail);
      if (this.outcomes.length > size) this.outcomes.shift();
      if (reason || this.outcomes.length < size) continue;
      const failures = this.outcomes.filter(Boolean).length;
      if (failures * 100 >= percent * size) reason = MSG.pausedFailRate(failures, size, percent);
    }
    return reason;
  }
}

/** Stops the account's blast with the reason shown on it, and records the pause in its history. */
export async function pauseAccount(tx: Executor, accountId: number, reason: Message) {
  // Stored and sent to receivers in the spec's wording: rows and webhooks have no reader's language.
  const detail = String(reason);
  const [account] = await tx
    .update(whatsappAccounts)
    .set({ status: 'idle', pausedReason: detail, pausedAt: sql`now()` })
    .where(eq(whatsappAccounts.id, accountId))
    .returning();
  await tx.insert(accountEvents).values({ whatsappId: accountId, kind: 'paused', detail });
  if (account)
    await queueWebhookEvent(tx, {
      type: 'account.paused',
      accountId,
      payload: { ...accountRef(account), reason: detail },
    });
  return account;
}

/** A suspension goes into the account's history; with the rule on it also shows as a pause. */
export async function recordSuspension(tx: Executor, accountId: number, settings: Setting) {
  await tx.insert(accountEvents).values({ whatsappId: accountId, kind: 'suspended', detail: null });
  if (!settings.pause_on_suspend) return null;
  return pauseAccount(tx, accountId, MSG.pausedSuspended);
}

/** A started blast clears the last pause's reason and any schedule it supersedes. */
export async function clearOnStart(db: Executor, account: AccountRow) {
  if (account.pausedReason === null && account.blastScheduledAt === null) return account;
  const [row] = await db
    .update(whatsappAccounts)
    .set({ pausedReason: null, pausedAt: null, blastScheduledAt: null, blastScheduledBy: null })
    .where(eq(whatsappAccounts.id, account.id))
    .returning();
  return row ?? account;
}

/** Accounts whose scheduled start has come: the blast engine's lease loop takes them like started ones. */
export function dueSchedules() {
  return sql`select ${whatsappAccounts.id} from ${whatsappAccounts} where ${whatsappAccounts.blastScheduledAt} <= now()`;
}

/**
 * Starts the account's blast if its schedule has come (under the caller's lease), taking the schedule
 * in the same statement, so a cancellation either wins before it or finds nothing to cancel.
 */
export async function takeDueSchedule(tx: Executor, accountId: number) {
  const [row] = await tx
    .update(whatsappAccounts)
    .set({
      status: 'sending',
      blastScheduledAt: null,
      blastScheduledBy: null,
      pausedReason: null,
      pausedAt: null,
      // A scheduled blast names no segment: it goes to every number a blast may claim.
      blastSegmentId: null,
      blastSegmentFilter: null,
    })
    .where(
      and(
        eq(whatsappAccounts.id, accountId),
        isNotNull(whatsappAccounts.blastScheduledAt),
        lte(whatsappAccounts.blastScheduledAt, sql`now()`),
      ),
    )
    .returning();
  if (row)
    await tx.insert(accountEvents).values({ whatsappId: accountId, kind: 'schedule', detail: 'started' });
  return row ?? null;
}
