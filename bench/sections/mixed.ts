/**
 * BENCH_ONLY=mixed (not in the default run): the panel's pages while a 100-account blast runs at full
 * speed, in one process as on a single server. A platform's worth of rows is seeded with the year
 * section's seeding at a fraction (BENCH_MIXED_FRACTION), then:
 *
 * - each page alone under 50 clients (before and after the rest: two idle figures);
 * - the blast alone, twice (before and after the loaded runs);
 * - each page under 50 clients while the same blast runs, the load started once the blast has
 *   settled its first round (before it the loops take their leases: seconds on a busy machine).
 *
 * Reported as ratios: a page's p99 under the blast over its idle p99 (goal <= 2), and the blast's rate
 * while a page loads over its rate alone (goal >= 0.8). Both blast rates are counted from the log
 * (`sent_at`) over a window of the same length: the load's own start and end, or, alone, from one
 * second (about the load's start-up) after the first settled round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@blaster/contract';
import { configFromEnv } from '../../apps/api/src/config';
import { openDatabase, queryRows, type Db } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { loadPath, type PageTarget } from '../page-measure';
import { loadFromChild, openBenchDatabase, round, SERVER } from '../support';
import {
  addBlastAccounts,
  addBlastTargets,
  blastEngine,
  blastSettings,
  sendToTheEnd,
  type BlastAccounts,
} from './blast';
import { seedYear, yearCounts } from './year';

const FRACTION = Number(process.env.BENCH_MIXED_FRACTION ?? (SERVER ? 0.05 : 0.02));
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 5);
/** The first blast's targets; the later ones take enough to outlast a page's load (at the first one's rate). */
const TARGETS = Number(process.env.BENCH_MIXED_BLAST_TARGETS ?? (SERVER ? 20_000 : 5_000));
const CLIENTS = 50;
const BLAST_ACCOUNTS = 100;
/** Alone, the blast's rate is counted from this long after its first round: about when a load's clients begin. */
const LEAD_MS = 1_000;
const TIME_ZONE = 'Asia/Jakarta';
/** Account and number ids of the blasts start above the seeded ones. */
const BLAST_ACCOUNTS_FROM = 1_000_000;
const BLAST_TARGETS_FROM = 10_000_000;

interface MixedTarget {
  database: Awaited<ReturnType<typeof openBenchDatabase>>;
  accounts: BlastAccounts;
  pages: Record<string, { path: string; target: PageTarget }>;
  /** Blasts so far: each takes numbers of its own. */
  blasts: number;
}

/** Sends settled by the blast's accounts between `from` and `to` (ms since the epoch), per second. */
async function rateWithin(db: Db, accounts: BlastAccounts, from: number, to: number) {
  const [row] = await queryRows<{ n: number; last: number | null }>(
    db,
    sql`select count(*)::int as n, extract(epoch from max(sent_at))::float8 * 1000 as last from message_logs
        where whatsapp_id between ${accounts.first} and ${accounts.last}
          and sent_at >= to_timestamp(${from / 1000}::float8) and sent_at < to_timestamp(${to / 1000}::float8)`,
  );
  // A blast that ended before the window did is counted over the part it ran.
  const end = row!.last !== null && row!.last < to - 500 ? row!.last : to;
  return {
    sendsPerSecond: Math.round(row!.n / Math.max(0.001, (end - from) / 1000)),
    coveredShareOfWindow: round((end - from) / (to - from)),
  };
}

/**
 * One blast of `targets` fresh numbers by the 100 accounts; with `page`, that page loaded by 50 clients
 * meanwhile, from the blast's first settled round on. The blast's rate over the load's window (alone:
 * from LEAD_MS after its first settled round, as long), and the load's figures.
 */
