/**
 * The retention curve: months of a platform's sends inserted in set-based SQL, every row through the
 * product's triggers, and after each month the product's retention pass on that month's clock.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { foldPlatformChanges } from '../../apps/api/src/db/platform-sums';
import { pruneExpired } from '../../apps/api/src/jobs/retention';
import { round, SERVER } from '../support';
import { databaseBytes, indexesRead, tableSizes, walPosition } from './storage-sizes';

const MONTHS = Number(process.env.BENCH_RETENTION_MONTHS ?? 12);
/** A twentieth of 10,000,000 sends a month on PostgreSQL, a hundredth embedded: sizes scale with it. */
const SENDS_PER_MONTH = Number(process.env.BENCH_RETENTION_SENDS_PER_MONTH ?? (SERVER ? 500_000 : 100_000));
const RETENTION_DAYS = 90;
const MONTH_DAYS = 30;
const MEMBERS = 100;
const ACCOUNTS = 1_000;
const TEMPLATES = 5;
/** Sends of one account in one sitting, as in the year section. */
const SESSION = 20;
/** Rows per insert statement: the embedded database holds a statement's work in its own memory. */
const SLICE = SERVER ? 500_000 : 100_000;
const DAY_MS = 86_400_000;

const CURVE_TABLES = [
  'message_logs',
  'link_clicks',
  'ledger_entries',
  'webhook_events',
  'webhook_deliveries',
  'message_log_hourly',
  'ledger_hourly',
  'platform_hourly',
  'platform_hourly_changes',
  'send_minutes',
  'account_daily_sends',
];

const mb = (bytes: number) => round(bytes / 2 ** 20);

