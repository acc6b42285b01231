/**
 * BENCH_SCALE=year: a year of a busy platform, seeded in set-based SQL, then every list page and
 * every chart and dashboard figure of the panel under 50 clients, each beside its own SQL alone.
 *
 * At full scale: 10,000,000 message logs over 365 days (1,000,000 of them with delivery and read
 * acknowledgements), 1,000,000 phone numbers, 100,000 chat accounts of 10,000 members, 2,000,000
 * ledger entries, 1,000,000 webhook deliveries (and their events), 200,000 audit entries.
 * BENCH_YEAR_FRACTION scales every count (the embedded database runs 0.1 by default: see
 * docs/benchmarks.md for why).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@blaster/contract';
import { configFromEnv } from '../../apps/api/src/config';
import { openDatabase, queryRows, type Db } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { foldPlatformChanges } from '../../apps/api/src/db/platform-sums';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { pageAgainstItsSql } from '../page-measure';
import { blastWithTheYear } from './year-blast';
import { SESSION, TEMPLATES, yearConfiguration } from './year-configuration';
import { openBenchDatabase, round, SERVER } from '../support';

const FRACTION = Number(process.env.BENCH_YEAR_FRACTION ?? (SERVER ? 1 : 0.1));
const SECONDS = Number(process.env.BENCH_YEAR_SECONDS ?? 5);
const CLIENTS = 50;
const TIME_ZONE = 'Asia/Jakarta';

/** The year's big counts at `fraction` of a full year (small tables keep their size). */
export function yearCounts(fraction: number) {
  const scaled = (full: number, least = 1) => Math.max(least, Math.round(full * fraction));
  return {
    messageLogs: scaled(10_000_000, SESSION),
    phoneNumbers: scaled(1_000_000),
    accounts: scaled(100_000),
    members: scaled(10_000, 600),
    ledgerEntries: scaled(2_000_000),
    webhookDeliveries: scaled(1_000_000),
    auditEntries: scaled(200_000),
    lookupResults: scaled(100_000),
  };
}
type YearCounts = ReturnType<typeof yearCounts>;

/** Rows per insert statement: the embedded database holds a statement's work in its own memory. */
const SLICE = SERVER ? 1_000_000 : 250_000;

/** Runs `insert` over 1..total in slices; `insert` gets the slice's first and last number. */
async function inSlices(total: number, insert: (first: number, last: number) => SQL, db: Db) {
  for (let first = 1; first <= total; first += SLICE)
    await db.execute(insert(first, Math.min(total, first + SLICE - 1)));
}

/**
 * Secondary indexes of the bulk tables, dropped before the load and built again after it, as a
 * restore does: the same indexes over the same rows, built once rather than row by row. Indexes that
 * back a constraint (primary keys, unique constraints) stay.
 */
async function dropSecondaryIndexes(db: Db, tables: string[]) {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c
            where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  };
}

