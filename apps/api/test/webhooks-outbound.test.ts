import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  API,
  WEBHOOK_TEXT,
  type Paged,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@blaster/contract';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema';
import { queueWebhookEvent } from '../src/domain/webhooks';
import { configFromEnv } from '../src/config';
import { parseAllowList } from '../src/lib/outbound/addresses';
import { OutboundGuard, type Resolver } from '../src/lib/outbound/guard';
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';

/**
 * Webhook URLs that would turn the server against its own network. No test here connects anywhere
 * but this machine's loopback: names resolve through a stub, and an address the stub calls public is
 * given once (to the check on saving) and never again, so nothing can ever connect to it.
 */

const FAST = {
  WEBHOOK_RETRY_BASE_MS: '20',
  WEBHOOK_RETRY_MAX_MS: '200',
  WEBHOOK_POLL_MS: '20',
  WEBHOOK_TIMEOUT_MS: '10000',
  JOB_LEASE_SECONDS: '1',
};

/** A public address (example.com's) the stub gives only to the first question about a name. */
const PUBLIC_ADDRESS = '93.184.215.14';

/** A resolver stub: a table of names, every question recorded. */
function stubResolver(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const answeredPublic = new Set<string>();
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const entry = table[hostname];
    const addresses = typeof entry === 'function' ? entry() : entry;
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    if (addresses.includes(PUBLIC_ADDRESS)) {
      if (answeredPublic.has(hostname)) throw new Error(`${hostname} asked twice: refusing to answer public`);
      answeredPublic.add(hostname);
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

/** A loopback HTTP receiver that counts the connections it was offered, whatever came of them. */
async function startReceiver(status = 204, body = '') {
  let connections = 0;
  const received: WebhookBody[] = [];
  const server: Server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function deliveries(t: TestApp, token: string, query = '') {
  const page = await t.call<Paged<WebhookDelivery>>('GET', `${API.webhookDeliveries}?page=1${query}`, {
    token,
  });
  expect(page.status).toBe(200);
  return page.body.data;
}

const testEvent = (t: TestApp, token: string, id: number) => t.call('POST', API.webhookTest(id), { token });

describe('webhook URLs inside the network, no operator allowance', () => {
  let rebound = false;
  const resolver = stubResolver({
    'hooks.example.com': [PUBLIC_ADDRESS],
    'internal.example.com': ['10.0.0.5'],
    'mixed.example.com': [PUBLIC_ADDRESS, '192.168.1.10'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'metadata.google.internal': ['169.254.169.254'],
    localhost: ['127.0.0.1'],
    // Public while the URL is checked, loopback once it is used: DNS rebinding.
    'rebind.example.com': () => (rebound ? ['127.0.0.1'] : [PUBLIC_ADDRESS]),
  });
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp(FAST, { resolver: resolver.resolve });
    admin = await t.createUser('admin');
  });
  afterAll(() => t.close());
  /** The dispatcher starts with the first test that needs it and runs until the suite ends. */
  let dispatching: Promise<void> | undefined;
  const dispatch = () => (dispatching ??= t.ctx.webhooks.resume());

  it('refuses every encoding of a loopback, private, link-local or internal address when an endpoint is saved', async () => {
    const internal = [
      'http://127.0.0.1/hook',
      'http://localhost:5432/',
      'http://[::1]/hook',
      'http://0.0.0.0/hook',
      'http://127.1/hook',
      'http://2130706433/hook',
      'http://0x7f000001/hook',
      'http://017700000001/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://192.168.1.1/hook',
      'http://172.16.0.1/hook',
      'http://172.31.255.254/hook',
      'http://[fd00::1]/hook',
      'http://metadata.google.internal/computeMetadata/v1/',
      // Shared address space, multicast, reserved, broadcast, IPv6 link-local.
      'http://100.64.0.1/hook',
      'http://224.0.0.1/hook',
      'http://240.0.0.1/hook',
      'http://255.255.255.255/hook',
      'http://[fe80::1]/hook',
      // IPv4 inside IPv6: compatible, NAT64, 6to4.
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://[2002:7f00:1::]/hook',
      // Names: a trailing dot, upper case, a single label, and names that resolve inward.
      'http://localhost./hook',
      'https://LOCALHOST/hook',
      'http://postgres:5432/',
      'http://internal.example.com/hook',
      'http://mixed.example.com/hook',
      'http://mapped.example.com/hook',
    ];
    for (const url of internal) {
      const answer = await t.call('POST', API.webhookEndpoints, {
        token: admin.token,
        body: { url, events: ['account.status'] },
      });
      expect([answer.status, answer.body.msg], url).toEqual([400, WEBHOOK_TEXT.urlNotPublic]);
      expect(answer.body.errors, url).toEqual({ url: WEBHOOK_TEXT.urlNotPublic });
    }
    // Accepted: a name resolving to a public address, and one that does not resolve yet (the
    // connection checks it again).
    const created = await t.call<{ data: WebhookEndpoint }>('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: 'https://hooks.example.com/in', events: ['account.status'], active: false },
    });
    expect(created.status).toBe(200);
    const unresolved = await t.call('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: 'https://not-yet.example.test/in', events: ['account.status'], active: false },
    });
    expect(unresolved.status).toBe(200);
    // Editing cannot turn an endpoint inward either, and the refusal is in English when asked.
    const edited = await t.call('PUT', API.webhookEndpoint(created.body.data.id), {
      token: admin.token,
      headers: { 'accept-language': 'en' },
      body: { url: 'http://[::ffff:169.254.169.254]/', events: ['account.status'] },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.msg).toMatch(/^The webhook URL must lead to a public address/);
    const list = await t.call<{ data: WebhookEndpoint[] }>('GET', API.webhookEndpoints, {
      token: admin.token,
    });
    expect(list.body.data.map((endpoint) => endpoint.url).sort()).toEqual([
      'https://hooks.example.com/in',
      'https://not-yet.example.test/in',
    ]);
    for (const endpoint of list.body.data)
      await t.call('DELETE', API.webhookEndpoint(endpoint.id), { token: admin.token });
  });

  it('refuses at connection time a name that resolved to a public address when saved and to loopback later (DNS rebinding)', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const created = await t.call<{ data: WebhookEndpoint }>('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: `http://rebind.example.com:${receiver.port}/hooks`, events: ['account.status'] },
    });
    expect(created.status).toBe(200);
    // The name was checked when saved, through the resolver.
    expect(resolver.asked).toContain('rebind.example.com');
    rebound = true;
    cleanups.push(() => t.call('DELETE', API.webhookEndpoint(created.body.data.id), { token: admin.token }));

    expect((await testEvent(t, admin.token, created.body.data.id)).status).toBe(200);
    await dispatch();
    const [delivery] = await waitFor(async () => {
      const rows = await deliveries(t, admin.token, `&endpoint=${created.body.data.id}`);
      return rows[0]?.lastError ? rows : null;
    }, 'the attempt');
    expect(delivery).toMatchObject({
      status: 'retrying',
      lastStatus: null,
      lastError: WEBHOOK_TEXT.errorAddressRefused,
    });
    expect(receiver.connections()).toBe(0);
  });

  it("never connects to the server's own API, even with a loopback URL stored before the check", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let connections = 0;
    t.app.server.on('connection', () => (connections += 1));
    const ownLogout = `http://127.0.0.1:${port}/api/auth/logout`;

    const refused = await t.call('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: ownLogout, events: ['account.status'] },
    });
    expect([refused.status, refused.body.msg]).toEqual([400, WEBHOOK_TEXT.urlNotPublic]);
    // Saved before addresses were checked (or written straight into the database): still refused.
    const [stored] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({ url: ownLogout, eventTypes: ['account.status'], secret: 'whsec_test' })
      .returning();
    cleanups.push(() => t.call('DELETE', API.webhookEndpoint(stored!.id), { token: admin.token }));
    expect((await testEvent(t, admin.token, stored!.id)).status).toBe(200);
    await dispatch();
    const [delivery] = await waitFor(async () => {
      const rows = await deliveries(t, admin.token, `&endpoint=${stored!.id}`);
      return rows[0]?.lastError ? rows : null;
    }, 'the attempt');
    expect(delivery!.lastError).toBe(WEBHOOK_TEXT.errorAddressRefused);
    expect(connections).toBe(0);
  });

  it('sends at most a few test events a minute to an endpoint, whoever asks', async () => {
    const dev = await t.createUser('dev');
    const made = await t.call<{ data: WebhookEndpoint }>('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: 'https://not-yet.example.test/limited', events: ['account.status'] },
    });
    const other = await t.call<{ data: WebhookEndpoint }>('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: 'https://not-yet.example.test/other', events: ['account.status'] },
    });
    for (const endpoint of [made.body.data, other.body.data])
      cleanups.push(() => t.call('DELETE', API.webhookEndpoint(endpoint.id), { token: admin.token }));
    const answers = [];
    for (let n = 0; n < 8; n += 1)
      answers.push((await testEvent(t, n % 2 ? dev.token : admin.token, made.body.data.id)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await testEvent(t, admin.token, made.body.data.id);
    expect([limited.status, limited.body.msg]).toEqual([429, WEBHOOK_TEXT.tooManyTests]);
    // Only what was accepted was queued; another endpoint has its own allowance.
    const queued = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.body.data.id));
    expect(queued).toHaveLength(5);
    expect((await testEvent(t, admin.token, other.body.data.id)).status).toBe(200);
  });
});

