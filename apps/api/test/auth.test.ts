import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_RATE_LIMIT_MAX, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { users } from '../src/db/schema';
import { createTokenService } from '../src/lib/tokens';
import { ADMIN, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sari',
  lastName: 'Dewi',
  email: `sari${Math.random().toString(36).slice(2)}@test.local`,
  password: 'rahasia-123',
  password2: 'rahasia-123',
  agreeToTerms: true,
  ...overrides,
});

describe('register', () => {
  it('creates a member, hashes the password with argon2id and links the referrer', async () => {
    const referrer = await t.createUser('member');
    const [referrerRow] = await t.ctx.db.select().from(users).where(eq(users.id, referrer.id));
    const answer = await t.call<{ token: string; user: { id: number; role: string; referred_by: number } }>(
      'POST',
      '/api/auth/register',
      { body: form({ referral_code: referrerRow!.referralCode.toLowerCase() }) },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user.role).toBe('member');
    expect(answer.body.user.referred_by).toBe(referrer.id);
    expect(answer.body.token).toBeTruthy();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, answer.body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(answer.body)).not.toContain('argon2');
  });

  it('answers every missing field with the spec text, per field', async () => {
    const answer = await t.call<{ msg: string; errors: Record<string, string> }>(
      'POST',
      '/api/auth/register',
      {
        body: {},
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      password2: MSG.confirmPasswordRequired,
      agreeToTerms: MSG.agreeToTermsRequired,
    });
    expect(answer.body.msg).toBe(MSG.firstNameRequired);
  });

  it('refuses mismatched passwords and an unknown referral code under their fields, a taken e-mail only once they are right', async () => {
    const taken = await t.createUser('member');
    const answer = await t.call<{ errors: Record<string, string> }>('POST', '/api/auth/register', {
      body: form({ email: taken.email.toUpperCase(), password2: 'lain', referral_code: 'NOPE1234' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      password2: MSG.passwordsDoNotMatch,
      referral_code: MSG.referralNotFound,
    });
    const complete = await t.call<{ errors: Record<string, string> }>('POST', '/api/auth/register', {
      body: form({ email: taken.email.toUpperCase() }),
    });
    expect(complete.body.errors).toEqual({ email: MSG.emailTaken });
  });

  it('never lets the sign-up form choose a role', async () => {
    const answer = await t.call<{ user: { role: string } }>('POST', '/api/auth/register', {
      body: form({ role: 'admin' }),
    });
    expect(answer.body.user.role).toBe('member');
  });
});

describe('login', () => {
  it('signs in with the right password (e-mail case-insensitive) and refuses a wrong one', async () => {
    const ok = await t.call<{ token: string; user: { email: string } }>('POST', '/api/auth/login', {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(ADMIN.email);
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: 'salah' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MSG.invalidCredentials);
    const unknown = await t.call('POST', '/api/auth/login', { body: { email: 'x@y.z', password: 'salah' } });
    expect(unknown.body.msg).toBe(MSG.invalidCredentials);
  });

  it('requires both fields', async () => {
    const answer = await t.call('POST', '/api/auth/login', { body: { email: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(MSG.loginRequired);
  });

  it('rate-limits guessing one account', async () => {
    const user = await t.createUser('member');
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_RATE_LIMIT_MAX + 2; i += 1) {
      statuses.push(
        (await t.call('POST', '/api/auth/login', { body: { email: user.email, password: 'x' } })).status,
      );
    }
    expect(statuses.slice(0, LOGIN_RATE_LIMIT_MAX).every((status) => status === 400)).toBe(true);
    const limited = await t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'rahasia-123' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe(MSG.tooManyLogins);
    // Another account from the same address is not locked out.
    const other = await t.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(other.status).toBe(200);
  });
});

describe('validate', () => {
  it('accepts a fresh token and rejects forged, expired and garbage ones', async () => {
    const user = await t.createUser('member');
    const valid = await t.call('POST', '/api/auth/validate', { body: { token: user.token } });
    expect(valid.body).toEqual({ isvalid: true });

    const forged = await createTokenService('another-secret-another-secret-xx').sign(user.id);
    expect((await t.call('POST', '/api/auth/validate', { body: { token: forged } })).body).toEqual({
      isvalid: false,
    });

    const expired = await createTokenService('test-secret-test-secret-test-secret', -10).sign(user.id);
    expect((await t.call('POST', '/api/auth/validate', { body: { token: expired } })).body).toEqual({
      isvalid: false,
    });
    expect((await t.call('POST', '/api/auth/validate', { body: { token: 'garbage' } })).body).toEqual({
      isvalid: false,
    });

    const expiredCall = await t.call('GET', `/api/admin/users/${user.id}`, { token: expired });
    expect(expiredCall.status).toBe(401);
    expect(expiredCall.body.msg).toBe(MSG.unauthorized);
  });
});