async function blastOnce(mixed: MixedTarget, targets: number, page?: { path: string; target: PageTarget }) {
  const { database, accounts } = mixed;
  const { db } = database;
  await addBlastTargets(db, targets, BLAST_TARGETS_FROM + mixed.blasts * 1_000_000);
  mixed.blasts += 1;
  await db.execute(sql`update whatsapp_accounts set status = 'sending'
    where id between ${accounts.first} and ${accounts.last}`);
  await db.execute(sql`analyze phone_numbers`);
  const engine = await blastEngine(database);
  let load: Promise<autocannon.Result> | undefined;
  // The page's clients begin once the blast sends at its steady rate (its first round is settled).
  const startLoad = () => {
    if (!page) return;
    const headers = { authorization: `Bearer ${page.target.token}` };
    const url = `${page.target.base}${page.path}`;
    load = loadFromChild({ url, connections: CLIENTS, duration: SECONDS, headers });
  };
  const run = await sendToTheEnd(engine.ctx, database, accounts, targets, startLoad);
  const loaded = await load;
  await engine.stop();
  await engine.close();
  const steadyFrom = run.firstRoundAt ?? run.startedAt;
  const from = loaded ? new Date(loaded.start).getTime() : steadyFrom + LEAD_MS;
  const to = loaded ? new Date(loaded.finish).getTime() : from + SECONDS * 1000;
  const { startedAt: _startedAt, firstRoundAt: _firstRoundAt, ...whole } = run;
  return {
    targets,
    wholeRun: whole,
    window: await rateWithin(db, accounts, from, to),
    page: loaded && {
      requestsPerSecond: round(loaded.requests.average),
      /** Answers within the load's time: none when the blast left the server no turn to answer. */
      answered: loaded.requests.total,
      latencyMs: { p50: loaded.latency.p50, p99: loaded.latency.p99 },
      errors: loaded.errors + loaded.non2xx,
      timeouts: loaded.timeouts,
      /** When the load's clients began, after the blast's first settled round. */
      loadStartAfterFirstRoundMs: new Date(loaded.start).getTime() - steadyFrom,
    },
  };
}

/** Each page alone under 50 clients, after a warm-up. */
async function idlePass(mixed: MixedTarget) {
  const measured: Record<string, Awaited<ReturnType<typeof loadPath>>> = {};
  for (const [name, { path, target }] of Object.entries(mixed.pages)) {
    measured[name] = await loadPath(target, path, CLIENTS, SECONDS);
    console.error(`mixed: idle ${name} ${JSON.stringify(measured[name])}`);
  }
  return measured;
}

/** The platform's rows (the year's seeding at FRACTION) and the 100 accounts that blast. */
async function seedPlatform(db: Db) {
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  const started = performance.now();
  await seedYear(db, yearCounts(FRACTION));
  await blastSettings(db);
  const accounts = await addBlastAccounts(db, BLAST_ACCOUNTS, BLAST_ACCOUNTS_FROM);
  const [data] = await queryRows<{
    accounts: number;
    phoneNumbers: number;
    messageLogs: number;
    members: number;
  }>(
    db,
    sql`select (select count(*) from whatsapp_accounts)::int as accounts,
      (select count(*) from phone_numbers)::int as "phoneNumbers",
      (select count(*) from message_logs)::int as "messageLogs",
      (select count(*) from users)::int as members`,
  );
  return {
    accounts,
    data: { fraction: FRACTION, ...data!, seedSeconds: round((performance.now() - started) / 1000) },
  };
}

