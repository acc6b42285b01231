import { sql, type SQL } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RetentionSettings } from '../config';
import { queryRows, type Db } from '../db';
import { KEEP_DAYS, KEEP_MINUTES } from '../domain/governance';

/**
 * The hour before which message logs may be gone: the rollups of earlier hours are kept as they were
 * when their logs went, and are never counted again from the log (db/rollups.ts).
 */
export const PRUNED_BEFORE_KEY = 'message_logs_pruned_before';

const isoHour = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();

/**
 * Deletes one batch of settled message logs created before `before` (an hour boundary), leaving the
 * hourly rollups as they are. A log still pending is never deleted: its send may be in flight, and the
 * engine settles it from the gateway's record. Rows another transaction holds are skipped, so a prune
 * never waits on a blast's round. Answers how many logs went.
 */
export async function pruneMessageLogs(db: Db, before: Date, batch: number): Promise<number> {
  const hour = isoHour(before);
  return db.transaction(async (tx) => {
    // Read by the delete trigger of message_logs: this deletion is not a change of the sums.
    await tx.execute(sql`select set_config('blaster.keep_rollups', 'on', true)`);
    // Recorded first, in the same transaction: hours at or after it still have every log.
    await tx.execute(
      sql`insert into app_meta (key, value) values (${PRUNED_BEFORE_KEY}, ${hour})
          on conflict (key) do update set value = greatest(app_meta.value, excluded.value)`,
    );
    return deleteOldest(
      tx,
      sql`message_logs`,
      sql`created_at < ${hour}::timestamptz and status <> 'pending'`,
      batch,
    );
  });
}

/** Deletes one batch of account history created before `before`; answers how many rows went. */
export const pruneAccountEvents = (db: Db, before: Date, batch: number) =>
  deleteOldest(db, sql`account_events`, sql`created_at < ${before.toISOString()}::timestamptz`, batch);

/**
 * Deletes the `batch` oldest rows of a table (by created_at) that meet `condition`, skipping rows
 * another transaction holds; answers how many went.
 */
async function deleteOldest(executor: Pick<Db, 'execute'>, table: SQL, condition: SQL, batch: number) {
  const [row] = await queryRows<{ pruned: string | number }>(
    executor,
    sql`with doomed as (
          select id from ${table} where ${condition}
          order by created_at limit ${batch}
          for update skip locked
        ), gone as (
          delete from ${table} t using doomed where t.id = doomed.id returning 1
        )
        select count(*) as pruned from gone`,
  );
  return Number(row?.pruned ?? 0);
}

/** How long delivered and given-up webhook deliveries are kept, and rows per statement. */
interface WebhookRetention {
  retentionHours: number;
  deadRetentionHours: number;
  pruneBatch: number;
}

/**
 * Deletes one batch of webhook deliveries delivered, or given up, longer ago than their retention
 * before `now` (the database's clock, or a given time), and the events no delivery needs any more;
 * answers how many deliveries went. The dispatcher runs it when idle, the retention pass on its round.
 */
export async function pruneWebhookDeliveries(
  executor: Pick<Db, 'execute'>,
  settings: WebhookRetention,
  now: SQL = sql`now()`,
): Promise<number> {
  const [row] = await queryRows<{ pruned: string | number }>(
    executor,
    sql`with expired as (
        (select id from webhook_deliveries
         where delivered_at is not null
           and delivered_at < ${now} - ${settings.retentionHours}::float8 * interval '1 hour'
         order by delivered_at limit ${settings.pruneBatch})
        union all
        (select id from webhook_deliveries
         where dead_at is not null
           and dead_at < ${now} - ${settings.deadRetentionHours}::float8 * interval '1 hour'
         order by dead_at limit ${settings.pruneBatch})
      ), gone as (
        delete from webhook_deliveries d using expired where d.id = expired.id
        returning d.id, d.event_id
      ), kept as (
        -- Events some other delivery still needs. The statement still sees the rows it deletes, so
        -- they are left out by hand. Each probe names the endpoint and the event, the unique index's
        -- two columns: a probe by the event alone would read the endpoint's whole index for each.
        select g.event_id from (select distinct event_id from gone) g
        cross join webhook_endpoints ep
        cross join lateral (
          select 1 from webhook_deliveries d
          where d.endpoint_id = ep.id and d.event_id = g.event_id and d.id not in (select id from gone)
          limit 1) other
      ), events as (
        -- An event goes with its last delivery.
        delete from webhook_events e
        where e.id in (select event_id from gone) and e.id not in (select event_id from kept)
      )
      select count(*) as pruned from gone`,
  );
  return Number(row?.pruned ?? 0);
}

