/**
 * PostgreSQL only: what going a month of message logs costs, deleted by the retention pass's batches
 * (the real table, its triggers and the clicks' cascade) against dropping a monthly partition holding
 * the same rows with the same indexes.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/api/src/db';
import { pruneMessageLogs } from '../../apps/api/src/jobs/retention';
import { round } from '../support';
import { walPosition } from './storage-sizes';

const BATCH = 5_000;

/** Seconds and WAL megabytes `work` took. */
async function measured(db: Db, work: () => Promise<unknown>) {
  const wal = await walPosition(db);
  const started = performance.now();
  await work();
  const seconds = round((performance.now() - started) / 1000);
  const walAfter = await walPosition(db);
  return { seconds, walMb: wal === null || walAfter === null ? null : round((walAfter - wal) / 2 ** 20) };
}

export async function partitionOrBatches(db: Db, sendsPerMonth: number) {
  const [span] = await queryRows<{ from: string; to: string }>(
    db,
    sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from,
          to_char((min(created_at) + interval '30 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to
        from message_logs`,
  );
  // Bounds are written into the DDL: a partition's bounds cannot be parameters.
  const literal = (at: string) => sql.raw(`'${at}'::timestamptz`);
  const from = literal(span!.from);
  const to = literal(span!.to);
  // The same columns and secondary indexes, partitioned by month; the id stays unique per partition.
  await db.execute(sql`create table bench_logs_parted (like message_logs including defaults)
    partition by range (created_at)`);
  await db.execute(
    sql`create table bench_logs_month partition of bench_logs_parted for values from (${from}) to (${to})`,
  );
  await db.execute(sql`create index on bench_logs_parted (id)`);
  await db.execute(sql`create index on bench_logs_parted (whatsapp_id, created_at)`);
  await db.execute(sql`create index on bench_logs_parted (user_id, status)`);
  await db.execute(sql`create index on bench_logs_parted (created_at)`);
  await db.execute(sql`create index on bench_logs_parted (status) where status = 'pending'`);
  await db.execute(
    sql`insert into bench_logs_parted select * from message_logs where created_at >= ${from} and created_at < ${to}`,
  );
  await db.execute(sql`vacuum analyze bench_logs_parted`);
  const [counted] = await queryRows<{ n: string }>(db, sql`select count(*) as n from bench_logs_month`);
  await db.execute(sql`checkpoint`);

  let deleted = 0;
  const batches = await measured(db, async () => {
    for (;;) {
      const gone = await pruneMessageLogs(db, new Date(span!.to), BATCH);
      deleted += gone;
      if (gone < BATCH) return;
    }
  });
  await db.execute(sql`checkpoint`);
  const dropped = await measured(db, async () => {
    await db.execute(sql`alter table bench_logs_parted detach partition bench_logs_month`);
    await db.execute(sql`drop table bench_logs_month`);
  });
  await db.execute(sql`drop table bench_logs_parted`);
  return {
    sendsPerMonth,
    monthRows: Number(counted!.n),
    batchedDelete: { rows: deleted, batch: BATCH, ...batches },
    dropPartition: dropped,
  };
}