/** The year's rows, every one through the product's triggers (rollups, counters, list buckets). */
export async function seedYear(db: Db, counts: YearCounts) {
  const steps: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    steps[name] = round((performance.now() - started) / 1000);
  };
  const { messageLogs, phoneNumbers, accounts, members, ledgerEntries, webhookDeliveries, auditEntries } =
    counts;
  const sessions = Math.ceil(messageLogs / SESSION);
  // The year ends at the current hour: its last sends are today's.
  const yearStart = sql`(date_trunc('hour', now()) - interval '365 days')`;
  const restore = await dropSecondaryIndexes(db, [
    'message_logs',
    'ledger_entries',
    'webhook_events',
    'webhook_deliveries',
    'audit_entries',
  ]);

  await yearConfiguration(db);
  await step('membersAccountsNumbers', async () => {
    // Members joined over the year; every tenth was referred by one of the first hundred.
    await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, referred_by, created_at)
      select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i,
        case when i % 10 = 0 then 2 + (i % 100) end,
        ${yearStart} + make_interval(secs => (i::float8 / ${members}) * 365 * 86400)
      from generate_series(1, ${members}::int) i`);
    // Account j belongs to member 2 + (j % members) (id 1 is the seeded admin).
    await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, server, serialized,
        state, count_success, count_fail, created_at)
      select 2 + (j % ${members}::int), 'id-1700000000000-' || j, '62811' || lpad(j::text, 8, '0'), 'Akun ' || j,
        'c.us', '62811' || lpad(j::text, 8, '0') || '@c.us',
        case when j % 3 = 0 then 'disconnected' else 'connected' end, 90, 10,
        ${yearStart} + make_interval(secs => (j::float8 / ${accounts}) * 365 * 86400)
      from generate_series(1, ${accounts}::int) j`);
    await inSlices(
      phoneNumbers,
      (first, last) => sql`insert into phone_numbers (number, name, count_success, last_sent)
        select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i, 10, now() - make_interval(days => i % 365)
        from generate_series(${first}::int, ${last}::int) i`,
      db,
    );
    await db.execute(sql`insert into proxies (value) select 'http://10.0.' || (i / 250) || '.' || (i % 250) || ':3128'
      from generate_series(1, 1000) i`);
    await db.execute(sql`insert into suppressions (number, reason, created_at)
      select '62812' || lpad((i * 97)::text, 8, '0'), case when i % 2 = 0 then 'reply' else 'manual' end,
        ${yearStart} + make_interval(secs => i * 3000)
      from generate_series(1, ${Math.min(10_000, Math.floor(phoneNumbers / 97))}::int) i`);
  });

  await step('messageLogs', () =>
    // Log i is sent in session s = (i - 1) / 20 by account 1 + (s * 7919) % accounts (7919 is prime,
    // so sessions visit every account in turn), at the session's moment of the year (ids follow time,
    // as a live log's do), 3 s after the one before. One send in ten fails; one in ten is delivered
    // and one in twenty read.
    inSlices(
      messageLogs,
      (
        first,
        last,
      ) => sql`insert into message_logs (user_id, whatsapp_id, phone_number_id, target, status, template_id,
          created_at, sent_at, delivered_at, read_at)
        select 2 + (k.a % ${members}::int), k.a, 1 + (i % ${phoneNumbers}::int),
          '62812' || lpad((1 + (i % ${phoneNumbers}::int))::text, 8, '0'),
          case when i % 10 = 0 then 'fail' else 'success' end, 1 + (k.s % ${TEMPLATES}::int),
          k.at, case when i % 10 <> 0 then k.at + interval '1 second' end,
          case when i % 10 = 1 then k.at + interval '5 seconds' end,
          case when i % 20 = 1 then k.at + interval '60 seconds' end
        from generate_series(${first}::int, ${last}::int) i,
          lateral (select (i - 1) / ${SESSION}::int as s) q,
          lateral (select q.s,
            1 + ((q.s::bigint * 7919) % ${accounts}::int)::int as a,
            ${yearStart} + make_interval(secs => (q.s::float8 / ${sessions}) * 365 * 86400 + ((i - 1) % ${SESSION}::int) * 3) as at) k`,
      db,
    ),
  );

  await step('ledger', async () => {
    // Every fifth log paid (all of them successes), then bonuses, referral shares and withdrawals.
    const blastIncome = Math.round(ledgerEntries * 0.9);
    await inSlices(
      blastIncome,
      (first, last) => sql`insert into ledger_entries (user_id, kind, amount, ref_id, created_at)
        select user_id, 'blast_income', 150, id, created_at from message_logs
        where id between ${first * 5 - 4}::bigint and ${last * 5}::bigint and id % 5 = 1`,
      db,
    );
    const rest = ledgerEntries - blastIncome;
    await db.execute(sql`insert into ledger_entries (user_id, kind, amount, ref_id, source_user_id, created_at)
      select case when i % 4 = 0 then 2 + (i % 100) else 2 + (i % ${members}::int) end,
        (array['referral_income', 'bonus', 'withdraw_requested', 'withdraw_accepted'])[1 + i % 4],
        case i % 4 when 0 then 15 when 1 then 1000 when 2 then -5000 else -5000 end,
        case when i % 4 = 0 then ${messageLogs}::int + i end,
        case when i % 4 = 0 then 2 + (i % ${members}::int) end,
        ${yearStart} + make_interval(secs => (i::float8 / ${rest}) * 365 * 86400)
      from generate_series(1, ${rest}::int) i`);
    await db.execute(sql`insert into bonuses (user_id, admin_id, nominal, reason, created_at)
      select 2 + (i % ${members}::int), 1, 1000, 'Bonus ' || i, ${yearStart} + make_interval(secs => i * 1500)
      from generate_series(1, 20000) i`);
    await db.execute(sql`insert into withdrawals (user_id, nominal, status, created_at)
      select 2 + (i % ${members}::int), 50000, (array['requested', 'accepted', 'rejected'])[1 + i % 3],
        ${yearStart} + make_interval(secs => i * 1500)
      from generate_series(1, 20000) i`);
  });

  await step('webhooks', async () => {
    // One event per delivery, each to one of the three endpoints; one in a hundred given up on.
    await inSlices(
      webhookDeliveries,
      (first, last) => sql`insert into webhook_events (uid, type, account_id, sequence, payload, created_at)
        select 'evt_' || i, 'message.delivery', 1 + (i % ${accounts}::int), i,
          jsonb_build_object('logId', i, 'status', 'delivered'),
          ${yearStart} + make_interval(secs => (i::float8 / ${webhookDeliveries}) * 365 * 86400)
        from generate_series(${first}::int, ${last}::int) i`,
      db,
    );
    await inSlices(
      webhookDeliveries,
      (
        first,
        last,
      ) => sql`insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence, attempts,
          next_attempt_at, last_attempt_at, last_status, delivered_at, dead_at, created_at)
        select 1 + (e.id % 3), e.id, e.account_id, e.sequence, case when e.id % 100 = 0 then 8 else 1 end,
          e.created_at, e.created_at, case when e.id % 100 = 0 then 500 else 204 end,
          case when e.id % 100 <> 0 then e.created_at + interval '1 second' end,
          case when e.id % 100 = 0 then e.created_at + interval '1 day' end, e.created_at
        from webhook_events e where e.id between ${first}::bigint and ${last}::bigint`,
      db,
    );
  });

  await step('auditAndLookups', async () => {
    await inSlices(
      auditEntries,
      (
        first,
        last,
      ) => sql`insert into audit_entries (created_at, actor_id, actor_role, action, target_type, target_id,
          before, after, instance)
        select ${yearStart} + make_interval(secs => (i::float8 / ${auditEntries}) * 365 * 86400), 1, 'admin',
          (array['user.update', 'withdraw.accept', 'setting.update', 'bonus.create', 'level.update'])[1 + i % 5],
          'user', (2 + (i % ${members}::int))::text,
          jsonb_build_object('blastFee', 150), jsonb_build_object('blastFee', 175), 'bench'
        from generate_series(${first}::int, ${last}::int) i`,
      db,
    );
    await db.execute(sql`insert into lookup_jobs (kind, user_id, whatsapp_id, start_number, end_number, total, created_at)
      select (array['generator', 'validator'])[1 + j % 2], 2 + (j % ${members}::int), j, '6281', '6282', 1000,
        ${yearStart} + make_interval(days => j % 365)
      from generate_series(1, 400) j`);
    await db.execute(sql`insert into lookup_results (job_id, position, number, name, found)
      select 1 + (i % 400), i, '6281' || i, '', i % 3 = 0 from generate_series(1, ${counts.lookupResults}::int) i`);
  });

  await step('indexes', restore);
  // What the servers' fold does every minute: the triggers' changes into one row an hour.
  await step('platformFold', () => foldPlatformChanges(db));
  // What autovacuum would have done over a year: visibility maps set, planner statistics fresh.
  await step('vacuumAnalyze', () => db.execute(sql`vacuum analyze`));
  return steps;
}

