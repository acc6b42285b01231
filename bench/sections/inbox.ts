import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@blaster/contract';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import type { PageRequest } from '../../apps/api/src/lib/paging';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { storeInbound, type Inbound } from '../../apps/api/src/modules/inbox/inbound';
import { inboxRepository } from '../../apps/api/src/modules/inbox/repository';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { loadFromChild, openBenchDatabase, percentile, round } from '../support';

const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** 1,000 members with one account each; every thread holds ten messages but one, which holds a tenth of all. */
const MEMBERS = 1_000;
const PER_THREAD = 10;

/** Fills the inbox straight in SQL: threads, their messages, and a blast message behind each. */
async function fill(db: Awaited<ReturnType<typeof openBenchDatabase>>['db']) {
  const big = Math.floor(MESSAGES / 10);
  const threads = Math.floor((MESSAGES - big) / PER_THREAD) + 1;
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i from generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, state)
    select 1 + i, 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'connected'
    from generate_series(1, ${MEMBERS}) i`);
  // One blast message per thread, so attribution reads a log table of the inbox's size.
  await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status, created_at, sent_at)
    select 2 + (i % ${MEMBERS}), 1 + (i % ${MEMBERS}), '62812' || lpad(i::text, 8, '0'), 'success',
      now() - interval '1 hour', now() - interval '1 hour'
    from generate_series(1, ${threads}) i`);
  await db.execute(sql`insert into inbox_threads (whatsapp_id, user_id, counterpart, last_at, last_text, last_direction, unread)
    select 1 + (i % ${MEMBERS}), 2 + (i % ${MEMBERS}), '62812' || lpad(i::text, 8, '0'),
      now() - make_interval(secs => ${threads} - i), 'Berapa harganya kak?', 'in', i % 3
    from generate_series(1, ${threads}) i`);
  await db.execute(sql`insert into inbox_messages (thread_id, whatsapp_id, user_id, counterpart, direction, text, at)
    select t.id, t.whatsapp_id, t.user_id, t.counterpart, case when n % 2 = 0 then 'out' else 'in' end,
      'Pesan ' || n, t.last_at - make_interval(mins => ${PER_THREAD} - n)
    from inbox_threads t cross join generate_series(1, ${PER_THREAD}) n where t.id > 1`);
  await db.execute(sql`insert into inbox_messages (thread_id, whatsapp_id, user_id, counterpart, direction, text, at)
    select t.id, t.whatsapp_id, t.user_id, t.counterpart, 'in', 'Pesan ' || n, t.last_at - make_interval(secs => n)
    from inbox_threads t cross join generate_series(1, ${big}) n where t.id = 1`);
  await db.execute(sql`analyze`);
  const [row] = (
    (await db.execute(sql`select count(*) as n from inbox_messages`)) as unknown as { rows: { n: string }[] }
  ).rows;
  return { threads, messages: Number(row!.n), bigThread: big };
}

/**
 * The inbox at 200,000 messages: the thread list's first and deep pages for an operator (every
 * thread) and a member (their own), the largest thread's first and deep pages of messages, each
 * page's SQL alone, and filing batches of 1,000 inbound messages (attribution, threads, messages).
 */
export async function inboxPages() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  const db = database.db;
  const data = await fill(db);

  const config = configFromEnv({ HOST: '127.0.0.1', PORT: '0', REALTIME_PORT: '0' });
  const tokens = createTokenService('bench-secret-bench-secret-bench-secret');
  const ctx = createAppContext({ db, tokens, config });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const token = await ctx.tokens.sign(1);

  const load = async (path: string) => {
    await loadFromChild({
      url: `${base}${path}`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const result = await loadFromChild({
      url: `${base}${path}`,
      connections: 50,
      duration: SECONDS,
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      path,
      requestsPerSecond: round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
      errors: result.errors + result.non2xx,
    };
  };
  const timed = async (read: (request: PageRequest) => Promise<unknown>, request: PageRequest) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      await read(request);
      times.push(performance.now() - started);
    }
    return { p50: round(percentile(times, 50)), max: round(percentile(times, 100)) };
  };
  const threadsDeep = Math.floor(data.threads / PAGE_SIZE / 2);
  const messagesDeep = Math.floor(data.bigThread / PAGE_SIZE / 2);
  const allThreads = (request: PageRequest) =>
    inboxRepository.threadPage(db, { userId: null, unreadOnly: false }, request);
  const ownThreads = (request: PageRequest) =>
    inboxRepository.threadPage(db, { userId: 2, unreadOnly: false }, request);
  const bigThread = (request: PageRequest) => inboxRepository.messagePage(db, 1, request);

  const results = {
    data,
    threads: {
      page1: await load('/api/admin/inbox/threads?page=1'),
      deep: await load(`/api/admin/inbox/threads?page=${threadsDeep}`),
      sqlMs: {
        page1: await timed(allThreads, { page: 1 }),
        [`page${threadsDeep}`]: await timed(allThreads, { page: threadsDeep }),
        memberPage1: await timed(ownThreads, { page: 1 }),
        unreadPage1: await timed(
          (request) => inboxRepository.threadPage(db, { userId: null, unreadOnly: true }, request),
          { page: 1 },
        ),
      },
    },
    bigThreadMessages: {
      page1: await load('/api/admin/inbox/threads/1/messages?page=1'),
      deep: await load(`/api/admin/inbox/threads/1/messages?page=${messagesDeep}`),
      sqlMs: {
        page1: await timed(bigThread, { page: 1 }),
        [`page${messagesDeep}`]: await timed(bigThread, { page: messagesDeep }),
      },
    },
    filing: await filing(db),
  };
  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  return results;
}

/** Ten batches of 1,000 replies to the blast messages, each filed as the recorder files a batch. */
async function filing(db: Awaited<ReturnType<typeof openBenchDatabase>>['db']) {
  const times: number[] = [];
  for (let batch = 0; batch < 10; batch += 1) {
    const items: Inbound[] = Array.from({ length: 1_000 }, (_, i) => {
      const n = 2 + batch * 1_000 + i;
      return {
        deviceId: `id-1700000000000-${1 + (n % MEMBERS)}`,
        from: `62812${String(n).padStart(8, '0')}`,
        text: 'Masih ada stoknya?',
        at: new Date(),
      };
    });
    const started = performance.now();
    await storeInbound(db, items, 72);
    times.push(performance.now() - started);
  }
  return { batchOf1000Ms: { p50: round(percentile(times, 50)), max: round(percentile(times, 100)) } };
}