async function seedPlatform(db: Db) {
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, referred_by)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i, case when i % 10 = 0 then 2 end
    from generate_series(1, ${MEMBERS}::int) i`);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, state)
    select 2 + (j % ${MEMBERS}::int), 'id-1700000000000-' || j, '62811' || lpad(j::text, 8, '0'), 'connected'
    from generate_series(1, ${ACCOUNTS}::int) j`);
  await db.execute(sql`insert into message_templates (text, text_wa)
    select 'Halo {name}, pesan ' || i, 'Halo {name}, pesan ' || i from generate_series(1, ${TEMPLATES}::int) i`);
  await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
    values ('https://hooks.example.com/a', 'whsec_bench', array['message.delivery'])`);
}

/**
 * One slice of a month's sends, `first`..`last` of the month, from `start` on: the logs (one in ten
 * failed; every success delivered, every other one read), a paid fee per success and a referral share
 * for one in ten, one delivered webhook event per send, a click on one message in a hundred.
 */
async function insertSlice(db: Db, month: number, first: number, last: number, start: Date) {
  const [mark] = await queryRows<{ id: string }>(
    db,
    sql`select coalesce(max(id), 0)::text as id from message_logs`,
  );
  const after = Number(mark!.id);
  const secondsPerSend = (MONTH_DAYS * 86_400) / SENDS_PER_MONTH;
  await db.execute(sql`insert into message_logs (user_id, whatsapp_id, phone_number_id, target, status, template_id,
      created_at, sent_at, delivered_at, read_at)
    select 2 + (k.a % ${MEMBERS}::int), k.a, 1 + (k.g % 1000000), '62812' || lpad((k.g % 1000000)::text, 8, '0'),
      case when k.g % 10 = 0 then 'fail' else 'success' end, 1 + ((k.g / ${SESSION}::int) % ${TEMPLATES}::int), k.at,
      case when k.g % 10 <> 0 then k.at + interval '1 second' end,
      case when k.g % 10 <> 0 then k.at + interval '5 seconds' end,
      case when k.g % 10 <> 0 and k.g % 2 = 1 then k.at + interval '60 seconds' end
    from generate_series(${first}::int, ${last}::int) i,
      lateral (select ${month * SENDS_PER_MONTH}::bigint + i as g) q,
      lateral (select q.g, 1 + (((q.g - 1) / ${SESSION}::int) * 7919 % ${ACCOUNTS}::int)::int as a,
        ${start.toISOString()}::timestamptz + make_interval(secs => (i - 1) * ${secondsPerSend}::float8) as at) k`);
  const logs = sql`from message_logs m where m.id > ${after}::bigint`;
  await db.execute(sql`insert into ledger_entries (user_id, kind, amount, ref_id, source_user_id, created_at)
    select m.user_id, 'blast_income', 150, m.id, null, m.sent_at ${logs} and m.status = 'success'
    union all
    select 2, 'referral_income', 15, m.id, m.user_id, m.sent_at ${logs} and m.status = 'success' and m.id % 10 = 1`);
  await db.execute(sql`with e as (
      insert into webhook_events (uid, type, account_id, sequence, payload, created_at)
      select gen_random_uuid()::text, 'message.delivery', m.whatsapp_id, m.id,
        jsonb_build_object('message_log_id', m.id, 'whatsapp_id', m.whatsapp_id, 'user_id', m.user_id,
          'number', m.target, 'status', m.status, 'error', null,
          'at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        m.created_at ${logs}
      returning id, account_id, sequence, created_at)
    insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence, attempts, next_attempt_at,
      last_attempt_at, last_status, delivered_at, created_at)
    select (select min(id) from webhook_endpoints), e.id, e.account_id, e.sequence, 1, e.created_at,
      e.created_at + interval '2 seconds', 204, e.created_at + interval '2 seconds', e.created_at from e`);
  await db.execute(sql`insert into link_clicks (message_log_id, link_index, clicked_at)
    select m.id, 0, m.created_at + interval '1 minute' ${logs} and m.id % 100 = 0`);
}

/** A month of sends: its logs and their rows in slices, and the month's send budgets. */
async function insertMonth(db: Db, month: number, start: Date) {
  for (let first = 1; first <= SENDS_PER_MONTH; first += SLICE)
    await insertSlice(db, month, first, Math.min(SENDS_PER_MONTH, first + SLICE - 1), start);
  const at = sql`${start.toISOString()}::timestamptz`;
  await db.execute(sql`insert into send_minutes (minute, used, last_granted)
    select ${at} + make_interval(mins => k), 230, 20 from generate_series(0, ${MONTH_DAYS * 1440 - 1}::int) k
    on conflict do nothing`);
  await db.execute(sql`insert into account_daily_sends (whatsapp_id, day, used, last_granted)
    select a, (${at} + make_interval(days => d))::date, 300, 20
    from generate_series(0, ${MONTH_DAYS - 1}::int) d, generate_series(1, ${ACCOUNTS}::int) a
    on conflict do nothing`);
}

const seconds = (since: number) => round((performance.now() - since) / 1000);

/** The month's retention pass on the month's clock, then the vacuum autovacuum (or, embedded, maintenance) would run. */
async function pruneMonth(db: Db, now: Date) {
  // The servers fold the platform's changes every minute: a month's are long folded by its end.
  await foldPlatformChanges(db);
  const wal = await walPosition(db);
  const started = performance.now();
  const pruned = await pruneExpired(
    db,
    {
      messageLogDays: RETENTION_DAYS,
      accountEventDays: RETENTION_DAYS,
      batch: 5_000,
      everyMs: 600_000,
      webhooks: { retentionHours: 7 * 24, deadRetentionHours: 30 * 24 },
    },
    now,
  );
  const pruneSeconds = seconds(started);
  const walAfter = await walPosition(db);
  const vacuumStarted = performance.now();
  await db.execute(sql`vacuum analyze`);
  return {
    pruned,
    pruneSeconds,
    pruneWalMb: wal === null || walAfter === null ? null : mb(walAfter - wal),
    vacuumSeconds: seconds(vacuumStarted),
  };
}

/**
 * The indexes of message_logs each of the product's reads of the log uses on the kept 90 days: the
 * platform's counts since the start of today, the funnel's clicks of one member, an account's latest
 * outcomes (auto-pause), the logs in flight, and the retention pass's batch.
 */
async function logReadPlans(db: Db, end: Date) {
  const today = sql`${new Date(end.getTime() - DAY_MS).toISOString()}::timestamptz`;
  const old = sql`${new Date(end.getTime() - RETENTION_DAYS * DAY_MS + DAY_MS).toISOString()}::timestamptz`;
  return {
    platformToday: await indexesRead(
      db,
      sql`select count(*) filter (where status = 'success'), count(*) filter (where status = 'fail')
          from message_logs where created_at >= ${today}`,
    ),
    memberClicks: await indexesRead(
      db,
      sql`select count(distinct c.message_log_id) from link_clicks c join message_logs m on m.id = c.message_log_id
          where m.created_at >= ${today} and m.user_id = 5`,
    ),
    accountLatest: await indexesRead(
      db,
      sql`select status from message_logs where whatsapp_id = 7 and status <> 'pending'
          order by created_at desc, id desc limit 50`,
    ),
    inFlight: await indexesRead(db, sql`select whatsapp_id from message_logs where status = 'pending'`),
    pruneBatch: await indexesRead(
      db,
      sql`select id from message_logs where created_at < ${old} and status <> 'pending'
          order by created_at limit 5000 for update skip locked`,
    ),
  };
}

export async function retentionCurve(db: Db) {
  await seedPlatform(db);
  const end = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const yearStart = end - MONTHS * MONTH_DAYS * DAY_MS;
  const months = [];
  for (let month = 0; month < MONTHS; month += 1) {
    const start = new Date(yearStart + month * MONTH_DAYS * DAY_MS);
    const now = new Date(start.getTime() + MONTH_DAYS * DAY_MS);
    const inserted = performance.now();
    await insertMonth(db, month, start);
    const insertSeconds = seconds(inserted);
    const prune = await pruneMonth(db, now);
    const tables = await tableSizes(db, CURVE_TABLES);
    const figures = {
      month: month + 1,
      databaseMb: mb(await databaseBytes(db)),
      logsKept: tables.message_logs?.rows ?? 0,
      tablesMb: Object.fromEntries(
        Object.entries(tables).map(([name, size]) => [name, mb(size.tableBytes + size.indexBytes)]),
      ),
      insertSeconds,
      ...prune,
    };
    console.error(JSON.stringify(figures));
    months.push(figures);
  }
  const plans = MONTHS > 0 ? await logReadPlans(db, new Date(end)) : {};
  return {
    sendsPerMonth: SENDS_PER_MONTH,
    months: MONTHS,
    retentionDays: RETENTION_DAYS,
    byMonth: months,
    plans,
  };
}
