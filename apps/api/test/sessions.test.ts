import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, REALTIME_CHANNEL_ADMIN, REALTIME_PATH } from '@blaster/contract';
import type { ClusterBus } from '../src/cluster/bus';
import { users, withdrawals } from '../src/db/schema';
import { CLOSE_UNAUTHORIZED, startRealtimeServer } from '../src/realtime/server';
import { ADMIN, startTestApp, stopInstance, type TestApp } from './support/app';
import { waitFor } from './support/chat';
import { openSocket } from './support/sockets';

/** Two instances' buses wired to each other, as PostgreSQL LISTEN/NOTIFY does between processes. */
function linkedBuses(): [ClusterBus, ClusterBus] {
  type Handlers = Map<string, Set<(data: unknown) => void>>;
  const handlers: [Handlers, Handlers] = [new Map(), new Map()];
  const bus = (self: 0 | 1): ClusterBus => ({
    instanceId: `instance-${self}`,
    publish(topic, data) {
      const copy = JSON.parse(JSON.stringify(data)) as unknown;
      setImmediate(() => handlers[1 - self]!.get(topic)?.forEach((handler) => handler(copy)));
    },
    subscribe(topic, handler) {
      let set = handlers[self]!.get(topic);
      if (!set) handlers[self]!.set(topic, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
    close: async () => {},
  });
  return [bus(0), bus(1)];
}

const [busA, busB] = linkedBuses();
let t: TestApp;
/** A second instance on the same database; only its realtime socket is used. */
let other: TestApp;
let otherRealtime: ReturnType<typeof startRealtimeServer>;
let legacyUrl: string;
let mainUrl: string;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({}, { bus: busA });
  other = await startTestApp({}, { database: t.database, bus: busB });
  otherRealtime = startRealtimeServer(other.ctx, { port: 0, host: '127.0.0.1' });
  await otherRealtime.ready;
  legacyUrl = `ws://127.0.0.1:${(otherRealtime.server.address() as AddressInfo).port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  mainUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  const login = await signIn(ADMIN.email, ADMIN.password);
  admin = { id: login.body.user.id, token: login.body.token };
});
afterAll(async () => {
  await otherRealtime.close();
  await stopInstance(other);
  await t.close();
});

async function signIn(email: string, password: string) {
  const response = await t.app.inject({ method: 'POST', url: API.login, payload: { email, password } });
  return {
    status: response.statusCode,
    body: response.json<{ token: string; user: { id: number } }>(),
    cookie: response.cookies.find((cookie) => cookie.name === 'authToken'),
  };
}

const me = (id: number, token: string) => t.call('GET', API.user(id), { token });

describe('sessions end (item: tokens lived on for 30 days)', () => {
  it('a password change ends every other session at once, and the changing browser stays in', async () => {
    const member = await t.createUser('member');
    const laptop = await signIn(member.email, 'rahasia-123');
    const stolen = laptop.body.token;
    const changed = await t.call<{ token: string }>('PUT', API.user(member.id), {
      token: member.token,
      body: { password: 'sandi-baru-789', current_password: 'rahasia-123' },
    });
    expect(changed.status).toBe(200);
    expect((await me(member.id, stolen)).status).toBe(401);
    expect((await me(member.id, member.token)).status).toBe(401);
    expect((await t.call('POST', API.validate, { body: { token: stolen } })).body).toEqual({
      isvalid: false,
    });
    expect((await me(member.id, changed.body.token)).status).toBe(200);
  });

  it('logout revokes the token on the server and clears the cookie', async () => {
    const member = await t.createUser('member');
    const session = await signIn(member.email, 'rahasia-123');
    const response = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { cookie: `authToken=${session.body.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: MSG.logoutSuccess });
    const cleared = response.cookies.find((cookie) => cookie.name === 'authToken');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    // A copy of the token taken before the logout is worth nothing afterwards.
    expect((await me(member.id, session.body.token)).status).toBe(401);
    expect((await me(member.id, member.token)).status).toBe(401);
  });

  it("asks for the current password before changing one's own password or e-mail", async () => {
    const member = await t.createUser('member');
    const stranger = { token: member.token };
    const noPassword = await t.call('PUT', API.user(member.id), {
      ...stranger,
      body: { password: 'dibajak-123' },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.msg).toBe(MSG.currentPasswordRequired);
    const wrong = await t.call('PUT', API.user(member.id), {
      ...stranger,
      body: { email: 'attacker@evil.test', current_password: 'tebakan' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MSG.currentPasswordWrong);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.email).toBe(member.email);
    expect((await signIn(member.email, 'rahasia-123')).status).toBe(200);
    // Other fields still save without it.
    const name = await t.call('PUT', API.user(member.id), { ...stranger, body: { firstname: 'Baru' } });
    expect(name.status).toBe(200);
  });

  it('a role change ends the sessions of the user whose role changed', async () => {
    const dev = await t.createUser('dev');
    const demoted = await t.call('PUT', API.user(dev.id), { token: admin.token, body: { role: 'member' } });
    expect(demoted.status).toBe(200);
    expect((await me(dev.id, dev.token)).status).toBe(401);
  });
});

