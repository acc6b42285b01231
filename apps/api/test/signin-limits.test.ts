import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  API,
  LOGIN_ADDRESS_RATE_LIMIT_MAX,
  LOGIN_RATE_LIMIT_MAX,
  MESSAGE_TEXT as MSG,
  SIGNUP_RATE_LIMIT_MAX,
} from '@blaster/contract';
import { authAttempts } from '../src/db/schema';
import { ADMIN, startTestApp, stopInstance, type TestApp } from './support/app';

/** Each guess below checks a real argon2 hash: slow on a busy machine. */
const SLOW = 240_000;

let t: TestApp;
/** A second instance on the same database, like two processes on one PostgreSQL. */
let other: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, { database: t.database });
});
afterAll(async () => {
  await stopInstance(other);
  await t.close();
});

const guess = (
  app: TestApp,
  email: string,
  password: string,
  client: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  app.call('POST', API.login, {
    body: { email, password },
    remoteAddress: client.remoteAddress,
    headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
  });

let signUps = 0;
const signUp = (
  app: TestApp,
  client: { remoteAddress?: string; forwardedFor?: string },
  password = 'rahasia-123',
) => {
  signUps += 1;
  return app.call('POST', API.register, {
    body: {
      firstName: 'Daftar',
      lastName: `Nomor${signUps}`,
      email: `signup${signUps}@test.local`,
      password,
      password2: password,
      agreeToTerms: true,
    },
    remoteAddress: client.remoteAddress,
    headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
  });
};

describe('password guessing (item: unlimited guesses with forged X-Forwarded-For)', () => {
  it(
    '30 guesses from 30 forged addresses get 429 after the limit, and then even the right password does',
    async () => {
      const victim = await t.createUser('member');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        statuses.push(
          (await guess(t, victim.email, `tebakan-${i}`, { forwardedFor: `203.0.113.${i}` })).status,
        );
      }
      expect(statuses.slice(0, LOGIN_RATE_LIMIT_MAX)).toEqual(Array(LOGIN_RATE_LIMIT_MAX).fill(400));
      expect(statuses.slice(LOGIN_RATE_LIMIT_MAX)).toEqual(Array(30 - LOGIN_RATE_LIMIT_MAX).fill(429));
      const right = await guess(t, victim.email, 'rahasia-123', { forwardedFor: '198.51.100.99' });
      expect(right.status).toBe(429);
      expect(right.body.msg).toBe(MSG.tooManyLogins);
    },
    SLOW,
  );

  it(
    'limits guesses per account whatever the real address, and on every instance together',
    async () => {
      const victim = await t.createUser('member');
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_RATE_LIMIT_MAX + 4; i += 1) {
        // Every guess from another machine, alternating between the two instances.
        const app = i % 2 === 0 ? t : other;
        statuses.push(
          (await guess(app, victim.email, `tebakan-${i}`, { remoteAddress: `2001:db8:1::${i + 1}` })).status,
        );
      }
      expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_RATE_LIMIT_MAX);
      expect(statuses.slice(LOGIN_RATE_LIMIT_MAX)).toEqual([429, 429, 429, 429]);
      const right = await guess(other, victim.email, 'rahasia-123', { remoteAddress: '2001:db8:1::ff' });
      expect(right.status).toBe(429);
    },
    SLOW,
  );

  it(
    'refuses guesses made all at once beyond the limit',
    async () => {
      const victim = await t.createUser('member');
      const statuses = await Promise.all(
        Array.from({ length: LOGIN_RATE_LIMIT_MAX + 6 }, (_, i) =>
          guess(i % 2 ? t : other, victim.email, `serentak-${i}`, {
            remoteAddress: `2001:db8:2::${i + 1}`,
          }).then((answer) => answer.status),
        ),
      );
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(LOGIN_RATE_LIMIT_MAX);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    },
    SLOW,
  );

  it(
    'doubles the lock with each failure after one ran out, and a success forgives the account',
    async () => {
      const victim = await t.createUser('member');
      const client = { remoteAddress: '2001:db8:6::1' };
      for (let i = 0; i < LOGIN_RATE_LIMIT_MAX; i += 1) await guess(t, victim.email, `salah-${i}`, client);
      const first = await guess(t, victim.email, 'salah', client);
      expect(first.status).toBe(429);
      const firstWait = Number((await lockOf(victim.email)).retryAfter);
      // The lock runs out (moved into the past rather than waited for); one more wrong guess locks longer.
      await expireLock(victim.email);
      expect((await guess(t, victim.email, 'salah-lagi', client)).status).toBe(400);
      const second = await lockOf(victim.email);
      expect(second.retryAfter).toBeGreaterThan(firstWait * 1.5);
      // The right password, once the lock is over, signs in and starts the count afresh.
      await expireLock(victim.email);
      expect((await guess(t, victim.email, 'rahasia-123', client)).status).toBe(200);
      expect((await guess(t, victim.email, 'salah-baru', client)).status).toBe(400);
      expect((await lockOf(victim.email)).attempts).toBe(1);
    },
    SLOW,
  );

  it(
    'limits one address spraying many accounts, and only that address',
    async () => {
      const sprayer = { remoteAddress: '2001:db8:3::1' };
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_ADDRESS_RATE_LIMIT_MAX + 2; i += 1) {
        statuses.push((await guess(t, `korban${i}@test.local`, 'password123', sprayer)).status);
      }
      expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_ADDRESS_RATE_LIMIT_MAX);
      expect(statuses.slice(-2)).toEqual([429, 429]);
      expect((await guess(t, ADMIN.email, ADMIN.password, sprayer)).status).toBe(429);
      expect((await guess(t, ADMIN.email, ADMIN.password, { remoteAddress: '2001:db8:3::2' })).status).toBe(
        200,
      );
    },
    SLOW,
  );

  it(
    'believes X-Forwarded-For only from the proxy hops TRUST_PROXY names',
    async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' }, { database: t.database });
      try {
        const ip = async (app: TestApp, forwardedFor: string) => {
          const response = await app.app.inject({
            method: 'POST',
            url: API.login,
            headers: { 'x-forwarded-for': forwardedFor },
            payload: { email: 'nobody@test.local', password: 'x' },
          });
          expect(response.statusCode).toBe(400);
          const [row] = await t.ctx.db
            .select({ key: authAttempts.key })
            .from(authAttempts)
            .where(and(eq(authAttempts.scope, 'login:address'), eq(authAttempts.key, forwardedFor)));
          return row?.key;
        };
        // Behind one proxy, the address it saw is the client's; without TRUST_PROXY the header is ignored.
        expect(await ip(proxied, '192.0.2.10')).toBe('192.0.2.10');
        expect(await ip(t, '192.0.2.11')).toBeUndefined();
      } finally {
        await stopInstance(proxied);
      }
    },
    SLOW,
  );
});

