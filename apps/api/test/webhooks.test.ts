import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  API,
  WEBHOOK_HEADERS,
  WEBHOOK_TEXT,
  type AuditEntry,
  type Paged,
  type MessageDeliveryStatus,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@blaster/contract';
import {
  messageLogs,
  messageTemplates,
  phoneNumbers,
  users,
  webhookDeliveries,
  webhookEvents,
  whatsappAccounts,
} from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { queueWebhookEvent, verifyWebhookSignature } from '../src/domain/webhooks';
import { startTestApp, stopInstance, type TestApp } from './support/app';
import { changeSettings } from './support/settings';
import { connect, signal, waitFor } from './support/chat';

/**
 * Small backoff and a short lease, so retries and a takeover happen within seconds; the receivers
 * listen on loopback, which the operator allows here (public addresses only by default).
 */
const FAST = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_BASE_MS: '20',
  WEBHOOK_RETRY_MAX_MS: '200',
  WEBHOOK_POLL_MS: '20',
  WEBHOOK_TIMEOUT_MS: '10000',
  JOB_LEASE_SECONDS: '1',
};

interface Received {
  raw: string;
  body: WebhookBody;
  headers: IncomingMessage['headers'];
  /** The status the receiver answered; null while the request is held open. */
  answered: number | null;
}

