import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@blaster/contract';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import type { PageRequest } from '../../apps/api/src/lib/paging';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { readPhonePage } from '../../apps/api/src/modules/phonenumber/service';
import { readAccountsPage } from '../../apps/api/src/modules/whatsapp/repository';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { sqlAloneOf } from '../page-measure';
import { loadFromChild, openBenchDatabase, percentile, round } from '../support';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_PAGES=deep loads only the two deep pages (for quick before/after comparisons). */
const DEEP_ONLY = process.env.BENCH_PAGES === 'deep';
/** A folder: each measured load also writes a CPU profile of this process (API and, embedded, database). */
const PROFILE_DIR = process.env.BENCH_PAGES_PROFILE;

/**
 * 100,000 accounts and 200,000 numbers (ids left sparse by deletes, as a live table's are): the
 * first page and a deep one of each list under 50 clients, and the SQL of each page alone, timed
 * through the very functions the routes call, by page number and by Next's cursor.
 */
export async function listPages() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  const db = database.db;
  // Bulk rows straight in SQL: 1,000 members owning the accounts, then the numbers.
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i from generate_series(1, 1000) i`);
  // 2 % more rows than asked for, then every 50th removed: the lists hold the asked-for size.
  const extra = (n: number) => Math.round(n / 0.98);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, state, count_success, count_fail)
    select 2 + (i % 1000), 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'Bench ' || i,
      case when i % 3 = 0 then 'disconnected' else 'connected' end, i % 50, i % 7
    from generate_series(1, ${extra(ACCOUNTS)}) i`);
  await db.execute(sql`insert into phone_numbers (number, name)
    select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i from generate_series(1, ${extra(NUMBERS)}) i`);
  await db.execute(sql`delete from whatsapp_accounts where id % 50 = 0`);
  await db.execute(sql`delete from phone_numbers where id % 50 = 0`);
  // What the server does on start (db/index.ts): fresh planner statistics.
  await db.execute(sql`analyze`);
  const counted = async (table: string) =>
    Number(
      (
        (await db.execute(sql`select count(*) as n from ${sql.identifier(table)}`)) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]!.n,
    );
  const accounts = await counted('whatsapp_accounts');
  const numbers = await counted('phone_numbers');

  const config = configFromEnv({ HOST: '127.0.0.1', PORT: '0', REALTIME_PORT: '0' });
  const ctx = createAppContext({
    db,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret'),
    config,
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const token = await ctx.tokens.sign(1);

  // The clients run in a child process, as real clients do not share the server's event loop.
  const load = async (path: string) => {
    // A short warm-up first: the first requests of a path pay for compiling its code.
    await loadFromChild({
      url: `${base}${path}`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const profile = PROFILE_DIR ? await startProfile() : undefined;
    const cpuBefore = process.cpuUsage();
    const result = await loadFromChild({
      url: `${base}${path}`,
      connections: 50,
      duration: SECONDS,
      headers: { authorization: `Bearer ${token}` },
    });
    const cpu = process.cpuUsage(cpuBefore);
    await profile?.(join(PROFILE_DIR!, `${path.replace(/\W+/g, '-')}.cpuprofile`));
    const sqlAlone = await sqlAloneOf({ app, db, base, token }, path, { clients: 50, seconds: SECONDS });
    return {
      path,
      requestsPerSecond: round(result.requests.average),
      /** The same request's SQL alone at 50 concurrent callers, and the page's rate as a share of it. */
      sqlAloneRequestsPerSecond: sqlAlone.concurrent.requestsPerSecond,
      shareOfSqlRate: round(result.requests.average / Math.max(0.01, sqlAlone.concurrent.requestsPerSecond)),
      // This process's CPU per answer: the API's own work, and on the embedded database its SQL too.
      // Less sensitive than the rate to other work on a shared machine.
      cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total)),
      // autocannon reports p97.5 rather than p95.
      latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
      errors: result.errors + result.non2xx,
      timeouts: result.timeouts,
    };
  };

  /** The page's SQL alone, run directly 30 times: the median and the slowest, in ms. */
  type Read = (request: PageRequest) => Promise<number[]>;
  const timed = async (read: Read, request: PageRequest) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      await read(request);
      times.push(performance.now() - started);
    }
    return { p50: round(percentile(times, 50)), max: round(percentile(times, 100)) };
  };
  const sqlAtDepth = async (read: Read, total: number) => {
    const last = Math.ceil(total / PAGE_SIZE);
    const mid = Math.floor(last / 2);
    // Next from the page before the middle one: the seek the panel's pager makes.
    const lastIdBefore = (await read({ page: mid - 1 })).at(-1)!;
    return {
      page1: await timed(read, { page: 1 }),
      [`page${mid}`]: await timed(read, { page: mid }),
      [`page${mid}ByNext`]: await timed(read, { page: mid, after: lastIdBefore }),
      [`page${last}Last`]: await timed(read, { page: last }),
    };
  };
  const readAccounts: Read = async (request) =>
    (await readAccountsPage(db, undefined, request)).rows.map((row) => row.account.id);
  const readNumbers: Read = async (request) => (await readPhonePage(db, request)).data.map((row) => row.id);
  const accountsDeep = Math.floor(accounts / PAGE_SIZE / 2);
  const numbersDeep = Math.floor(numbers / PAGE_SIZE / 2);

  const results = {
    data: { accounts, phoneNumbers: numbers },
    whatsappListPerPage: {
      page1: DEEP_ONLY ? undefined : await load('/api/admin/whatsapp/list-per-page?page=1'),
      deep: await load(`/api/admin/whatsapp/list-per-page?page=${accountsDeep}`),
      sqlMs: await sqlAtDepth(readAccounts, accounts),
    },
    phoneNumberListPerPage: {
      page1: DEEP_ONLY ? undefined : await load('/api/admin/phonenumber/list-per-page?page=1'),
      deep: await load(`/api/admin/phonenumber/list-per-page?page=${numbersDeep}`),
      sqlMs: await sqlAtDepth(readNumbers, numbers),
    },
    // The blaster's receiver picker: a number prefix and a name prefix, 50 rows at most.
    phoneNumberSearch: DEEP_ONLY
      ? undefined
      : {
          number: await load('/api/admin/phonenumber/list?status=active&search=0812000123'),
          name: await load('/api/admin/phonenumber/list?status=active&search=kontak%2019'),
        },
  };
  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  return results;
}

/** Starts profiling this process; the function returned stops and writes the profile. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
