import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../apps/api/src/config';
import { queryRows } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { foldPlatformChanges } from '../../apps/api/src/db/platform-sums';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import {
  dailyStats,
  hourlyStats,
  lookupStats,
  rangeBounds,
  topAccounts,
} from '../../apps/api/src/modules/stats/repository';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { openBenchDatabase, percentile, round } from '../support';

const LOGS = Number(process.env.BENCH_STATS_LOGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_STATS_SECONDS ?? 5);
const CONNECTIONS = 20;
const MEMBERS = 1000;
const ACCOUNTS = 2000;
/** Logs per account per blast session: an account blasts in a few sittings, not every hour. */
const SESSION = 20;
const TIME_ZONE = 'Asia/Jakarta';

/**
 * 1,000,000 message logs (and a ledger entry per success) over 30 days, 2,000 accounts of 1,000
 * members: each chart endpoint under concurrent clients, each chart's SQL alone, and the same
 * figures counted from the log without the rollup, for comparison.
 */
export async function chartStats() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  const db = database.db;
  const started = performance.now();
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i from generate_series(1, ${MEMBERS}::int) i`);
  // Account j belongs to member 2 + (j % 1000) (id 1 is the seeded admin).
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, state)
    select 2 + (j % ${MEMBERS}::int), 'bench-' || j, '62811' || lpad(j::text, 8, '0'), 'Akun ' || j, 'connected'
    from generate_series(1, ${ACCOUNTS}::int) j`);
  // A bulk load builds the big tables' secondary indexes once at the end, as a restore does, rather
  // than row by row: the same indexes, the same data, minutes less of seeding.
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where tablename in ('message_logs', 'ledger_entries') and indexname not like '%pkey'`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  // Log i is sent by account 1 + (i % 2000) in session i / (2000 * 20) of that account, at an hour of
  // the last 30 days that depends on both; one send in ten fails. Inserted in slices of 200,000 rows
  // so the embedded database's memory stays small; the rollup triggers run on each slice.
  const slice = 200_000;
  for (let first = 1; first <= LOGS; first += slice) {
    const last = Math.min(LOGS, first + slice - 1);
    await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status, created_at)
      select 2 + (a % ${MEMBERS}::int), a, '62812' || lpad((i % 100000000)::text, 8, '0'),
        case when i % 10 = 0 then 'fail' else 'success' end,
        date_trunc('hour', now()) - make_interval(hours => ((a * 37 + s * 29) % 720)::int)
          + make_interval(secs => (i % 3600)::int)
      from generate_series(${first}::int, ${last}::int) i,
        lateral (select 1 + (i % ${ACCOUNTS}::int) as a, i / (${ACCOUNTS * SESSION}::int) as s) k`);
  }
  await db.execute(sql`insert into ledger_entries (user_id, kind, amount, ref_id, created_at)
    select user_id, 'blast_income', 150, id, created_at from message_logs where status = 'success'`);
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  // A few generators and 100,000 lookups recorded now.
  await db.execute(sql`insert into lookup_jobs (kind, user_id, whatsapp_id, start_number, end_number, total)
    select 'generator', 1 + (j % 20), j, '6281', '6282', 10000 from generate_series(1, 10) j`);
  await db.execute(sql`insert into lookup_results (job_id, position, number, name, found)
    select 1 + (i % 10), i, '6281' || i, '', i % 3 = 0 from generate_series(1, 100000) i`);
  // What the servers' fold does every minute: the triggers' changes into one row an hour.
  await foldPlatformChanges(db);
  await db.execute(sql`analyze`);
  const seedSeconds = round((performance.now() - started) / 1000);
  const count = async (table: string) =>
    Number(
      (await queryRows<{ n: string }>(db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n,
    );
  const data = {
    messageLogs: await count('message_logs'),
    ledgerEntries: await count('ledger_entries'),
    lookupResults: await count('lookup_results'),
    rollupRows: {
      messageLogHourly: await count('message_log_hourly'),
      ledgerHourly: await count('ledger_hourly'),
      lookupHourly: await count('lookup_hourly'),
    },
    seedSeconds,
  };

  const config = configFromEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    REALTIME_PORT: '0',
    APP_TIME_ZONE: TIME_ZONE,
  });
  const ctx = createAppContext({
    db,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret'),
    config,
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const token = await ctx.tokens.sign(1);
  const load = async (path: string) => {
    const headers = { authorization: `Bearer ${token}` };
    await autocannon({ url: `${base}${path}`, connections: 5, duration: 1, headers });
    const result = await autocannon({
      url: `${base}${path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers,
    });
    return {
      path,
      requestsPerSecond: round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
      errors: result.errors + result.non2xx,
      timeouts: result.timeouts,
    };
  };
  /** A query run directly 20 times: the median and the slowest, in ms. */
  const timed = async (run: () => Promise<unknown>, times = 20) => {
    const ms: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const at = performance.now();
      await run();
      ms.push(performance.now() - at);
    }
    return { p50: round(percentile(ms, 50)), max: round(percentile(ms, 100)) };
  };
  const member = 2 + 500;

  // The same figures counted from the log itself: what the rollup saves.
  const since30 = sql`(date_trunc('day', now() at time zone ${TIME_ZONE}) - interval '29 days') at time zone ${TIME_ZONE}`;
  const fromLog = {
    memberDaily: await timed(
      () =>
        db.execute(sql`select (created_at at time zone ${TIME_ZONE})::date, count(*) filter (where status = 'success'),
          count(*) filter (where status = 'fail') from message_logs where user_id = ${member} and created_at >= ${since30} group by 1`),
      3,
    ),
    platformHourly: await timed(
      () =>
        db.execute(sql`select date_trunc('hour', created_at), count(*) filter (where status = 'success'),
          count(*) filter (where status = 'fail') from message_logs where created_at >= now() - interval '48 hours' group by 1`),
      3,
    ),
    topAccounts30Days: await timed(
      () =>
        db.execute(sql`select whatsapp_id, count(*) from message_logs where created_at >= ${since30}
          group by 1 order by 2 desc limit 10`),
      3,
    ),
  };

  const results = {
    data,
    endpoints: {
      memberDaily: await load(`/api/admin/stats/daily/${member}`),
      platformDaily: await load('/api/admin/stats/daily/all'),
      platformHourly: await load('/api/admin/stats/hourly/all'),
      topAccounts30Days: await load('/api/admin/stats/top-accounts?days=30'),
      lookupsHourly: await load('/api/admin/stats/lookups/all?kind=generator&bucket=hour'),
    },
    sqlMs: {
      memberDaily: await timed(() => dailyStats(db, TIME_ZONE, member)),
      platformDaily: await timed(() => dailyStats(db, TIME_ZONE, null)),
      platformHourly: await timed(() => hourlyStats(db, null)),
      topAccounts30Days: await timed(async () =>
        topAccounts(db, TIME_ZONE, await rangeBounds(db, TIME_ZONE, { days: 30 })),
      ),
      lookupsDaily: await timed(() =>
        lookupStats(db, TIME_ZONE, { userId: null, kind: 'generator', bucket: 'day' }),
      ),
    },
    sqlFromLogWithoutRollupMs: fromLog,
    // What the triggers cost a blast: settling 1,000 pending logs in one statement, as a round does.
    settle1000Ms: await (async () => {
      await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status)
        select 2, 2000, 'x' || i, 'pending' from generate_series(1, 1000) i`);
      const at = performance.now();
      await db.execute(sql`update message_logs set status = 'success' where status = 'pending'`);
      return round(performance.now() - at);
    })(),
  };
  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  return results;
}