describe('sign-up (item: no limit and one-letter passwords)', () => {
  it(
    'refuses a password shorter than 8 characters with the contract text',
    async () => {
      const answer = await signUp(t, { remoteAddress: '2001:db8:4::1' }, 'a');
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ password: MSG.passwordTooShort });
      expect(answer.body.msg).toBe(MSG.passwordTooShort);
    },
    SLOW,
  );

  it(
    'limits sign-ups per address, forged X-Forwarded-For or not, on every instance together',
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < SIGNUP_RATE_LIMIT_MAX + 2; i += 1) {
        const app = i % 2 === 0 ? t : other;
        statuses.push(
          (await signUp(app, { remoteAddress: '2001:db8:5::1', forwardedFor: `203.0.113.${i}` })).status,
        );
      }
      expect(statuses.slice(0, SIGNUP_RATE_LIMIT_MAX)).toEqual(Array(SIGNUP_RATE_LIMIT_MAX).fill(200));
      const refused = await signUp(t, { remoteAddress: '2001:db8:5::1' });
      expect(statuses.slice(SIGNUP_RATE_LIMIT_MAX)).toEqual([429, 429]);
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe(MSG.tooManySignUps);
      expect((await signUp(t, { remoteAddress: '2001:db8:5::2' })).status).toBe(200);
    },
    SLOW,
  );
});

async function lockOf(email: string) {
  const [row] = await t.ctx.db
    .select({
      attempts: authAttempts.attempts,
      retryAfter: sql<number>`extract(epoch from ${authAttempts.lockedUntil} - now())`.mapWith(Number),
    })
    .from(authAttempts)
    .where(and(eq(authAttempts.scope, 'login:account'), eq(authAttempts.key, email)));
  return row!;
}

async function expireLock(email: string) {
  await t.ctx.db
    .update(authAttempts)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(authAttempts.scope, 'login:account'), eq(authAttempts.key, email)));
}
