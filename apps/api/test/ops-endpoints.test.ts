import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { API, MESSAGE_TEXT as MSG, REALTIME_CHANNEL_ADMIN, REALTIME_PATH } from '@blaster/contract';
import { queryRows } from '../src/db';
import { messageTemplates, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { beginShutdown } from '../src/modules/ops/readiness';
import { buildApp } from '../src/server';
import { ADMIN, startTestApp, stopInstance, type TestApp } from './support/app';
import { connect, fastMember, waitFor } from './support/chat';
import { freePort } from './support/instances';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function open(env: Record<string, string> = {}) {
  const t = await startTestApp(env);
  opened.push(t);
  return t;
}

/** One sample of the Prometheus text, by metric name and labels as written (`{kind="blast"}`). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const adminToken = async (t: TestApp) =>
  (await t.call<{ token: string }>('POST', API.login, { body: ADMIN })).body.token;

describe('readiness', () => {
  it('is ready on a migrated database, and answers 503 when the migrations are behind or it is stopping', async () => {
    const t = await open();
    expect(await t.call('GET', '/readyz')).toEqual({ status: 200, body: { ok: true } });

    // The newest migration not applied yet (a database an older release left): this code must not serve it.
    const [newest] = await queryRows<{ id: number; created_at: string }>(
      t.ctx.db,
      sql`select id, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    expect(await t.call('GET', '/readyz')).toEqual({
      status: 503,
      body: { msg: MSG.migrationsNotCurrent },
    });
    await t.ctx.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, 'back', ${newest!.created_at})`,
    );
    expect((await t.call('GET', '/readyz')).status).toBe(200);

    // The liveness check does not change with a stop; readiness goes at once.
    beginShutdown(t.app);
    expect(await t.call('GET', '/readyz')).toEqual({ status: 503, body: { msg: MSG.shuttingDown } });
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503 while the database does not answer', async () => {
    const t = await startTestApp();
    await t.database.close();
    expect(await t.call('GET', '/readyz')).toEqual({
      status: 503,
      body: { msg: MSG.databaseUnavailable },
    });
    await stopInstance(t);
  });
});

describe('metrics', () => {
  it('are refused when the operator chose neither a token nor an address', async () => {
    const t = await open();
    const answer = await t.call('GET', '/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ msg: MSG.notFoundApi });
  });

  it('need the bearer token on the main port, and count sends, rounds, queued webhooks, leases, connections and sockets', async () => {
    const t = await open({ METRICS_TOKEN: 'scrape-secret', SANDBOX_TIME_SCALE: '0.001' });
    expect((await t.call('GET', '/metrics')).status).toBe(401);
    expect((await t.call('GET', '/metrics', { token: 'scrape-secreT' })).status).toBe(401);
    const scrape = async () => {
      const answer = await t.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer scrape-secret' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return answer.body;
    };
    const before = await scrape();
    // The process's standard metrics.
    expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(before).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(before, 'blaster_webhook_queue_depth')).toBe(0);
    expect(sample(before, 'blaster_realtime_sockets')).toBe(0);
    expect(sample(before, 'blaster_db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);

    // A whole blast: every settled send is counted by its outcome, every round timed.
    const member = await fastMember(t);
    const account = await connect(t, member, 'qr');
    await t.ctx.db
      .insert(phoneNumbers)
      .values(Array.from({ length: 40 }, (_, i) => ({ number: String(6287100000000 + i), name: `T${i}` })));
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
    const started = await t.call('POST', API.whatsappStart, {
      token: member.token,
      body: { whatsappClientId: account.id },
    });
    expect(started.status).toBe(200);
    await waitFor(
      async () =>
        (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))[0]!
          .status === 'idle',
      'the blast to finish',
    );
    const [logged] = await queryRows<{ success: string; fail: string }>(
      t.ctx.db,
      sql`select count(*) filter (where status = 'success') as success,
            count(*) filter (where status = 'fail') as fail from message_logs`,
    );
    const after = await scrape();
    expect(sample(after, 'blaster_sends_total', '{outcome="success"}')).toBe(Number(logged!.success));
    expect(sample(after, 'blaster_sends_total', '{outcome="fail"}') ?? 0).toBe(Number(logged!.fail));
    expect(Number(logged!.success) + Number(logged!.fail)).toBe(40);
    expect(sample(after, 'blaster_blast_round_seconds_count')).toBeGreaterThan(0);

    // Deliveries waiting in the outbox, read from the database at scrape time.
    await t.ctx.db.execute(
      sql`insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence)
          select 999999, i, 0, i from generate_series(1, 3) i`,
    );
    // A lease held by this instance.
    expect(await t.ctx.leases.acquire('lookup', 424242)).toBe(true);
    // A socket on the main port.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}?id=${REALTIME_CHANNEL_ADMIN}`, {
      headers: { authorization: `Bearer ${await adminToken(t)}` },
    });
    // The server counts the socket as its upgrade completes, before the client has read the answer:
    // closing it then aborts the handshake, so the test waits for the client's open first.
    await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
    await waitFor(async () => sample(await scrape(), 'blaster_realtime_sockets') === 1, 'the socket');
    const busy = await scrape();
    expect(sample(busy, 'blaster_webhook_queue_depth')).toBe(3);
    expect(sample(busy, 'blaster_leases_held', '{kind="lookup"}')).toBe(1);
    expect(sample(busy, 'blaster_leases_held', '{kind="blast"}')).toBe(0);
    socket.close();
    await waitFor(async () => sample(await scrape(), 'blaster_realtime_sockets') === 0, 'the socket to go');
    await t.ctx.leases.release('lookup', 424242);
  });

  it('are served without a token on the address and port the operator chose, and not on the main port', async () => {
    const metricsPort = await freePort();
    const t = await open({ METRICS_PORT: String(metricsPort), METRICS_ADDRESS: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('blaster_realtime_sockets 0');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
    expect((await t.call('GET', '/metrics')).status).toBe(404);
  });
});

describe('request ids', () => {
  /** A second app on the test app's context, logging every request as JSON lines into `lines`. */
  async function logged(t: TestApp) {
    const lines: string[] = [];
    const app = await buildApp(t.ctx, {
      log: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    await app.ready();
    return { app, lines };
  }

  it('are generated and echoed on every answer, and every log line is JSON naming its request', async () => {
    const t = await open();
    const { app, lines } = await logged(t);
    try {
      // A client cannot choose its id (it could make its requests look like someone else's).
      const direct = await app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'chosen-by-client' },
      });
      expect(direct.statusCode).toBe(200);
      const id = String(direct.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const missing = await app.inject({ url: '/api/no-such-route' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(missing.headers['x-request-id']).not.toBe(id);

      const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
      const ofRequest = records.filter((record) => record.reqId === id);
      expect(ofRequest.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });

  it('come from the trusted proxy when it sets one, and never from anyone else', async () => {
    const t = await open({ TRUST_PROXY: '127.0.0.1' });
    const { app, lines } = await logged(t);
    try {
      const viaProxy = await app.inject({
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-request-id': 'proxy-7f3a9c' },
      });
      expect(viaProxy.headers['x-request-id']).toBe('proxy-7f3a9c');
      expect(lines.some((line) => (JSON.parse(line) as { reqId?: string }).reqId === 'proxy-7f3a9c')).toBe(
        true,
      );
      const stranger = await app.inject({
        url: '/api/health',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'proxy-7f3a9c' },
      });
      expect(stranger.headers['x-request-id']).not.toBe('proxy-7f3a9c');
      // An id that would break a log reader's line is replaced, even from the proxy.
      const odd = await app.inject({
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-request-id': 'a b"c' },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});