/** Rollup rows the log and the ledger would give now, against the rows the triggers kept: none differ. */
async function rollupsMatchSources(db: Db) {
  const [row] = await queryRows<{ messages: string | number; ledger: string | number }>(
    db,
    sql`with counted as (
          select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, user_id, whatsapp_id,
            coalesce(template_id, 0) as template_id,
            count(*) filter (where status = 'success')::int as success,
            count(*) filter (where status = 'fail')::int as fail,
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where delivered_at is not null)::int as delivered,
            count(*) filter (where read_at is not null)::int as read,
            count(*) filter (where opted_out_at is not null)::int as opted_out
          from message_logs group by 1, 2, 3, 4),
        kept as (
          select hour, user_id, whatsapp_id, template_id, success, fail, pending, delivered, read, opted_out
          from message_log_hourly),
        ledger_counted as (
          select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, user_id, kind,
            sum(amount)::bigint as amount
          from ledger_entries group by 1, 2, 3),
        ledger_kept as (select hour, user_id, kind, amount from ledger_hourly)
      select
        (select count(*) from ((select * from counted except all select * from kept)
          union all (select * from kept except all select * from counted)) d) as messages,
        (select count(*) from ((select * from ledger_counted except all select * from ledger_kept)
          union all (select * from ledger_kept except all select * from ledger_counted)) d) as ledger`,
  );
  return { messageRowsDiffering: Number(row!.messages), ledgerRowsDiffering: Number(row!.ledger) };
}