/**
 * Deletes one batch of the send budgets no cap reads any more (minutes older than a day, days older
 * than two weeks): the governance sweep clears them only while a minute cap is set, and a daily cap
 * alone writes a row per account and day. Answers how many rows went.
 */
async function pruneSendBudgets(db: Db, now: Date, batch: number): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // The tables have no id: a batch is picked by row address, the same statement deleting it.
  const minutes = await queryRows<{ pruned: string | number }>(
    db,
    sql`with gone as (
          delete from send_minutes where ctid = any(array(
            select ctid from send_minutes where minute < ${at} - ${KEEP_MINUTES}
            order by minute limit ${batch} for update skip locked))
          returning 1)
        select count(*) as pruned from gone`,
  );
  const days = await queryRows<{ pruned: string | number }>(
    db,
    sql`with gone as (
          delete from account_daily_sends where ctid = any(array(
            select ctid from account_daily_sends where day < (${at} - ${KEEP_DAYS})::date
            order by day limit ${batch} for update skip locked))
          returning 1)
        select count(*) as pruned from gone`,
  );
  return Number(minutes[0]?.pruned ?? 0) + Number(days[0]?.pruned ?? 0);
}

const DAY_MS = 86_400_000;

/** Runs `step` until a batch comes back short of `batch`; answers how many rows went in all. */
async function drain(batch: number, step: () => Promise<number>) {
  let total = 0;
  for (;;) {
    const gone = await step();
    total += gone;
    if (gone < batch) return total;
    // The embedded database answers without leaving the event loop: timers and requests get
    // their turn between two batches.
    await nextTurn();
  }
}

/**
 * One retention pass: batches until nothing past its age is left, each in a transaction of its own so
 * that sends go on between them. `now` is the pass's clock (the bench moves it through a simulated
 * year). The ledger, the audit trail and the hourly sums are never touched. Answers how many rows of
 * each kind went.
 */
export async function pruneExpired(db: Db, settings: RetentionSettings, now = new Date()) {
  const pruned = { messageLogs: 0, accountEvents: 0, webhookDeliveries: 0, sendBudgets: 0 };
  const { batch } = settings;
  if (settings.messageLogDays > 0) {
    const before = new Date(now.getTime() - settings.messageLogDays * DAY_MS);
    pruned.messageLogs = await drain(batch, () => pruneMessageLogs(db, before, batch));
  }
  if (settings.accountEventDays > 0) {
    const before = new Date(now.getTime() - settings.accountEventDays * DAY_MS);
    pruned.accountEvents = await drain(batch, () => pruneAccountEvents(db, before, batch));
  }
  if (settings.webhooks) {
    const webhooks = { ...settings.webhooks, pruneBatch: batch };
    const at = sql`${now.toISOString()}::timestamptz`;
    pruned.webhookDeliveries = await drain(batch, () => pruneWebhookDeliveries(db, webhooks, at));
  }
  pruned.sendBudgets = await drain(batch, () => pruneSendBudgets(db, now, batch));
  return pruned;
}

/**
 * Runs a retention pass now and then every `everyMs`, on every instance: the batches skip rows
 * another instance is deleting, so two passes share the work instead of waiting on each other.
 */
export function startRetention(db: Db, settings: RetentionSettings, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    running = pruneExpired(db, settings)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(pass, settings.everyMs).unref();
      });
  };
  pass();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