/** The operator's receiver: a local HTTP server whose answer to each request the test decides. */
async function startReceiver(
  answer: (request: Received, index: number) => number | 'hold',
): Promise<{ url: string; received: Received[]; held: ServerResponse[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Received = { raw, body: JSON.parse(raw), headers: request.headers, answered: null };
      received.push(entry);
      const status = answer(entry, received.length - 1);
      if (status === 'hold') {
        held.push(response);
        return;
      }
      entry.answered = status;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    held,
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const accepted = (received: Received[]) =>
  received.filter((entry) => entry.answered !== null && entry.answered >= 200 && entry.answered < 300);

async function createEndpoint(t: TestApp, token: string, url: string, events: string[]) {
  const created = await t.call<{ data: WebhookEndpoint; secret: string }>('POST', API.webhookEndpoints, {
    token,
    body: { url, events, description: 'penerima uji' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

/** Queues `perAccount` events for each account, interleaved the way concurrent accounts would be. */
async function queueInterleaved(t: TestApp, accounts: number[], perAccount: number) {
  const ids: string[] = [];
  for (let n = 1; n <= perAccount; n += 1)
    for (const accountId of accounts) {
      const id = await t.ctx.db.transaction((tx) =>
        queueWebhookEvent(tx, {
          type: 'account.status',
          accountId,
          payload: {
            whatsapp_id: accountId,
            user_id: 1,
            clientid: `device-${accountId}`,
            phonenumber: null,
            state: `state-${n}`,
          },
        }),
      );
      ids.push(id!);
    }
  return ids;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('webhook delivery', () => {
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp(FAST);
    admin = await t.createUser('admin');
    await t.ctx.webhooks.resume();
  });
  afterAll(() => t.close());
  /** Each test's endpoint goes with it, so the next test's events reach only its own receiver. */
  const removeEndpoint = (id: number) => async () => {
    await t.call('DELETE', API.webhookEndpoint(id), { token: admin.token });
  };

  it('gives every event exactly once, in order per account, to a receiver that failed five times first', async () => {
    const receiver = await startReceiver((_, index) => (index < 5 ? 500 : 204));
    cleanups.push(() => receiver.close());
    const { data: endpoint, secret } = await createEndpoint(t, admin.token, receiver.url, ['account.status']);
    cleanups.push(removeEndpoint(endpoint.id));

    const accounts = [101, 102, 103];
    const queued = await queueInterleaved(t, accounts, 6);
    await waitFor(() => accepted(receiver.received).length >= queued.length, 'every event accepted');

    // Exactly once: each event accepted one time, none lost.
    const ids = accepted(receiver.received).map((entry) => entry.body.id);
    expect(ids.sort()).toEqual([...queued].sort());
    expect(receiver.received.filter((entry) => entry.answered === 500)).toHaveLength(5);
    // In order per account: no request for an account's event until the one before it was accepted.
    for (const account of accounts) {
      const ofAccount = receiver.received.filter((entry) => entry.body.account_id === account);
      const sequences = ofAccount.map((entry) => entry.body.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      expect(accepted(ofAccount).map((entry) => entry.body.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    }
    // Every request carries the idempotency id and a signature made with the endpoint's secret.
    for (const entry of receiver.received) {
      expect(entry.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(entry.body.id);
      const timestamp = String(entry.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
      const signature = String(entry.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
      expect(verifyWebhookSignature(secret, timestamp, entry.raw, signature)).toBe(true);
    }
    // Nothing left to send, and nothing sent again once accepted.
    await waitFor(
      async () => (await t.ctx.db.select().from(webhookDeliveries)).every((row) => row.deliveredAt !== null),
      'all recorded as delivered',
    );
    const sentBefore = receiver.received.length;
    await t.ctx.webhooks.step(1);
    expect(receiver.received.length).toBe(sentBefore);
  });

  it('signs with the endpoint secret: the signature verifies with it and fails with another', async () => {
    const receiver = await startReceiver(() => 200);
    cleanups.push(() => receiver.close());
    const { data: endpoint, secret } = await createEndpoint(t, admin.token, receiver.url, ['account.status']);
    cleanups.push(removeEndpoint(endpoint.id));

    const test = await t.call('POST', API.webhookTest(endpoint.id), { token: admin.token });
    expect([test.status, test.body.msg]).toEqual([200, WEBHOOK_TEXT.testQueued]);
    const [entry] = await waitFor(
      () => accepted(receiver.received).length === 1 && receiver.received,
      'test',
    );
    expect(entry!.body.type).toBe('webhook.test');
    expect(entry!.body.data).toMatchObject({ endpoint_id: endpoint.id });
    const timestamp = String(entry!.headers['x-blaster-timestamp']);
    const signature = String(entry!.headers['x-blaster-signature']);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, timestamp, entry!.raw, signature)).toBe(true);
    expect(verifyWebhookSignature(`${secret}x`, timestamp, entry!.raw, signature)).toBe(false);
    // The timestamp is part of what is signed: a replay with another one does not verify.
    expect(verifyWebhookSignature(secret, String(Number(timestamp) + 600), entry!.raw, signature)).toBe(
      false,
    );
    expect(
      verifyWebhookSignature(secret, timestamp, entry!.raw.replace('webhook.test', 'x'), signature),
    ).toBe(false);

    // After a rotation, requests are signed with the new secret only.
    const rotated = await t.call<{ secret: string }>('POST', API.webhookRotateSecret(endpoint.id), {
      token: admin.token,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    await t.call('POST', API.webhookTest(endpoint.id), { token: admin.token });
    const [, second] = await waitFor(
      () => accepted(receiver.received).length === 2 && receiver.received,
      'test 2',
    );
    const args = [
      String(second!.headers['x-blaster-timestamp']),
      second!.raw,
      String(second!.headers['x-blaster-signature']),
    ] as const;
    expect(verifyWebhookSignature(rotated.body.secret, ...args)).toBe(true);
    expect(verifyWebhookSignature(secret, ...args)).toBe(false);
  });
});

describe('message delivery events', () => {
  it("tell a blast's every stage exactly once, in order per account, to a receiver that failed five times first", async () => {
    // A network that fails some sends, loses some acknowledgements and gets STOP replies; sends 10 ms
    // apart, so rounds last long enough for acknowledgements to be written while their sends are
    // still being settled.
    const gateway = new SandboxGateway({
      seed: 21,
      timeScale: 0.01,
      failRate: 0.15,
      replyRate: 0.2,
      ackLossRate: 0.2,
      readRate: 0.6,
    });
    const t = await startTestApp({ ...FAST, SANDBOX_TIME_SCALE: '0.01' }, { gateway });
    cleanups.push(() => t.close());
    const admin = await t.createUser('admin');
    const member = await t.createUser('member');
    await t.ctx.db
      .update(users)
      .set({ blastIntervalMin: 1, blastIntervalMax: 1 })
      .where(eq(users.id, member.id));
    // Template pacing off: a fifth of the recipients answer STOP, which puts a paced template back into
    // a first batch held for its feedback on the network's clock, and on a busy machine that hold (or
    // a pause by the feedback) outlasted the test. What is told here is the same either way.
    await changeSettings(t, admin.token, { template_first_batch: 0 });
    const receiver = await startReceiver((_, index) => (index < 5 ? 500 : 204));
    cleanups.push(() => receiver.close());
    const { secret } = await createEndpoint(t, admin.token, receiver.url, ['message.delivery']);
    // Subscribed but switched off: it is given nothing.
    const { data: off } = await createEndpoint(t, admin.token, `${receiver.url}/off`, ['message.delivery']);
    await t.call('PUT', API.webhookEndpoint(off.id), {
      token: admin.token,
      body: { url: off.url, events: off.events, active: false },
    });
    await t.ctx.webhooks.resume();

    const accounts = [await connect(t, member, 'qr'), await connect(t, member, 'qr')];
    await t.ctx.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 60 }, (_, i) => ({ number: String(6287200000000 + i), name: `Target ${i}` })),
      );
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo {name}</p>', textWa: 'Halo {name}' });
    for (const account of accounts)
      expect(
        (
          await t.call('POST', API.whatsappStart, {
            token: member.token,
            body: { whatsappClientId: account.id },
          })
        ).status,
      ).toBe(200);
    let seen = '';
    const idle = async () => {
      const rows = await t.ctx.db.select().from(whatsappAccounts);
      seen = JSON.stringify({
        accounts: rows.map((row) => [row.status, row.countSuccess, row.countFail]),
        pendingAnswers: gateway.pendingAnswers,
      });
      return rows.every((row) => row.status === 'idle') && gateway.pendingAnswers === 0;
    };
    await waitFor(idle, () => `the blasts and every acknowledgement and reply (last seen: ${seen})`);
    await t.ctx.delivery.flush();

    const logs = await t.ctx.db.select().from(messageLogs);
    expect(logs).toHaveLength(60);
    // What each message went through, in order: its send's outcome, then what the network told.
    const stagesOf = new Map(
      logs.map((log) => [
        log.id,
        [
          log.status === 'success' ? 'sent' : 'failed',
          ...(log.deliveredAt ? ['delivered'] : []),
          ...(log.readAt ? ['read'] : []),
          ...(log.optedOutAt ? ['opted_out'] : []),
        ] as MessageDeliveryStatus[],
      ]),
    );
    const told = [...stagesOf.values()].flat();
    for (const stage of ['sent', 'failed', 'delivered', 'read', 'opted_out'] as const)
      expect(told, stage).toContain(stage);
    // Some acknowledgements were lost, so the stages narrow for a reason the test can see.
    expect(told.filter((stage) => stage === 'delivered').length).toBeLessThan(
      told.filter((stage) => stage === 'sent').length,
    );

    await waitFor(() => accepted(receiver.received).length >= told.length, 'every event accepted');
    const events = await t.ctx.db.select().from(webhookEvents);
    // Only the subscribed type is queued: no STOP's number.opted_out, no connection's account.status.
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['message.delivery']));
    expect(events).toHaveLength(told.length);
    const deliveries = await t.ctx.db.select().from(webhookDeliveries);
    expect(deliveries.every((row) => row.endpointId !== off.id)).toBe(true);

    // Exactly once: each event accepted one time, none lost, five refused on the way.
    const got = accepted(receiver.received);
    expect(got.map((entry) => entry.body.id).sort()).toEqual(events.map((event) => event.uid).sort());
    expect(receiver.received.filter((entry) => entry.answered === 500)).toHaveLength(5);
    for (const entry of receiver.received) {
      const timestamp = String(entry.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
      const signature = String(entry.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
      expect(verifyWebhookSignature(secret, timestamp, entry.raw, signature)).toBe(true);
    }

    // In order per account: asked for in sequence, each accepted once, numbered without a gap.
    for (const account of accounts) {
      const ofAccount = receiver.received.filter((entry) => entry.body.account_id === account.id);
      const sequences = ofAccount.map((entry) => entry.body.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      const acceptedSequences = accepted(ofAccount).map((entry) => entry.body.sequence);
      expect(acceptedSequences).toEqual(acceptedSequences.map((_, i) => i + 1));
    }
    // Each message's stages, told in the order it reached them, about the right message.
    const heard = new Map<number, MessageDeliveryStatus[]>();
    for (const entry of got) {
      const body = entry.body as WebhookBody<'message.delivery'>;
      const log = logs.find((row) => row.id === body.data.message_log_id)!;
      expect(body.data).toMatchObject({
        whatsapp_id: log.whatsappId,
        user_id: member.id,
        number: log.target,
        error: body.data.status === 'failed' ? expect.any(String) : null,
      });
      expect(body.account_id).toBe(log.whatsappId);
      expect(new Date(body.data.at).toISOString()).toBe(body.data.at);
      heard.set(log.id, [...(heard.get(log.id) ?? []), body.data.status]);
    }
    expect(heard).toEqual(stagesOf);
  });
});

describe('webhook dispatcher on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    a = await startTestApp({ ...FAST, INSTANCE_ID: 'a' });
    b = await startTestApp({ ...FAST, INSTANCE_ID: 'b' }, { database: a.database, gateway: a.sandbox });
    admin = await a.createUser('admin');
  });
  afterAll(async () => {
    await stopInstance(a);
    await b.close();
  });

  it('loses nothing when the dispatching instance is killed mid-delivery: the other takes over', async () => {
    // Until instance a is killed, requests are held open: a dies waiting for the receiver's answers.
    let killed = false;
    const receiver = await startReceiver(() => (killed ? 200 : 'hold'));
    cleanups.push(() => receiver.close());
    await createEndpoint(a, admin.token, receiver.url, ['account.status']);
    const queued = await queueInterleaved(a, [201, 202], 4);

    await a.ctx.webhooks.resume();
    await waitFor(() => receiver.held.length === 2, 'the first event of each account in flight on a');
    // A crash: a's loop is abandoned where it stands, its lease no longer renewed.
    a.ctx.webhooks.kill();
    a.ctx.leases.stop();
    killed = true;
    await b.ctx.webhooks.resume();

    await waitFor(() => accepted(receiver.received).length >= queued.length, 'b to deliver everything');
    // Every event accepted exactly once, in order per account; the two a was sending went out again
    // from b with the same idempotency id.
    const ids = accepted(receiver.received).map((entry) => entry.body.id);
    expect(ids.sort()).toEqual([...queued].sort());
    for (const account of [201, 202])
      expect(
        accepted(receiver.received)
          .filter((entry) => entry.body.account_id === account)
          .map((entry) => entry.body.sequence),
      ).toEqual([1, 2, 3, 4]);
    const interrupted = receiver.received.slice(0, 2).map((entry) => entry.body.id);
    expect(ids).toEqual(expect.arrayContaining(interrupted));
    await waitFor(
      async () => (await b.ctx.db.select().from(webhookDeliveries)).every((row) => row.deliveredAt !== null),
      'all recorded as delivered',
    );
    for (const response of receiver.held) response.destroy();
  });
});

describe('webhook endpoints', () => {
  let t: TestApp;
  let admin: { id: number; token: string };
  let dev: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp(FAST);
    admin = await t.createUser('admin');
    dev = await t.createUser('dev');
  });
  afterAll(() => t.close());

  it('refuses addresses other than http and https, with a clear message', async () => {
    for (const [url, msg] of [
      ['ftp://example.test/hook', WEBHOOK_TEXT.urlScheme],
      ['file:///etc/passwd', WEBHOOK_TEXT.urlScheme],
      ['javascript:alert(1)', WEBHOOK_TEXT.urlScheme],
      ['bukan url', WEBHOOK_TEXT.urlInvalid],
      ['http://user:secret@example.test/hook', WEBHOOK_TEXT.urlInvalid],
      ['', WEBHOOK_TEXT.urlRequired],
    ]) {
      const answer = await t.call('POST', API.webhookEndpoints, {
        token: admin.token,
        body: { url, events: ['account.status'] },
      });
      expect([answer.status, answer.body.msg], url).toEqual([400, msg]);
    }
    const noEvents = await t.call('POST', API.webhookEndpoints, {
      token: admin.token,
      body: { url: 'https://example.test/hook', events: [] },
    });
    expect([noEvents.status, noEvents.body.msg]).toEqual([400, WEBHOOK_TEXT.eventsRequired]);
    const list = await t.call<{ data: WebhookEndpoint[] }>('GET', API.webhookEndpoints, {
      token: admin.token,
    });
    expect(list.body.data).toHaveLength(0);
  });

  it('shows the secret once, keeps changes in the audit trail without it, and retries only what was not accepted', async () => {
    const { data: endpoint, secret } = await createEndpoint(t, dev.token, 'https://receiver.example.test/a', [
      'account.status',
      'message.delivery',
    ]);
    expect(secret).toMatch(/^whsec_/);
    const list = await t.call<{ data: WebhookEndpoint[] }>('GET', API.webhookEndpoints, {
      token: admin.token,
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data[0]).toMatchObject({
      id: endpoint.id,
      secretHint: `…${secret.slice(-4)}`,
      createdBy: dev.id,
    });

    // Paused, so what is queued waits (the dispatcher is not running in this suite).
    const paused = await t.call('PUT', API.webhookEndpoint(endpoint.id), {
      token: admin.token,
      body: { url: endpoint.url, events: endpoint.events, active: false },
    });
    expect(paused.status).toBe(200);
    const bad = await t.call('PUT', API.webhookEndpoint(endpoint.id), {
      token: admin.token,
      body: { url: 'gopher://x', events: endpoint.events },
    });
    expect([bad.status, bad.body.msg]).toEqual([400, WEBHOOK_TEXT.urlScheme]);
    const refusedTest = await t.call('POST', API.webhookTest(endpoint.id), { token: admin.token });
    expect([refusedTest.status, refusedTest.body.msg]).toEqual([400, WEBHOOK_TEXT.endpointInactive]);

    await queueWebhookEvent(t.ctx.db, {
      type: 'message.delivery',
      accountId: 7,
      payload: {
        message_log_id: 1,
        whatsapp_id: 7,
        user_id: 1,
        number: '6281234567890',
        status: 'sent',
        at: new Date().toISOString(),
      },
    });
    // Inactive endpoints get no new deliveries.
    expect(await t.ctx.db.select().from(webhookDeliveries)).toHaveLength(0);
    await t.call('PUT', API.webhookEndpoint(endpoint.id), {
      token: admin.token,
      body: { url: endpoint.url, events: endpoint.events, active: true },
    });
    // Not subscribed: nothing queued at all.
    const none = await queueWebhookEvent(t.ctx.db, {
      type: 'number.opted_out',
      accountId: null,
      payload: { number: '6281234567890', whatsapp_id: null, reason: 'STOP', at: new Date().toISOString() },
    });
    expect(none).toBeNull();
    await queueWebhookEvent(t.ctx.db, {
      type: 'message.delivery',
      accountId: 7,
      payload: {
        message_log_id: 2,
        whatsapp_id: 7,
        user_id: 1,
        number: '6281234567890',
        status: 'delivered',
        at: new Date().toISOString(),
      },
    });
    const page = await t.call<Paged<WebhookDelivery>>('GET', `${API.webhookDeliveries}?page=1`, {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    const [delivery] = page.body.data;
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'message.delivery',
      detail: 'delivered · 6281234567890 · log #2',
      status: 'pending',
    });

    // Retry now makes it due at once; once accepted, it is never sent again.
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    const retried = await t.call('POST', API.webhookRetry(delivery!.id), { token: admin.token });
    expect([retried.status, retried.body.msg]).toEqual([200, WEBHOOK_TEXT.retryQueued]);
    const [due] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(due!.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 60_000);
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ deliveredAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery!.id));
    const again = await t.call('POST', API.webhookRetry(delivery!.id), { token: admin.token });
    expect([again.status, again.body.msg]).toEqual([400, WEBHOOK_TEXT.alreadyDelivered]);
    const missing = await t.call('POST', API.webhookRetry(999_999), { token: admin.token });
    expect([missing.status, missing.body.msg]).toEqual([404, WEBHOOK_TEXT.deliveryNotFound]);
    const delivered = await t.call<Paged<WebhookDelivery>>(
      'GET',
      `${API.webhookDeliveries}?status=delivered&endpoint=${endpoint.id}`,
      { token: admin.token },
    );
    expect(delivered.body.data.map((row) => row.id)).toEqual([delivery!.id]);

    const rotated = await t.call<{ secret: string }>('POST', API.webhookRotateSecret(endpoint.id), {
      token: admin.token,
    });
    const removed = await t.call('DELETE', API.webhookEndpoint(endpoint.id), { token: admin.token });
    expect([removed.status, removed.body.msg]).toEqual([200, WEBHOOK_TEXT.deleted]);
    expect(await t.ctx.db.select().from(webhookDeliveries)).toHaveLength(0);

    const audit = await t.call<Paged<AuditEntry>>('GET', `${API.auditPerPage}?target_type=webhook`, {
      token: admin.token,
    });
    expect(audit.body.data.map((entry) => entry.action).sort()).toEqual(
      ['webhook.create', 'webhook.delete', 'webhook.rotate', 'webhook.update', 'webhook.update'].sort(),
    );
    const trail = JSON.stringify(audit.body.data);
    expect(trail).not.toContain(secret);
    expect(trail).not.toContain(rotated.body.secret);
  });

  // Two connections at once: the embedded database has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'deletes an endpoint after an event being queued for it, taking that delivery along',
    async () => {
      const { data: endpoint } = await createEndpoint(t, admin.token, 'http://127.0.0.1:9/away', [
        'account.status',
      ]);
      const queued = signal();
      const released = signal();
      const writer = t.ctx.db.transaction(async (tx) => {
        await queueWebhookEvent(tx, {
          type: 'account.status',
          accountId: null,
          payload: { whatsapp_id: 0, user_id: 1, clientid: 'device-0', phonenumber: null, state: 'open' },
        });
        queued.fire();
        await released.fired;
      });
      await queued.fired;
      const removing = t.call('DELETE', API.webhookEndpoint(endpoint.id), { token: admin.token });
      // A fixed wait, to let the removal reach the queued row's lock first; should it not get there
      // in time the test still holds, it only proves less.
      await new Promise((resolve) => setTimeout(resolve, 300));
      released.fire();
      await writer;
      expect((await removing).status).toBe(200);
      expect(
        await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
      ).toHaveLength(0);
    },
  );

  it('queues account events with the change: connection updates and a session that ended', async () => {
    const receiver = await startReceiver(() => 200);
    cleanups.push(() => receiver.close());
    await createEndpoint(t, admin.token, receiver.url, ['account.status', 'account.disconnected']);
    const member = await t.createUser('member');
    const account = await connect(t, member, 'qr');
    t.sandbox.setState(account.deviceId, 'loggedOut');
    const events = await waitFor(async () => {
      const rows = await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.accountId, account.id)))
        .orderBy(asc(webhookEvents.sequence));
      return rows.length >= 3 && rows;
    }, 'account events');
    expect(events.map((event) => [event.type, event.payload.state])).toEqual([
      ['account.status', 'connected'],
      ['account.status', 'loggedOut'],
      ['account.disconnected', 'loggedOut'],
    ]);
    expect(events[1]!.payload).toMatchObject({
      whatsapp_id: account.id,
      user_id: member.id,
      previous_state: 'connected',
    });
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3]);
  });

  it('queues an opt-out with the number joining the suppression list', async () => {
    const receiver = await startReceiver(() => 200);
    cleanups.push(() => receiver.close());
    await createEndpoint(t, admin.token, receiver.url, ['number.opted_out']);
    const added = await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: '081299887766' },
    });
    expect(added.status).toBe(200);
    const optedOut = await t.ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'number.opted_out'));
    expect(optedOut.map((event) => event.payload)).toEqual([
      expect.objectContaining({ number: '6281299887766', reason: 'manual', whatsapp_id: null }),
    ]);
    // Already on the list: nothing changed, so nothing is told.
    await t.call('POST', API.suppressionCreate, { token: admin.token, body: { number: '081299887766' } });
    expect(
      await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'number.opted_out')),
    ).toHaveLength(1);
  });
});