describe('webhook receivers the operator allowed', () => {
  const resolver = stubResolver({ 'receiver.internal': ['127.0.0.1'] });
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp(
      { ...FAST, WEBHOOK_ALLOWED_HOSTS: 'receiver.internal', WEBHOOK_MAX_ATTEMPTS: '3' },
      { resolver: resolver.resolve },
    );
    admin = await t.createUser('admin');
    await t.ctx.webhooks.resume();
  });
  afterAll(() => t.close());

  const create = async (url: string) => {
    const made = await t.call<{ data: WebhookEndpoint }>('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url, events: ['account.status'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    cleanups.push(() => t.call('DELETE', API.webhookEndpoint(made.body.data.id), { token: admin.token }));
    return made.body.data;
  };

  it('delivers to an allowed name, and still refuses the same receiver by its address', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const endpoint = await create(`http://receiver.internal:${receiver.port}/hooks`);
    const byAddress = await t.call('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: `http://127.0.0.1:${receiver.port}/hooks`, events: ['account.status'] },
    });
    expect([byAddress.status, byAddress.body.msg]).toEqual([400, WEBHOOK_TEXT.urlNotPublic]);
    await testEvent(t, admin.token, endpoint.id);
    await waitFor(() => receiver.received.length === 1, 'the test event');
    expect(receiver.received[0]!.type).toBe('webhook.test');
  });

  it('tells operators only that a connection failed: a closed port, a service that is not HTTP and a reset look the same', async () => {
    // A port just closed, a service that answers with something else than HTTP, one that hangs up.
    const closed = await startReceiver();
    await closed.close();
    const notHttp: TcpServer = createTcpServer((socket) => socket.resume().end('SSH-2.0-OpenSSH_9.2\r\n'));
    const hangsUp: TcpServer = createTcpServer((socket) => socket.resetAndDestroy());
    for (const server of [notHttp, hangsUp]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    }
    const failing = await startReceiver(500, 'stack trace: secret internal details');
    cleanups.push(failing.close);
    const portOf = (server: TcpServer) => (server.address() as AddressInfo).port;
    const urls = {
      closed: `http://receiver.internal:${closed.port}/`,
      notHttp: `http://receiver.internal:${portOf(notHttp)}/`,
      hangsUp: `http://receiver.internal:${portOf(hangsUp)}/`,
      failing: `http://receiver.internal:${failing.port}/`,
    };
    const ids: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) {
      ids[name] = (await create(url)).id;
      await testEvent(t, admin.token, ids[name]!);
    }
    const shown = await waitFor(async () => {
      const rows = await deliveries(t, admin.token);
      const byEndpoint = Object.fromEntries(
        Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.endpointId === id)?.lastError]),
      );
      return Object.values(byEndpoint).every(Boolean) && byEndpoint;
    }, 'an attempt at each');
    expect(shown).toEqual({
      closed: WEBHOOK_TEXT.errorConnectionFailed,
      notHttp: WEBHOOK_TEXT.errorConnectionFailed,
      hangsUp: WEBHOOK_TEXT.errorConnectionFailed,
      failing: 'HTTP 500',
    });
    const everything = JSON.stringify(await deliveries(t, admin.token));
    for (const leak of ['ECONN', 'SSH', 'Parse', 'secret internal', 'socket'])
      expect(everything).not.toContain(leak);
  });

  it('gives a delivery up after the attempt limit, goes on with the next, and sends it again when replayed', async () => {
    let accepting = false;
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    // Refused until the test says otherwise: a receiver that is down.
    const down = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(accepting ? 204 : 503).end());
    });
    let requests = 0;
    down.on('request', () => (requests += 1));
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => down.close(resolve)));
    const endpoint = await create(`http://receiver.internal:${(down.address() as AddressInfo).port}/`);
    const first = await queueWebhookEvent(t.ctx.db, {
      type: 'webhook.test',
      accountId: null,
      endpointId: endpoint.id,
      payload: { endpoint_id: endpoint.id, message: 'first' },
    });

    const [dead] = await waitFor(
      () =>
        deliveries(t, admin.token, `&endpoint=${endpoint.id}&status=dead`).then(
          (rows) => rows.length > 0 && rows,
        ),
      'the delivery given up',
    );
    expect(dead).toMatchObject({ eventId: first, status: 'dead', attempts: 3, nextAttemptAt: null });
    expect(requests).toBe(3);
    // Given up, it no longer holds back what comes after it.
    accepting = true;
    const second = await queueWebhookEvent(t.ctx.db, {
      type: 'webhook.test',
      accountId: null,
      endpointId: endpoint.id,
      payload: { endpoint_id: endpoint.id, message: 'second' },
    });
    await waitFor(
      () =>
        deliveries(t, admin.token, `&endpoint=${endpoint.id}&status=delivered`).then(
          (rows) => rows.length === 1,
        ),
      'the next event',
    );
    expect(requests).toBe(4);

    // A dead delivery is replayed, not retried; a live one is retried, not replayed.
    const retried = await t.call('POST', API.webhookRetry(dead!.id), { token: admin.token });
    expect([retried.status, retried.body.msg]).toEqual([400, WEBHOOK_TEXT.deadUseReplay]);
    const replayed = await t.call('POST', API.webhookReplay(dead!.id), { token: admin.token });
    expect([replayed.status, replayed.body.msg]).toEqual([200, WEBHOOK_TEXT.replayQueued]);
    const delivered = await waitFor(
      () =>
        deliveries(t, admin.token, `&endpoint=${endpoint.id}&status=delivered`).then(
          (rows) => rows.length === 2 && rows,
        ),
      'the replayed event',
    );
    expect(delivered.map((row) => row.eventId).sort()).toEqual([first, second].sort());
    expect(requests).toBe(5);
    const again = await t.call('POST', API.webhookReplay(dead!.id), { token: admin.token });
    expect([again.status, again.body.msg]).toEqual([400, WEBHOOK_TEXT.alreadyDelivered]);
    const missing = await t.call('POST', API.webhookReplay(999_999), { token: admin.token });
    expect([missing.status, missing.body.msg]).toEqual([404, WEBHOOK_TEXT.deliveryNotFound]);
    const member = await t.createUser('member');
    expect((await t.call('POST', API.webhookReplay(dead!.id), { token: member.token })).status).toBe(403);
  });

  it('gives up after the hours limit a delivery that kept failing, even with attempts left', async () => {
    const down = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => down.close(resolve)));
    const endpoint = await create(`http://receiver.internal:${(down.address() as AddressInfo).port}/`);
    // Queued 25 hours ago, with the 24-hour default: its first failure is its last.
    await t.ctx.db.transaction(async (tx) => {
      await queueWebhookEvent(tx, {
        type: 'webhook.test',
        accountId: null,
        endpointId: endpoint.id,
        payload: { endpoint_id: endpoint.id, message: 'old' },
      });
      await tx
        .update(webhookDeliveries)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
    });
    t.ctx.webhooks.nudge();
    const [dead] = await waitFor(
      () =>
        deliveries(t, admin.token, `&endpoint=${endpoint.id}&status=dead`).then(
          (rows) => rows.length > 0 && rows,
        ),
      'the delivery given up',
    );
    expect(dead).toMatchObject({ attempts: 1, lastError: 'HTTP 500' });
  });
});