/** The pages measured: the admin's lists and daily chart, and one member's dashboard figures. */
function pagesOf(admin: PageTarget, member: PageTarget, memberId: number, accounts: number) {
  const deep = Math.max(1, Math.floor(accounts / PAGE_SIZE / 2));
  return {
    accounts: { path: '/api/admin/whatsapp/list-per-page?page=1', target: admin },
    accountsDeep: { path: `/api/admin/whatsapp/list-per-page?page=${deep}`, target: admin },
    phoneNumbers: { path: '/api/admin/phonenumber/list-per-page?page=1', target: admin },
    memberMessageCount: { path: `/api/admin/messagelog/count/${memberId}`, target: member },
    memberFunnel: { path: `/api/admin/messagelog/funnel/${memberId}?days=30`, target: member },
    memberDaily: { path: `/api/admin/stats/daily/${memberId}`, target: member },
    platformDaily: { path: '/api/admin/stats/daily/all', target: admin },
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** The figures side by side: each page's p99 under the blast over idle, the blast's rate under each load over alone. */
function ratios(
  idle: Record<string, Awaited<ReturnType<typeof loadPath>>>[],
  solo: Awaited<ReturnType<typeof blastOnce>>[],
  loaded: Record<string, Awaited<ReturnType<typeof blastOnce>>>,
) {
  const soloRate = mean(solo.map((run) => run.window.sendsPerSecond));
  const pages = Object.fromEntries(
    Object.entries(loaded).map(([name, run]) => {
      const idleP99 = idle.map((pass) => pass[name]!.latencyMs.p99);
      return [
        name,
        {
          idleP50: idle.map((pass) => pass[name]!.latencyMs.p50),
          idleP99,
          underBlastP50: run.page!.latencyMs.p50,
          underBlastP99: run.page!.latencyMs.p99,
          answeredUnderBlast: run.page!.answered,
          // No answer within the load: its latency is the blast's length or more, not a figure to divide.
          p99UnderBlastOverIdle:
            run.page!.answered > 0 ? round(run.page!.latencyMs.p99 / Math.max(0.01, mean(idleP99))) : null,
          blastRateUnderLoadOverSolo: round(run.window.sendsPerSecond / Math.max(1, soloRate)),
        },
      ];
    }),
  );
  const under = Object.values(pages);
  return {
    soloSendsPerSecond: Math.round(soloRate),
    pages,
    worstP99Ratio: under.some((page) => page.p99UnderBlastOverIdle === null)
      ? null
      : Math.max(...under.map((page) => page.p99UnderBlastOverIdle ?? 0)),
    worstBlastRatio: Math.min(...under.map((page) => page.blastRateUnderLoadOverSolo)),
    goals: { p99UnderBlastOverIdle: '<= 2', blastRateUnderLoadOverSolo: '>= 0.8' },
  };
}

export async function mixedLoad() {
  // The embedded database lives in a folder, as a server's does.
  const folder = SERVER ? null : mkdtempSync(join(tmpdir(), 'blaster-bench-mixed-'));
  const database = folder ? await openDatabase({ dataDir: folder }) : await openBenchDatabase();
  const { db } = database;
  const { accounts, data } = await seedPlatform(db);
  console.error(`mixed: seeded ${JSON.stringify(data)}`);
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
  const memberId = 2 + 500;
  const admin = { app, db, base, token: await ctx.tokens.sign(1) };
  const member = { ...admin, token: await ctx.tokens.sign(memberId) };
  const mixed: MixedTarget = {
    database,
    accounts,
    pages: pagesOf(admin, member, memberId, data.accounts),
    blasts: 0,
  };

  const idleBefore = await idlePass(mixed);
  const firstSolo = await blastOnce(mixed, TARGETS);
  console.error(`mixed: blast alone ${JSON.stringify(firstSolo)}`);
  // Enough numbers that the blast outlasts a page's load even a third slower than alone.
  const targets = Math.max(
    TARGETS,
    Math.round(firstSolo.wholeRun.steadySendsPerSecond * (LEAD_MS / 1000 + SECONDS) * 1.5),
  );
  const loaded: Record<string, Awaited<ReturnType<typeof blastOnce>>> = {};
  for (const [name, page] of Object.entries(mixed.pages)) {
    loaded[name] = await blastOnce(mixed, targets, page);
    console.error(`mixed: ${name} under the blast ${JSON.stringify(loaded[name])}`);
  }
  const lastSolo = await blastOnce(mixed, targets);
  console.error(`mixed: blast alone ${JSON.stringify(lastSolo)}`);
  const idleAfter = await idlePass(mixed);

  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  return {
    data,
    clients: CLIENTS,
    seconds: SECONDS,
    blastAccounts: BLAST_ACCOUNTS,
    ...ratios([idleBefore, idleAfter], [firstSolo, lastSolo], loaded),
    runs: { idleBefore, idleAfter, blastAlone: [firstSolo, lastSolo], underLoad: loaded },
  };
}
