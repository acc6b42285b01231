import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '.';
import { messageLogHourly, messageLogs } from './schema';
import { PRUNED_BEFORE_KEY } from '../jobs/retention';

/** The UTC hour a time falls in, as the hourly sums key it (the log's and the ledger's triggers too). */
export const utcHourOf = (at: SQL) =>
  sql`(date_trunc('hour', (${at}) at time zone 'UTC') at time zone 'UTC')`;

/**
 * The first hourly sum wholly after a time: its own hour when it is on the hour (the start of a day
 * in every zone whose offset is whole hours), else the next. Rows before it are counted from the
 * table itself.
 */
export const firstWholeHourFrom = (at: SQL) => {
  const hour = utcHourOf(at);
  return sql`(case when ${hour} = (${at}) then ${hour} else ${hour} + interval '1 hour' end)`;
};

/**
 * Counts the hourly message rollups again from the log, for every hour whose logs are all still
 * there (those before the retention's mark keep what they were), and the ledger's from the ledger,
 * which is never pruned. The triggers keep both current; this mends them should they ever drift
 * (a restore of a partial backup, a manual edit), and a test holds that it changes nothing.
 * Writers wait while it runs: the log and the ledger are locked against changes, not against reads.
 */
export async function rebuildRollups(db: Db): Promise<{ messageHours: number; ledgerHours: number }> {
  return db.transaction(async (tx) => {
    await lockRollupSources(tx);
    return recountRollups(tx);
  });
}

/** Holds every writer of the log and the ledger back until the transaction ends; readers go on. */
export async function lockRollupSources(tx: Pick<Db, 'execute'>) {
  await tx.execute(sql`lock table message_logs, ledger_entries in share mode`);
}

/** The recount itself, inside a transaction that holds lockRollupSources. */
export async function recountRollups(tx: Pick<Db, 'execute'>) {
  const [mark] = await queryRows<{ value: string | null }>(
    tx,
    sql`select value from app_meta where key = ${PRUNED_BEFORE_KEY}`,
  );
  const since = mark?.value ?? '-infinity';
  await tx.execute(sql`delete from message_log_hourly where hour >= ${since}::timestamptz`);
  const [messages] = await queryRows<{ hours: string | number }>(
    tx,
    sql`with counted as (
            insert into message_log_hourly
              (hour, user_id, whatsapp_id, template_id, success, fail, pending, delivered, read, opted_out)
            select ${utcHourOf(sql`created_at`)}, user_id, whatsapp_id,
              coalesce(template_id, 0),
              count(*) filter (where status = 'success'),
              count(*) filter (where status = 'fail'),
              count(*) filter (where status = 'pending'),
              count(*) filter (where delivered_at is not null),
              count(*) filter (where read_at is not null),
              count(*) filter (where opted_out_at is not null)
            from message_logs where created_at >= ${since}::timestamptz
            group by 1, 2, 3, 4
            returning 1)
          select count(*) as hours from counted`,
  );
  await tx.execute(sql`delete from ledger_hourly`);
  const [ledger] = await queryRows<{ hours: string | number }>(
    tx,
    sql`with counted as (
            insert into ledger_hourly (hour, user_id, kind, amount)
            select ${utcHourOf(sql`created_at`)}, user_id, kind, sum(amount)
            from ledger_entries group by 1, 2, 3
            returning 1)
          select count(*) as hours from counted`,
  );
  await tx.execute(sql`select platform_hourly_recount()`);
  return { messageHours: Number(messages?.hours ?? 0), ledgerHours: Number(ledger?.hours ?? 0) };
}

/**
 * Locks the hourly sums the given logs count in, in key order, and answers the accounts whose sums
 * were all locked or are not written yet (with `skipLocked`, the accounts whose sums another writer
 * holds are left out).
 * A writer that changes a log's stages and then queues the account's webhook events must take the
 * sums first: the log's trigger writes them at the end of the statement, after the event sequence,
 * while a blast's settle takes the sums (its log update) before the sequence, and the two deadlocked.
 */
export async function lockHourlySumsOf(
  tx: Pick<Db, 'execute'>,
  logIds: number[],
  skipLocked: boolean,
): Promise<Set<number>> {
  if (logIds.length === 0) return new Set();
  // The log's writer lock first, as the log update would take it: a rollup rebuild holds writers back
  // there (lockRollupSources) and then rewrites the sums, so a writer must not hold a sum meanwhile.
  await tx.execute(sql`lock table ${messageLogs} in row exclusive mode`);
  const rows = await queryRows<{ whatsapp_id: number }>(
    tx,
    sql`with keys as (
          select distinct ${utcHourOf(sql`m.created_at`)} as hour,
            m.user_id, m.whatsapp_id, coalesce(m.template_id, 0) as template_id
          from ${messageLogs} m where m.id = any(${sql.param(logIds)}::bigint[]) and m.whatsapp_id is not null),
        locked as materialized (
          select h.hour, h.user_id, h.whatsapp_id, h.template_id from ${messageLogHourly} h
          where (h.hour, h.user_id, h.whatsapp_id, h.template_id) in (select * from keys)
          order by h.hour, h.user_id, h.whatsapp_id, h.template_id
          for update ${skipLocked ? sql`skip locked` : sql``})
        select k.whatsapp_id from keys k
        group by k.whatsapp_id
        having bool_and(exists (select 1 from locked l where l.hour = k.hour and l.user_id = k.user_id
            and l.whatsapp_id = k.whatsapp_id and l.template_id = k.template_id)
          or not exists (select 1 from ${messageLogHourly} h where h.hour = k.hour and h.user_id = k.user_id
            and h.whatsapp_id = k.whatsapp_id and h.template_id = k.template_id))`,
  );
  return new Set(rows.map((row) => row.whatsapp_id));
}