describe('webhook delivery retention', () => {
  it('deletes delivered rows after the retention, dead ones after theirs, in batches, and their events with them', async () => {
    const t = await startTestApp({ ...FAST, WEBHOOK_PRUNE_BATCH: '2' });
    cleanups.push(() => t.close());
    // Inactive: nothing is sent, only pruned.
    const [endpoint] = await t.ctx.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://not-yet.example.test/kept',
        eventTypes: ['account.status'],
        secret: 'whsec_test',
        active: false,
      })
      .returning();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    // Delivered 8 days ago (past the 7-day default) and an hour ago; dead 31 days ago (past 30) and
    // 8 days ago; never delivered, 40 days old.
    const rows = {
      oldDelivered: [
        { deliveredAt: hoursAgo(8 * 24) },
        { deliveredAt: hoursAgo(8 * 24) },
        { deliveredAt: hoursAgo(9 * 24) },
      ],
      recentDelivered: [{ deliveredAt: hoursAgo(1) }],
      oldDead: [{ deadAt: hoursAgo(31 * 24) }, { deadAt: hoursAgo(31 * 24) }],
      recentDead: [{ deadAt: hoursAgo(8 * 24) }],
      waiting: [{}],
    };
    const ids: Record<string, number[]> = {};
    for (const [kind, changes] of Object.entries(rows))
      for (const change of changes) {
        const uid = await queueWebhookEvent(t.ctx.db, {
          type: 'webhook.test',
          accountId: null,
          endpointId: endpoint!.id,
          payload: { endpoint_id: endpoint!.id, message: kind },
        });
        const [event] = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.uid, uid!));
        await t.ctx.db
          .update(webhookDeliveries)
          .set({ ...change, createdAt: hoursAgo(40 * 24) })
          .where(eq(webhookDeliveries.eventId, event!.id));
        (ids[kind] ??= []).push(event!.id);
      }

    await t.ctx.webhooks.resume();
    const kept = [...ids.recentDelivered!, ...ids.recentDead!, ...ids.waiting!];
    await waitFor(
      async () => (await t.ctx.db.select().from(webhookDeliveries)).length === kept.length,
      'the pruning',
    );
    const left = await t.ctx.db.select().from(webhookDeliveries);
    expect(left.map((row) => row.eventId).sort()).toEqual(kept.sort());
    // The events of pruned deliveries go too; the others stay.
    const events = await t.ctx.db.select().from(webhookEvents);
    expect(events.map((event) => event.id).sort()).toEqual(kept.sort());
    expect(
      await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.id, [...ids.oldDelivered!, ...ids.oldDead!])),
    ).toHaveLength(0);
  });
});