const count = async (db: Db, table: string) =>
  Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

/** Bytes of a table with its indexes (and its TOAST), and the database's. */
async function sizes(db: Db) {
  const rows = await queryRows<{ name: string; bytes: string }>(
    db,
    sql`select c.relname as name, pg_total_relation_size(c.oid)::text as bytes from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc limit 12`,
  );
  const [database] = await queryRows<{ bytes: string }>(
    db,
    sql`select pg_database_size(current_database())::text as bytes`,
  );
  const mb = (bytes: string) => round(Number(bytes) / 2 ** 20);
  return {
    databaseMb: mb(database!.bytes),
    largestTablesMb: Object.fromEntries(rows.map((row) => [row.name, mb(row.bytes)])),
  };
}

/** A database opened as the year's is: in a folder when embedded (removed on close), else a scratch one. */
async function openAsTheYearIs() {
  if (SERVER) return openBenchDatabase();
  const folder = mkdtempSync(join(tmpdir(), 'blaster-bench-empty-'));
  const database = await openDatabase({ dataDir: folder });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export async function yearOfData() {
  // The embedded database lives in a folder, as a server's does (in memory it would hold every row in RAM).
  const folder = SERVER ? null : mkdtempSync(join(tmpdir(), 'blaster-bench-year-'));
  const database = folder ? await openDatabase({ dataDir: folder }) : await openBenchDatabase();
  const { db } = database;
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  const seedStarted = performance.now();
  const seedSteps = await seedYear(db, yearCounts(FRACTION));
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  const checkStarted = performance.now();
  const rollups = await rollupsMatchSources(db);
  const data = {
    fraction: FRACTION,
    messageLogs: await count(db, 'message_logs'),
    phoneNumbers: await count(db, 'phone_numbers'),
    accounts: await count(db, 'whatsapp_accounts'),
    members: await count(db, 'users'),
    ledgerEntries: await count(db, 'ledger_entries'),
    webhookDeliveries: await count(db, 'webhook_deliveries'),
    auditEntries: await count(db, 'audit_entries'),
    rollupRows: {
      messageLogHourly: await count(db, 'message_log_hourly'),
      ledgerHourly: await count(db, 'ledger_hourly'),
    },
    seedSeconds,
    seedSteps,
    rollupsMatchSources: { ...rollups, checkSeconds: round((performance.now() - checkStarted) / 1000) },
    ...(await sizes(db)),
  };
  console.error(`year: seeded ${JSON.stringify(data)}`);

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
  const target = { app, db, base, token };

  const member = 2 + 500;
  const deep = (total: number) => Math.max(1, Math.floor(total / PAGE_SIZE / 2));
  const deliveries = data.webhookDeliveries;
  /** Every list screen of the panel, first page and (for the big lists) one in the middle. */
  const listPages: Record<string, string> = {
    accounts: '/api/admin/whatsapp/list-per-page?page=1',
    accountsDeep: `/api/admin/whatsapp/list-per-page?page=${deep(data.accounts)}`,
    memberAccounts: `/api/admin/whatsapp/list-per-page?page=1&user_id=${member}`,
    phoneNumbers: '/api/admin/phonenumber/list-per-page?page=1',
    phoneNumbersDeep: `/api/admin/phonenumber/list-per-page?page=${deep(data.phoneNumbers)}`,
    receiverPicker: '/api/admin/phonenumber/list?status=active&search=0812000123',
    members: '/api/admin/users/members-per-page?page=1',
    membersDeep: `/api/admin/users/members-per-page?page=${deep(data.members)}`,
    referrals: '/api/admin/users/referral-per-page?page=1',
    bonuses: '/api/admin/bonus/list-per-page?page=1',
    withdrawals: '/api/admin/withdraw/histories-per-page?page=1',
    templates: '/api/admin/message/list-per-page?page=1',
    proxies: '/api/admin/proxy/list-per-page?page=1',
    levels: '/api/admin/level/list-per-page?page=1',
    suppressions: '/api/admin/suppression/list-per-page?page=1',
    webhookDeliveries: '/api/admin/webhooks/deliveries?page=1',
    webhookDeliveriesDeep: `/api/admin/webhooks/deliveries?page=${deep(deliveries)}`,
    webhookDeliveriesFailed: '/api/admin/webhooks/deliveries?page=1&status=dead',
    audit: '/api/admin/audit/list-per-page?page=1',
    auditDeep: `/api/admin/audit/list-per-page?page=${deep(data.auditEntries)}`,
    auditByAction: '/api/admin/audit/list-per-page?page=1&action=withdraw.accept',
    generators: '/api/admin/generator/list-per-page?page=1',
    validators: '/api/admin/validator/list-per-page?page=1',
  };
  /** Every chart and dashboard figure, for the platform and for one member. */
  const charts: Record<string, string> = {
    platformDaily: '/api/admin/stats/daily/all',
    memberDaily: `/api/admin/stats/daily/${member}`,
    platformHourly: '/api/admin/stats/hourly/all',
    topAccounts30Days: '/api/admin/stats/top-accounts?days=30',
    topAccountsYear: '/api/admin/stats/top-accounts?days=365',
    lookupsHourly: '/api/admin/stats/lookups/all?kind=generator&bucket=hour',
    funnel30Days: '/api/admin/messagelog/funnel/all?days=30',
    memberFunnel: `/api/admin/messagelog/funnel/${member}?days=30`,
    accountHealth: '/api/admin/whatsapp/health/1',
    messageCount: '/api/admin/messagelog/count/all',
    memberMessageCount: `/api/admin/messagelog/count/${member}`,
    todayIncome: '/api/admin/messagelog/today-income/all',
    todayCount: '/api/admin/messagelog/today-count',
    totalCount: '/api/admin/messagelog/total-count',
    accountCount: '/api/admin/whatsapp/count/all',
    balance: '/api/admin/withdraw/balance/all',
    memberBalance: `/api/admin/withdraw/balance/${member}`,
    income: '/api/admin/withdraw/income/all',
    bonusTotal: '/api/admin/bonus/total/all',
    requestedTotal: '/api/admin/withdraw/total-requested/all',
    acceptedTotal: '/api/admin/withdraw/total-accepted/all',
  };
  const only = process.env.BENCH_YEAR_PATHS?.split(',');
  const measureAll = async (paths: Record<string, string>) => {
    const measured: Record<
      string,
      Awaited<ReturnType<typeof pageAgainstItsSql>> | { path: string; failed: string }
    > = {};
    for (const [name, path] of Object.entries(paths)) {
      if (only && !only.includes(name)) continue;
      try {
        measured[name] = await pageAgainstItsSql(target, path, { clients: CLIENTS, seconds: SECONDS });
      } catch (error) {
        // One path's failure is reported with the rest rather than losing the run.
        measured[name] = { path, failed: String(error) };
      }
      console.error(`year: ${name} ${JSON.stringify(measured[name])}`);
    }
    return measured;
  };
  const results = {
    data,
    clients: CLIENTS,
    seconds: SECONDS,
    listPages: await measureAll(listPages),
    charts: await measureAll(charts),
  };
  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  const blast = await blastWithTheYear(database, openAsTheYearIs);
  console.error(`year: blast ${JSON.stringify(blast)}`);
  await database.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  return { ...results, blast };
}
