import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, PAGE_SIZE } from '@blaster/contract';
import { levels, messageLogs, users, whatsappAccounts } from '../src/db/schema';
import type { Database } from '../src/db';
import { waitFor } from './support/chat';
import { ADMIN, closeSharedApps, startTestApp, startTwoInstances, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call<{ token: string; user: { id: number } }>('POST', '/api/auth/login', {
    body: ADMIN,
  });
  admin = { id: login.body.user.id, token: login.body.token };
});
afterAll(() => t.close());

describe('a member and their own record', () => {
  it('reads and updates only themself, and cannot raise their role or fee', async () => {
    const member = await t.createUser('member');
    const other = await t.createUser('member');
    expect((await t.call('GET', `/api/admin/users/${member.id}`, { token: member.token })).status).toBe(200);
    expect((await t.call('GET', `/api/admin/users/${other.id}`, { token: member.token })).status).toBe(403);
    expect(
      (await t.call('PUT', `/api/admin/users/${other.id}`, { token: member.token, body: {} })).status,
    ).toBe(403);

    const updated = await t.call<{ user: Record<string, unknown> }>('PUT', `/api/admin/users/${member.id}`, {
      token: member.token,
      body: {
        firstname: 'Baru',
        role: 'admin',
        blast_fee: 99999,
        account_bank: 'BCA',
        account_number: '123 456',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({
      firstname: 'Baru',
      role: 'member',
      blast_fee: null,
      account_bank: 'BCA',
    });
  });

  it('changes the password only when a new one is given', async () => {
    const member = await t.createUser('member');
    await t.call('PUT', `/api/admin/users/${member.id}`, { token: member.token, body: { password: '' } });
    const stillOld = await t.call('POST', '/api/auth/login', {
      body: { email: member.email, password: 'rahasia-123' },
    });
    expect(stillOld.status).toBe(200);
    await t.call('PUT', `/api/admin/users/${member.id}`, {
      token: member.token,
      body: { password: 'baru-456', current_password: 'rahasia-123' },
    });
    const withNew = await t.call('POST', '/api/auth/login', {
      body: { email: member.email, password: 'baru-456' },
    });
    expect(withNew.status).toBe(200);
  });

  it("refuses taking another user's e-mail", async () => {
    const member = await t.createUser('member');
    const answer = await t.call('PUT', `/api/admin/users/${member.id}`, {
      token: member.token,
      body: { email: ADMIN.email, current_password: 'rahasia-123' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(MSG.emailTaken);
  });
});

describe('admin on users', () => {
  it('promotes a user and overrides their blast fee; blast-fee falls back to the level fee', async () => {
    const member = await t.createUser('member');
    const before = await t.call('GET', `/api/admin/users/blast-fee/${member.id}`, { token: member.token });
    const [lowest] = await t.ctx.db.select().from(levels).orderBy(levels.requirementBlast).limit(1);
    expect(before.body).toEqual({ blast_fee: lowest!.blastFee });

    const answer = await t.call<{ user: { role: string; blast_fee: number } }>(
      'PUT',
      `/api/admin/users/${member.id}`,
      {
        token: admin.token,
        body: { blast_fee: 250, blast_interval_min: 3, blast_interval_max: 5 },
      },
    );
    expect(answer.body.user.blast_fee).toBe(250);
    const after = await t.call('GET', `/api/admin/users/blast-fee/${member.id}`, { token: member.token });
    expect(after.body).toEqual({ blast_fee: 250 });

    const staff = await t.call<{ user: { role: string } }>('PUT', `/api/admin/users/${member.id}`, {
      token: admin.token,
      body: { role: 'staff' },
    });
    expect(staff.body.user.role).toBe('staff');
    const invalid = await t.call('PUT', `/api/admin/users/${member.id}`, {
      token: admin.token,
      body: { role: 'boss' },
    });
    expect(invalid.status).toBe(400);
  });

  it('reaches the next level (and its colour) with enough successful blasts', async () => {
    const member = await t.createUser('member');
    const [silver] = await t.ctx.db.select().from(levels).where(eq(levels.name, 'Silver'));
    // Read for the answer before the change, so the level shown after it must be read again.
    expect(
      (await t.call('GET', `/api/admin/users/${member.id}`, { token: member.token })).body,
    ).toMatchObject({
      level: 'Bronze',
    });
    const changed = await t.call('PUT', API.level(silver!.id), {
      token: admin.token,
      body: { name: silver!.name, blast_fee: silver!.blastFee, requirement_blast: 2 },
    });
    expect(changed.status).toBe(200);
    await t.ctx.db
      .insert(messageLogs)
      .values(
        [1, 2].map(() => ({ userId: member.id, whatsappId: 1, target: '6281', status: 'success' as const })),
      );
    const answer = await t.call('GET', `/api/admin/users/${member.id}`, { token: member.token });
    expect(answer.body).toMatchObject({ level: 'Silver', color: '#3E3A32' });
  });

  it('pages and searches members with their account counts', async () => {
    const searchable = await t.createUser('member', { firstName: 'Zulkarnain', lastName: 'Unik' });
    for (let i = 0; i < PAGE_SIZE; i += 1) await t.createUser('member');
    await t.ctx.db.insert(whatsappAccounts).values([
      { userId: searchable.id, clientid: 'id-1-1', state: 'connected' },
      { userId: searchable.id, clientid: 'id-1-2', state: 'disconnected' },
    ]);

    const total = (await t.ctx.db.select().from(users).where(eq(users.role, 'member'))).length;
    const first = await t.call<{ data: unknown[]; meta: { totalPages: number; total: number } }>(
      'GET',
      '/api/admin/users/members-per-page?page=1',
      { token: admin.token },
    );
    expect(first.body.data).toHaveLength(PAGE_SIZE);
    expect(first.body.meta).toMatchObject({ total, totalPages: Math.ceil(total / PAGE_SIZE) });

    const found = await t.call<{ data: { id: number; whatsapps: number; income: number }[] }>(
      'GET',
      '/api/admin/users/members-per-page?page=1&search=zulkar',
      { token: admin.token },
    );
    expect(found.body.data.map((row) => row.id)).toEqual([searchable.id]);
    expect(found.body.data[0]).toMatchObject({ whatsapps: 2, income: 0 });

    // A search string with LIKE wildcards matches literally.
    const literal = await t.call<{ data: unknown[] }>('GET', '/api/admin/users/members-per-page?search=%25', {
      token: admin.token,
    });
    expect(literal.body.data).toHaveLength(0);

    const active = await t.call('GET', '/api/admin/users/active', { token: admin.token });
    expect(active.body).toEqual({ count: 1 });
  });
});

describe('levels changed on another instance', () => {
  it('show on the next page of users here, though this instance had read them before', async () => {
    const opened: TestApp[] = [];
    const extraDatabases: Database[] = [];
    try {
      const { a, b } = await startTwoInstances({}, opened, extraDatabases);
      const operator = await a.createUser('admin');
      const member = await a.createUser('member');
      const levelOn = async (instance: TestApp) =>
        (
          await instance.call<{ level: string }>('GET', `/api/admin/users/${member.id}`, {
            token: operator.token,
          })
        ).body.level;
      expect(await levelOn(b)).toBe('Bronze');
      const [bronze] = await a.ctx.db.select().from(levels).where(eq(levels.name, 'Bronze'));
      const renamed = await a.call('PUT', API.level(bronze!.id), {
        token: operator.token,
        body: { name: 'Perunggu', blast_fee: bronze!.blastFee, requirement_blast: bronze!.requirementBlast },
      });
      expect(renamed.status).toBe(200);
      // The other instance hears of the change on the cluster bus, a moment after the answer here.
      await waitFor(async () => (await levelOn(b)) === 'Perunggu', 'the renamed level on the other instance');
    } finally {
      await closeSharedApps(opened, extraDatabases);
    }
  });
});