describe('the operator allowance (WEBHOOK_ALLOWED_HOSTS)', () => {
  it('opens exactly the names, addresses and ranges listed, and stops the start on an entry it cannot read', async () => {
    const resolver = stubResolver({
      'hooks.corp.example': ['10.99.0.1'],
      'other.corp.example': ['10.99.0.1'],
    });
    const guard = new OutboundGuard(
      parseAllowList(' 10.20.0.0/16, 192.168.1.40 ,Hooks.Corp.Example., fd12::/16'),
      resolver.resolve,
    );
    const verdicts = Object.fromEntries(
      await Promise.all(
        [
          'http://10.20.3.4/',
          'http://10.21.0.1/',
          'http://192.168.1.40:8080/',
          'http://192.168.1.41/',
          'http://[::ffff:10.20.0.9]/',
          'http://[fd12::5]/',
          'http://[fd13::5]/',
          'https://hooks.corp.example/in',
          'https://other.corp.example/in',
          'http://127.0.0.1/',
        ].map(async (url) => [url, await guard.checkOnSave(url)]),
      ),
    );
    expect(verdicts).toEqual({
      'http://10.20.3.4/': 'ok',
      'http://10.21.0.1/': 'refused',
      'http://192.168.1.40:8080/': 'ok',
      'http://192.168.1.41/': 'refused',
      'http://[::ffff:10.20.0.9]/': 'ok',
      'http://[fd12::5]/': 'ok',
      'http://[fd13::5]/': 'refused',
      'https://hooks.corp.example/in': 'ok',
      'https://other.corp.example/in': 'refused',
      'http://127.0.0.1/': 'refused',
    });
    for (const entry of ['not a host!', '10.0.0.0/99', 'http://x.example'])
      expect(() => configFromEnv({ WEBHOOK_ALLOWED_HOSTS: entry }), entry).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });
});