describe('privilege escalation (item: a dev made itself admin)', () => {
  it('nobody changes their own role', async () => {
    const dev = await t.createUser('dev');
    const raise = await t.call('PUT', API.user(dev.id), { token: dev.token, body: { role: 'admin' } });
    expect(raise.status).toBe(403);
    const lower = await t.call('PUT', API.user(admin.id), { token: admin.token, body: { role: 'member' } });
    expect(lower.status).toBe(403);
    const [row] = await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, dev.id));
    expect(row!.role).toBe('dev');
  });

  it('only an admin grants or removes admin', async () => {
    const dev = await t.createUser('dev');
    const member = await t.createUser('member');
    const otherAdmin = await t.createUser('admin');
    expect(
      (await t.call('PUT', API.user(member.id), { token: dev.token, body: { role: 'admin' } })).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', API.user(otherAdmin.id), { token: dev.token, body: { role: 'member' } })).status,
    ).toBe(403);
    // A dev still manages the other roles.
    expect(
      (await t.call('PUT', API.user(member.id), { token: dev.token, body: { role: 'staff' } })).status,
    ).toBe(200);
    expect(
      (await t.call('PUT', API.user(member.id), { token: admin.token, body: { role: 'admin' } })).status,
    ).toBe(200);
  });

  it("a dev cannot change an admin's password or e-mail", async () => {
    const dev = await t.createUser('dev');
    const target = await t.createUser('admin');
    const password = await t.call('PUT', API.user(target.id), {
      token: dev.token,
      body: { password: 'diambil-alih' },
    });
    expect(password.status).toBe(403);
    const email = await t.call('PUT', API.user(target.id), {
      token: dev.token,
      body: { email: 'dev-owned@test.local' },
    });
    expect(email.status).toBe(403);
    expect((await signIn(target.email, 'rahasia-123')).status).toBe(200);
  });

  it('nobody decides their own withdrawal, even after becoming admin', async () => {
    const dev = await t.createUser('dev');
    await t.call('PUT', API.user(dev.id), {
      token: dev.token,
      body: { account_bank: 'BCA', account_number: '1234567890', account_name: 'Dev' },
    });
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 50_000, reason: 'Modal', userId: dev.id },
    });
    const request = await t.call<{ withdraw: { id: number } }>('POST', API.withdrawRequest, {
      token: dev.token,
      body: { nominal: 40_000, userId: dev.id },
    });
    expect(request.status).toBe(200);
    // Promoted by a real admin (as the attack's own role change is refused now).
    await t.call('PUT', API.user(dev.id), { token: admin.token, body: { role: 'admin' } });
    const asAdmin = await signIn(dev.email, 'rahasia-123');
    const own = await t.call('PUT', API.withdrawUpdate, {
      token: asAdmin.body.token,
      body: { id: request.body.withdraw.id, status: 'accepted' },
    });
    expect(own.status).toBe(403);
    const [row] = await t.ctx.db
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, request.body.withdraw.id));
    expect(row!.status).toBe('requested');
    const byAnother = await t.call('PUT', API.withdrawUpdate, {
      token: admin.token,
      body: { id: request.body.withdraw.id, status: 'accepted' },
    });
    expect(byAnother.status).toBe(200);
  });
});

