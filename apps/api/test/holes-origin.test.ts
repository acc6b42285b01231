import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import {
  API,
  COOKIE_AUTH_TOKEN,
  MESSAGE_TEXT as MSG,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_PATH,
} from '@blaster/contract';
import { webhookEndpoints } from '../src/db/schema';
import { startRealtimeServer } from '../src/realtime/server';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
let endpointId: number;

beforeAll(async () => {
  t = await startTestApp({ ALLOWED_ORIGINS: 'https://ops.example.com' });
  admin = await t.createUser('admin');
  // Written straight to the table: what matters here is who may rotate its secret, not its URL.
  const [endpoint] = await t.ctx.db
    .insert(webhookEndpoints)
    .values({
      url: 'https://hooks.example.com/in',
      secret: 'secret-before',
      eventTypes: ['message.delivery'],
    })
    .returning();
  endpointId = endpoint!.id;
});
afterAll(() => t.close());

const secretNow = async () =>
  (await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)))[0]!.secret;

/** What a form on another site makes the browser send: the cookie rides along, the body is text/plain. */
const rotateWithCookie = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: API.webhookRotateSecret(endpointId),
    headers: {
      host: 'panel.example.com',
      cookie: `${COOKIE_AUTH_TOKEN}=${admin.token}`,
      'content-type': 'text/plain',
      ...headers,
    },
    payload: 'x=1',
  });

describe('cookie-authenticated changes from other sites', () => {
  it('refuses a cross-site form that rotates a webhook secret with the cookie', async () => {
    const before = await secretNow();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // Same host name, another port: another origin.
      { origin: 'https://panel.example.com:8443' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as Record<string, string>[]) {
      const answer = await rotateWithCookie(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toEqual({ msg: MSG.forbidden });
    }
    expect(await secretNow()).toBe(before);
  });

  it('accepts the panel itself, the origins the operator allowed, and clients with their own token', async () => {
    let previous = await secretNow();
    const changed = async () => {
      const now = await secretNow();
      const moved = now !== previous;
      previous = now;
      return moved;
    };
    for (const headers of [
      { origin: 'http://panel.example.com' },
      { 'sec-fetch-site': 'same-origin' },
      // Not a browser page (curl, a script): neither header.
      {},
      { origin: 'https://ops.example.com' },
    ] as Record<string, string>[]) {
      const answer = await rotateWithCookie(headers);
      expect(answer.statusCode, `${JSON.stringify(headers)} ${answer.body}`).toBe(200);
      expect(await changed()).toBe(true);
    }
    const bearer = await t.app.inject({
      method: 'POST',
      url: API.webhookRotateSecret(endpointId),
      headers: {
        host: 'panel.example.com',
        origin: 'https://evil.example',
        authorization: `Bearer ${admin.token}`,
      },
    });
    expect(bearer.statusCode).toBe(200);
    expect(await changed()).toBe(true);
  });

  it('refuses a cross-site sign-in form too', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { host: 'panel.example.com', origin: 'https://evil.example' },
      payload: { email: 'someone@example.com', password: 'whatever' },
    });
    expect(answer.statusCode).toBe(403);
  });
});

/** Opens a socket and tells how it ended: 'open', or the HTTP status the upgrade was refused with. */
function openSocket(url: string, headers: Record<string, string>) {
  return new Promise<number | 'open'>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('sockets from other sites', () => {
  let httpUrl: string;
  let legacyUrl: string;
  let legacy: ReturnType<typeof startRealtimeServer>;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    httpUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}?id=${REALTIME_CHANNEL_ADMIN}`;
    legacy = startRealtimeServer(t.ctx, { port: 0, host: '127.0.0.1' });
    await legacy.ready;
    legacyUrl = `ws://127.0.0.1:${(legacy.server.address() as AddressInfo).port}/?id=${REALTIME_CHANNEL_ADMIN}`;
  });
  afterAll(() => legacy.close());

  it('refuses a page of another site on both socket ports, and lets the panel and plain clients in', async () => {
    const cookie = `${COOKIE_AUTH_TOKEN}=${admin.token}`;
    for (const url of [httpUrl, legacyUrl]) {
      expect(await openSocket(url, { cookie, origin: 'https://evil.example' }), url).toBe(403);
      expect(await openSocket(url, { cookie, origin: 'https://ops.example.com' }), url).toBe('open');
      expect(await openSocket(url, { cookie }), url).toBe('open');
    }
    // The panel's page is served by the HTTP port; the legacy port is the same host on another port.
    const panel = `http://${new URL(httpUrl).host}`;
    expect(await openSocket(httpUrl, { cookie, origin: panel })).toBe('open');
    expect(await openSocket(legacyUrl, { cookie, origin: panel })).toBe('open');
    expect(await openSocket(legacyUrl, { cookie, origin: 'http://127.0.0.2:3000' })).toBe(403);
  });
});
