import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { startRealtimeServer } from '../../apps/api/src/realtime/server';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { openBenchDatabase, percentile, round } from '../support';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 200_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);

/** 100,000 accounts and 200,000 numbers, the list page under 50 clients, and realtime fan-out. */
export async function apiAndRealtime() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  const db = database.db;
  // Bulk rows straight in SQL: 1,000 members owning the accounts, then the numbers.
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i from generate_series(1, 1000) i`);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, state, count_success, count_fail)
    select 2 + (i % 1000), 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'Bench ' || i,
      case when i % 3 = 0 then 'disconnected' else 'connected' end, i % 50, i % 7
    from generate_series(1, ${ACCOUNTS}) i`);
  await db.execute(sql`insert into phone_numbers (number, name)
    select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i from generate_series(1, ${NUMBERS}) i`);
  // What the server does on start (db/index.ts): fresh planner statistics.
  await db.execute(sql`analyze`);

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
  const page = Math.floor(ACCOUNTS / 10 / 2);

  const load = async (path: string) => {
    const result = await autocannon({
      url: `${base}${path}`,
      connections: 50,
      duration: Number(process.env.BENCH_SECONDS ?? 10),
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      path,
      requestsPerSecond: round(result.requests.average),
      // autocannon reports p97.5 rather than p95.
      latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
      errors: result.errors + result.non2xx,
    };
  };
  const accountsPage = await load(`/api/admin/whatsapp/list-per-page?page=${page}`);
  const numbersPage = await load(`/api/admin/phonenumber/list-per-page?page=${Math.floor(NUMBERS / 10 / 2)}`);

  // The same page's own SQL, run directly, for comparison.
  const rawTimes: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const started = performance.now();
    await db.execute(sql`select count(*) from whatsapp_accounts`);
    await db.execute(sql`select w.*, u.firstname, u.lastname from whatsapp_accounts w join users u on u.id = w.user_id
      order by w.id desc limit 10 offset ${(page - 1) * 10}`);
    rawTimes.push(performance.now() - started);
  }
  const rawMs = round(percentile(rawTimes, 50));

  // Realtime: SOCKETS sockets on the admin channel, 100 events each delivered to all of them.
  const realtime = startRealtimeServer(ctx, { port: 0, host: '127.0.0.1' });
  await realtime.ready;
  const wsPort = (realtime.server.address() as { port: number }).port;
  const delays: number[] = [];
  let delivered = 0;
  const connect = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/?id=admin&token=${token}`);
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { payload: { sentAt: number } };
        delays.push(performance.now() + performance.timeOrigin - message.payload.sentAt);
        delivered += 1;
      });
      socket.once('open', () => {
        // A socket reset while the bench tears down is not a failure of the bench.
        socket.on('error', () => {});
        resolve(socket);
      });
      socket.once('error', reject);
    });
  // Connected in batches, as real panels arrive: a thousand at the same instant overflows the backlog.
  const sockets: WebSocket[] = [];
  while (sockets.length < SOCKETS)
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, SOCKETS - sockets.length) }, connect))),
    );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const events = 100;
  const started = performance.now();
  for (let i = 0; i < events; i += 1) {
    ctx.hub.publish('admin', {
      event: 'bench',
      payload: { sentAt: performance.now() + performance.timeOrigin },
    });
    if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
  }
  const deadline = Date.now() + 60_000;
  while (delivered < events * SOCKETS && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.terminate();
  await realtime.close();
  await app.close();
  await database.close();
  return {
    data: { accounts: ACCOUNTS, phoneNumbers: NUMBERS },
    listPerPage: {
      ...accountsPage,
      rawSqlP50Ms: rawMs,
      apiToRawP50: round(accountsPage.latencyMs.p50 / Math.max(rawMs, 0.01)),
    },
    phoneNumberListPerPage: numbersPage,
    realtimeFanOut: {
      sockets: SOCKETS,
      events,
      delivered,
      eventsDeliveredPerSecond: Math.round(delivered / seconds),
      delayMs: { p50: round(percentile(delays, 50)), p99: round(percentile(delays, 99)) },
    },
  };
}
