import { sql, type SQL } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RetentionSettings } from '../config';
import { queryRows, type Db } from '../db';

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

const DAY_MS = 86_400_000;

/**
 * One retention pass: batches until nothing past its age is left, each in a transaction of its own so
 * that sends go on between them. Answers how many rows of each kind went.
 */
export async function pruneExpired(db: Db, settings: RetentionSettings, now = new Date()) {
  const pruned = { messageLogs: 0, accountEvents: 0 };
  const drain = async (step: () => Promise<number>) => {
    let total = 0;
    for (;;) {
      const gone = await step();
      total += gone;
      if (gone < settings.batch) return total;
      // The embedded database answers without leaving the event loop: timers and requests get
      // their turn between two batches.
      await nextTurn();
    }
  };
  if (settings.messageLogDays > 0) {
    const before = new Date(now.getTime() - settings.messageLogDays * DAY_MS);
    pruned.messageLogs = await drain(() => pruneMessageLogs(db, before, settings.batch));
  }
  if (settings.accountEventDays > 0) {
    const before = new Date(now.getTime() - settings.accountEventDays * DAY_MS);
    pruned.accountEvents = await drain(() => pruneAccountEvents(db, before, settings.batch));
  }
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
  if (settings.messageLogDays > 0 || settings.accountEventDays > 0) pass();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
