/**
 * BENCH_ONLY=storage (not in the default run: it takes longer than the other sections): what a send
 * leaves on disk, and the retention curve.
 *
 * Bytes per send: a real blast (the engine, the sandbox network answering at once, every governance
 * rule on and one webhook endpoint whose receiver is away, one send in ten failing), then the table
 * and index bytes every per-send table gained, divided by the sends, as written and compacted.
 *
 * The retention curve: months of sends inserted in set-based SQL at a steady rate, and after each
 * month the product's own retention pass (pruneExpired) with a 90-day retention on that month's
 * clock; the database's size per month levels off once the pruned kinds reach their window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../apps/api/src/config';
import { createPostgresBus } from '../../apps/api/src/cluster/bus';
import { openDatabase, queryRows } from '../../apps/api/src/db';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { createAppContext } from '../../apps/api/src/runtime';
import { openBenchDatabase, round, SERVER } from '../support';
import { seedBlast } from './blast';
import { retentionCurve } from './storage-curve';
import { partitionOrBatches } from './storage-partitions';
import { indexSizes, PER_SEND_TABLES, tableSizes, type TableSize } from './storage-sizes';

const SENDS = Number(process.env.BENCH_STORAGE_SENDS ?? 10_000);
const BLAST_ACCOUNTS = 10;

/** Each table's bytes per send gained between two readings, with its rows per send. */
function perSend(before: Record<string, TableSize>, after: Record<string, TableSize>, sends: number) {
  const figures: Record<string, { rowsPerSend: number; table: number; indexes: number; total: number }> = {};
  let total = 0;
  for (const [name, size] of Object.entries(after)) {
    const base = before[name] ?? { rows: 0, tableBytes: 0, indexBytes: 0 };
    const table = (size.tableBytes - base.tableBytes) / sends;
    const indexes = (size.indexBytes - base.indexBytes) / sends;
    if (size.rows === base.rows && table + indexes === 0) continue;
    figures[name] = {
      rowsPerSend: round((size.rows - base.rows) / sends),
      table: round(table),
      indexes: round(indexes),
      total: round(table + indexes),
    };
    total += table + indexes;
  }
  return { bytesPerSend: round(total), byTable: figures };
}

/** Blasts `sends` targets from ten accounts to the end, as the blast section does. */
async function blastToTheEnd(database: Awaited<ReturnType<typeof seedBlast>>, sends: number) {
  const { db } = database;
  const recordDir = mkdtempSync(join(tmpdir(), 'blaster-bench-network-'));
  const config = configFromEnv({
    SANDBOX_TIME_SCALE: '0',
    SANDBOX_FAIL_RATE: '0.1',
    INSTANCE_ID: 'bench',
    SANDBOX_NETWORK_DIR: recordDir,
  });
  const bus = SERVER
    ? await createPostgresBus({ connectionString: database.url!, instanceId: 'bench', db })
    : undefined;
  const ctx = createAppContext({
    db,
    tokens: createTokenService('bench-secret-bench-secret-bench'),
    config,
    bus,
  });
  const started = performance.now();
  for (let id = 1; id <= BLAST_ACCOUNTS; id += 1) ctx.blast.start(id);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select coalesce(sum(count_success + count_fail), 0) as n from whatsapp_accounts`,
    );
    if (Number(row!.n) >= sends || Date.now() > deadline) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await ctx.blast.stopAll();
  await ctx.webhooks.stopAll();
  ctx.leases.stop();
  await ctx.delivery.stop();
  await bus?.close();
  ctx.gateway.close();
  rmSync(recordDir, { recursive: true, force: true });
  return seconds;
}

/** Bytes per send of a real blast: as written (dead row versions included) and compacted. */
async function storagePerSend() {
  const database = await seedBlast(BLAST_ACCOUNTS, SENDS, true);
  const { db } = database;
  await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
    values ('http://127.0.0.1:9/away', 'whsec_bench', array['message.delivery'])`);
  await db.execute(sql`vacuum full`);
  const before = await tableSizes(db, PER_SEND_TABLES);
  const seconds = await blastToTheEnd(database, SENDS);
  await db.execute(sql`vacuum analyze`);
  const written = perSend(before, await tableSizes(db, PER_SEND_TABLES), SENDS);
  // One table a statement: the embedded database fails a VACUUM FULL of several tables at once, and
  // now and then of one ('tuple concurrently deleted'); such a table is left as written, and named.
  const notCompacted: string[] = [];
  for (const table of PER_SEND_TABLES)
    await db.execute(sql`vacuum full ${sql.identifier(table)}`).catch(() => notCompacted.push(table));
  const compacted = perSend(before, await tableSizes(db, PER_SEND_TABLES), SENDS);
  const logIndexes = Object.fromEntries(
    Object.entries(await indexSizes(db, 'message_logs')).map(([name, bytes]) => [name, round(bytes / SENDS)]),
  );
  const [outcomes] = await queryRows<{ success: string; delivered: string; read: string }>(
    db,
    sql`select count(*) filter (where status = 'success') as success,
          count(*) filter (where delivered_at is not null) as delivered,
          count(*) filter (where read_at is not null) as read from message_logs`,
  );
  await database.close();
  return {
    sends: SENDS,
    blastSeconds: round(seconds),
    outcomes: {
      success: Number(outcomes!.success),
      delivered: Number(outcomes!.delivered),
      read: Number(outcomes!.read),
    },
    /** After a plain vacuum: what the tables hold, dead row versions of the settle's updates included. */
    asWritten: written,
    /** After VACUUM FULL: the rows alone, the least a send can take with this schema. */
    compacted,
    notCompacted,
    /** Each index of the log, compacted, in bytes per send. */
    logIndexes,
  };
}

export async function storage() {
  // BENCH_STORAGE_SENDS=0: the retention curve alone.
  const perSendFigures = SENDS > 0 ? await storagePerSend() : undefined;
  const folder = SERVER ? null : mkdtempSync(join(tmpdir(), 'blaster-bench-storage-'));
  try {
    const database = folder ? await openDatabase({ dataDir: folder }) : await openBenchDatabase();
    const curve = await retentionCurve(database.db);
    const partitions =
      SERVER && curve.months > 0 ? await partitionOrBatches(database.db, curve.sendsPerMonth) : undefined;
    await database.close();
    return { storagePerSend: perSendFigures, retentionCurve: curve, partitions };
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
