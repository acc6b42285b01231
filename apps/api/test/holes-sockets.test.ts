import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as connectTcp } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  API,
  COOKIE_AUTH_TOKEN,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_SIGNIN,
  REALTIME_PATH,
} from '@blaster/contract';
import { CLOSE_TRY_AGAIN_LATER } from '../src/realtime/server';
import { startTestApp, type TestApp } from './support/app';
import { openSocket } from './support/sockets';

const ANONYMOUS_CAP = 3;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({
    REALTIME_ANONYMOUS_PER_ADDRESS: String(ANONYMOUS_CAP),
    // This machine's loopback is the proxy: X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    REQUEST_TIMEOUT_MS: '500',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Resolves once the channel has `count` sockets subscribed. */
async function subscribers(channel: string, count: number) {
  while (t.ctx.hub.subscriberCount(channel) < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return 'subscribed' as const;
}

/** Resolves once the server has let go of sockets until at most `count` remain on the channel. */
async function subscribersDownTo(channel: string, count: number) {
  while (t.ctx.hub.subscriberCount(channel) > count) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A socket on the HTTP port; `outcome` is 'subscribed' or the code it was closed with. */
function socketOn(channel: string, headers: Record<string, string>, subscribedAt: number) {
  const client = openSocket(
    `ws://127.0.0.1:${port}${REALTIME_PATH}?id=${encodeURIComponent(channel)}`,
    headers,
  );
  return {
    socket: client.socket,
    closed: client.closed,
    // Counted only once this socket is open: until then the count is other sockets'.
    outcome: Promise.race([client.closed, client.opened.then(() => subscribers(channel, subscribedAt))]),
  };
}

describe('sockets that are not signed in', () => {
  it('lets one address hold only so many, counting each client behind the proxy apart', async () => {
    const held = [];
    for (let i = 1; i <= ANONYMOUS_CAP; i += 1) {
      const socket = socketOn(REALTIME_CHANNEL_SIGNIN, {}, i);
      expect(await socket.outcome).toBe('subscribed');
      held.push(socket);
    }
    // Over the cap, with or without a forged token: refused.
    for (const headers of [{}, { authorization: 'Bearer forged' }] as Record<string, string>[]) {
      const excess = socketOn(REALTIME_CHANNEL_SIGNIN, headers, ANONYMOUS_CAP + 1);
      expect(await excess.outcome).toBe(CLOSE_TRY_AGAIN_LATER);
    }

    // A signed-in user from the same address is not one of them.
    const admin = await t.createUser('admin');
    const signedIn = socketOn(REALTIME_CHANNEL_ADMIN, { cookie: `${COOKIE_AUTH_TOKEN}=${admin.token}` }, 1);
    expect(await signedIn.outcome).toBe('subscribed');
    // Another client behind the trusted proxy has a cap of its own.
    const behindProxy = socketOn(
      REALTIME_CHANNEL_SIGNIN,
      { 'x-forwarded-for': '203.0.113.9' },
      ANONYMOUS_CAP + 1,
    );
    expect(await behindProxy.outcome).toBe('subscribed');

    // A socket that leaves frees its place.
    held[0]!.socket.close();
    await held[0]!.closed;
    // On a busy machine the server may see the close after the client does.
    await subscribersDownTo(REALTIME_CHANNEL_SIGNIN, ANONYMOUS_CAP);
    const again = socketOn(REALTIME_CHANNEL_SIGNIN, {}, ANONYMOUS_CAP + 1);
    expect(await again.outcome).toBe('subscribed');

    for (const socket of [...held, signedIn, behindProxy, again]) socket.socket.close();
  });
});

/** A raw connection that sends `text` and then nothing more; resolves with what came back once it closes. */
function trickle(text: string) {
  return new Promise<string>((resolve, reject) => {
    const connection = connectTcp({ host: '127.0.0.1', port }, () => connection.write(text));
    let answer = '';
    connection.on('data', (chunk) => (answer += String(chunk)));
    connection.once('close', () => resolve(answer));
    connection.once('error', reject);
  });
}

describe('slow clients', () => {
  it('closes a connection whose body never finishes arriving', async () => {
    const answer = await trickle(
      `POST ${API.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never finish arriving', async () => {
    const answer = await trickle(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
