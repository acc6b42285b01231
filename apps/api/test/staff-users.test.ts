import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MESSAGE_TEXT as MSG, type User } from '@blaster/contract';
import { ADMIN, startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call<{ token: string; user: { id: number } }>('POST', API.login, { body: ADMIN });
  admin = { id: login.body.user.id, token: login.body.token };
});
afterAll(() => t.close());

let counter = 0;
const newAccount = (role: string) => {
  counter += 1;
  return {
    firstname: 'Rina',
    lastname: `Operator${counter}`,
    email: `Operator${counter}@Test.Local`,
    password: 'rahasia-123',
    role,
  };
};

const signIn = (email: string, password: string) =>
  t.call<{ token: string; user: User }>('POST', API.login, { body: { email, password } });

describe('operators create staff, dev and admin accounts', () => {
  it('lets an admin create a staff account that signs in with the given password', async () => {
    const form = newAccount('staff');
    const answer = await t.call<{ user: User }>('POST', API.userCreate, { token: admin.token, body: form });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ role: 'staff', email: form.email.toLowerCase() });
    expect(JSON.stringify(answer.body)).not.toContain('rahasia');
    const login = await signIn(form.email, form.password);
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('staff');
    const list = await t.call<{ users: User[] }>('GET', API.staffUsers, { token: admin.token });
    expect(list.body.users.map((user) => user.email)).toContain(form.email.toLowerCase());
    expect(list.body.users.every((user) => user.role !== 'member')).toBe(true);
    const audit = await t.call<{ data: { target: { id: string | null } }[] }>(
      'GET',
      `${API.auditPerPage}?action=user.create`,
      { token: admin.token },
    );
    expect(audit.body.data.some((entry) => entry.target.id === String(answer.body.user.id))).toBe(true);
  });

  it('lets a dev create staff and dev accounts but not an admin', async () => {
    const dev = await t.createUser('dev');
    const created = await t.call('POST', API.userCreate, { token: dev.token, body: newAccount('dev') });
    expect(created.status).toBe(200);
    const form = newAccount('admin');
    const refused = await t.call<{ msg: string }>('POST', API.userCreate, { token: dev.token, body: form });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(MSG.forbidden);
    expect((await signIn(form.email, form.password)).status).not.toBe(200);
    const byAdmin = await t.call<{ user: User }>('POST', API.userCreate, { token: admin.token, body: form });
    expect(byAdmin.body.user.role).toBe('admin');
  });

  it('refuses staff and members, and bad or taken details, creating nothing', async () => {
    for (const role of ['staff', 'member'] as const) {
      const caller = await t.createUser(role);
      const form = newAccount('staff');
      const answer = await t.call('POST', API.userCreate, { token: caller.token, body: form });
      expect(answer.status, role).toBe(403);
      expect((await signIn(form.email, form.password)).status).not.toBe(200);
    }
    const short = await t.call<{ msg: string; errors: Record<string, string> }>('POST', API.userCreate, {
      token: admin.token,
      body: { ...newAccount('staff'), password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe(MSG.passwordTooShort);
    const member = await t.call('POST', API.userCreate, { token: admin.token, body: newAccount('member') });
    expect(member.status).toBe(400);
    const taken = await t.call<{ msg: string }>('POST', API.userCreate, {
      token: admin.token,
      body: { ...newAccount('staff'), email: ADMIN.email.toUpperCase() },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe(MSG.emailTaken);
  });
});

describe('role changes from the users screen', () => {
  it('keeps the rules: nobody changes their own role, only an admin grants or removes admin', async () => {
    const dev = await t.createUser('dev');
    const staff = await t.createUser('staff');
    const otherAdmin = await t.createUser('admin');
    const put = (token: string, id: number, body: object) =>
      t.call<{ msg: string; user: User }>('PUT', API.user(id), { token, body });

    expect((await put(dev.token, dev.id, { role: 'admin' })).status).toBe(403);
    expect((await put(admin.token, admin.id, { role: 'dev' })).status).toBe(403);
    expect((await put(dev.token, staff.id, { role: 'admin' })).status).toBe(403);
    expect((await put(dev.token, otherAdmin.id, { role: 'staff' })).status).toBe(403);
    expect((await put(dev.token, otherAdmin.id, { password: 'taken-over-1' })).status).toBe(403);
    expect((await put(dev.token, otherAdmin.id, { email: 'mine@test.local' })).status).toBe(403);

    const promoted = await put(dev.token, staff.id, { role: 'dev' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe('dev');
    const granted = await put(admin.token, staff.id, { role: 'admin' });
    expect(granted.body.user.role).toBe('admin');
    const removed = await put(admin.token, otherAdmin.id, { role: 'staff' });
    expect(removed.body.user.role).toBe('staff');
  });
});