describe('open sockets follow role and session changes (item: a demoted dev kept the admin channel)', () => {
  it('closes a demoted dev’s admin socket on another instance, which then gets no admin event', async () => {
    const dev = await t.createUser('dev');
    const socket = openSocket(`${legacyUrl}/?id=${REALTIME_CHANNEL_ADMIN}&token=${dev.token}`);
    await socket.opened;
    await waitFor(() => other.ctx.hub.subscriberCount(REALTIME_CHANNEL_ADMIN) > 0, 'subscribed');
    // Demoted through this instance; the socket lives on the other one.
    await t.call('PUT', API.user(dev.id), { token: admin.token, body: { role: 'member' } });
    expect(await socket.closed).toBe(CLOSE_UNAUTHORIZED);
    other.ctx.hub.publish(REALTIME_CHANNEL_ADMIN, {
      event: 'withdraw_requested',
      payload: {
        withdraw: {
          id: 1,
          nominal: 10_000,
          status: 'requested',
          createdAt: '2026-01-01T00:00:00.000Z',
          userId: dev.id,
          User: {
            firstname: 'A',
            lastname: 'B',
            account_bank: 'BCA',
            account_number: '1234567890',
            account_name: 'A',
          },
        },
      },
    });
    // A fixed wait: it shows that the event never reaches the socket, which no event announces.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.messages).toEqual([]);
    expect(other.ctx.hub.subscriberCount(REALTIME_CHANNEL_ADMIN)).toBe(0);
  });

  it('another instance refuses a demoted dev’s token as soon as the change reaches it, though it just served it', async () => {
    const dev = await t.createUser('dev');
    const onOther = (token: string) =>
      other.app.inject({
        method: 'GET',
        url: API.whatsappList,
        headers: { authorization: `Bearer ${token}` },
      });
    // The other instance has just signed this dev in, and keeps the row for its next requests.
    expect((await onOther(dev.token)).statusCode).toBe(200);
    const noticed = new Promise<void>((resolve) =>
      other.ctx.access.onAnyChange((userId) => userId === dev.id && resolve()),
    );
    await t.call('PUT', API.user(dev.id), { token: admin.token, body: { role: 'member' } });
    await noticed;
    expect((await onOther(dev.token)).statusCode).toBe(401);
  });

  it('logout closes the sockets of the user, the one on the main port too', async () => {
    const dev = await t.createUser('dev');
    const socket = openSocket(`${mainUrl}?id=${REALTIME_CHANNEL_ADMIN}`, {
      cookie: `authToken=${dev.token}`,
    });
    await socket.opened;
    await waitFor(() => t.ctx.hub.subscriberCount(REALTIME_CHANNEL_ADMIN) > 0, 'subscribed');
    await t.call('POST', API.logout, { token: dev.token });
    expect(await socket.closed).toBe(CLOSE_UNAUTHORIZED);
  });
});

describe('the token is out of reach of page scripts and URLs (item: no headers, token readable)', () => {
  it('sets the token as an HttpOnly SameSite=Strict cookie, Secure only under HTTPS', async () => {
    const member = await t.createUser('member');
    const plain = await signIn(member.email, 'rahasia-123');
    expect(plain.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(plain.cookie?.secure).toBeFalsy();
    // The cookie alone is a session: the panel never handles the token.
    const withCookie = await t.app.inject({
      method: 'GET',
      url: API.user(member.id),
      headers: { cookie: `authToken=${plain.cookie!.value}` },
    });
    expect(withCookie.statusCode).toBe(200);
    const validated = await t.app.inject({
      method: 'POST',
      url: API.validate,
      headers: { cookie: `authToken=${plain.cookie!.value}` },
      payload: {},
    });
    expect(validated.json()).toEqual({ isvalid: true });

    const proxied = await startTestApp({ TRUST_PROXY: '1' }, { database: t.database });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: API.login,
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: member.email, password: 'rahasia-123' },
      });
      expect(response.cookies.find((cookie) => cookie.name === 'authToken')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await stopInstance(proxied);
    }
  });

  it('answers with the usual security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: API.config });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // Plain HTTP: no HSTS (a browser would ignore it, and a local start must keep working).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Answers no route gives carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(String(missing.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('opens the socket on the main port with the cookie, and never takes the token from its URL there', async () => {
    const dev = await t.createUser('dev');
    const withCookie = openSocket(`${mainUrl}?id=${REALTIME_CHANNEL_ADMIN}`, {
      cookie: `authToken=${dev.token}`,
    });
    await withCookie.opened;
    await waitFor(() => t.ctx.hub.subscriberCount(REALTIME_CHANNEL_ADMIN) > 0, 'subscribed');
    t.ctx.hub.publish(REALTIME_CHANNEL_ADMIN, {
      event: 'in_use',
      payload: { receiverId: 1, id: 1, in_use: 1 },
    });
    await waitFor(() => withCookie.messages.length > 0, 'event');
    expect(withCookie.messages[0]!.event).toBe('in_use');
    withCookie.socket.close();

    const inUrl = openSocket(`${mainUrl}?id=${REALTIME_CHANNEL_ADMIN}&token=${dev.token}`);
    expect(await inUrl.closed).toBe(CLOSE_UNAUTHORIZED);
  });
});
