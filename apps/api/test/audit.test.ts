import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, PAGE_SIZE, type AuditEntry, type Paged } from '@blaster/contract';
import { auditEntries, bonuses, ledgerEntries } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/service';
import { startTestApp, type TestApp } from './support/app';
import { connect } from './support/chat';

let t: TestApp;
let admin: { id: number; token: string; email: string };
let dev: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  dev = await t.createUser('dev');
});
afterAll(() => t.close());

/** The id of the newest entry before the step under test; `since()` answers what came after. */
let mark = 0;
beforeEach(async () => {
  const [last] = await t.ctx.db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .orderBy(desc(auditEntries.id))
    .limit(1);
  mark = last?.id ?? 0;
});
const since = () =>
  t.ctx.db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.id} > ${mark}`)
    .orderBy(auditEntries.id);

const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Penerima' };

async function memberWithMoney(nominal: number) {
  const member = await t.createUser('member');
  expect((await t.call('PUT', API.user(member.id), { token: member.token, body: BANK })).status).toBe(200);
  const bonus = await t.call<{ bonus: { id: number } }>('POST', API.bonusCreate, {
    token: admin.token,
    body: { userId: member.id, nominal, reason: 'Modal awal' },
  });
  expect(bonus.status).toBe(200);
  return { ...member, bonusId: bonus.body.bonus.id };
}

async function list(query: string, token = admin.token) {
  return t.call<Paged<AuditEntry>>('GET', `${API.auditPerPage}?${query}`, { token });
}

describe('money decisions', () => {
  it('a bonus given records one entry: the admin, the member, the amount and reason', async () => {
    const member = await t.createUser('member');
    const answer = await t.call<{ bonus: { id: number } }>('POST', API.bonusCreate, {
      token: admin.token,
      body: { userId: member.id, nominal: 25_000, reason: 'Hadiah' },
    });
    expect(answer.status).toBe(200);
    const entries = await since();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'bonus.create',
      targetType: 'user',
      targetId: String(member.id),
      before: null,
      after: { bonus_id: answer.body.bonus.id, nominal: 25_000, reason: 'Hadiah' },
      instance: t.ctx.config.instanceId,
    });
  });

  it('a bonus revoked records one entry with what was taken back; a refused revoke records nothing', async () => {
    const member = await memberWithMoney(10_000);
    // Spent: the member asks to withdraw all of it, so the bonus cannot be taken back.
    const request = await t.call('POST', API.withdrawRequest, {
      token: member.token,
      body: { userId: member.id, nominal: 10_000 },
    });
    expect(request.status).toBe(200);
    mark = (await since()).at(-1)?.id ?? mark;
    const refused = await t.call('DELETE', API.bonus(member.bonusId), { token: admin.token });
    expect(refused.status).toBe(400);
    expect(await since()).toEqual([]);

    const other = await memberWithMoney(7_000);
    mark = (await since()).at(-1)?.id ?? mark;
    const revoked = await t.call('DELETE', API.bonus(other.bonusId), { token: dev.token });
    expect(revoked.status).toBe(200);
    const entries = await since();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: dev.id,
      actorRole: 'dev',
      action: 'bonus.revoke',
      targetType: 'user',
      targetId: String(other.id),
      before: { bonus_id: other.bonusId, nominal: 7_000, reason: 'Modal awal' },
      after: null,
    });
    // Revoking it again finds nothing and records nothing.
    mark = entries[0]!.id;
    expect((await t.call('DELETE', API.bonus(other.bonusId), { token: dev.token })).status).toBe(404);
    expect(await since()).toEqual([]);
  });

  it('each withdrawal decision records its status change; a refused transition records nothing', async () => {
    const member = await memberWithMoney(50_000);
    const request = await t.call<{ withdraw: { id: number } }>('POST', API.withdrawRequest, {
      token: member.token,
      body: { userId: member.id, nominal: 20_000 },
    });
    const id = request.body.withdraw.id;
    const decide = async (status: string) => {
      mark = (await since()).at(-1)?.id ?? mark;
      const answer = await t.call('PUT', API.withdrawUpdate, { token: admin.token, body: { id, status } });
      return { status: answer.status, entries: await since() };
    };

    const accepted = await decide('accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.entries).toHaveLength(1);
    expect(accepted.entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'withdraw.accept',
      targetType: 'withdrawal',
      targetId: String(id),
      before: { status: 'requested' },
      after: { status: 'accepted' },
    });

    const twice = await decide('accepted');
    expect(twice.status).toBe(400);
    expect(twice.entries).toEqual([]);

    const cancelled = await decide('requested');
    expect(cancelled.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['withdraw.cancel', { status: 'accepted' }, { status: 'requested' }],
    ]);
    const rejected = await decide('rejected');
    expect(rejected.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['withdraw.reject', { status: 'requested' }, { status: 'rejected' }],
    ]);
  });

  it('a money change whose entry cannot be written does not happen', async () => {
    const member = await t.createUser('member');
    // The database refuses this one entry; the bonus and its ledger line must not survive it.
    await t.ctx.db.execute(
      sql.raw(`alter table audit_entries add constraint refuse_for_test check (target_id <> '${member.id}')`),
    );
    try {
      const answer = await t.call('POST', API.bonusCreate, {
        token: admin.token,
        body: { userId: member.id, nominal: 5_000, reason: 'Tanpa jejak' },
      });
      expect(answer.status).toBe(500);
    } finally {
      await t.ctx.db.execute(sql.raw('alter table audit_entries drop constraint refuse_for_test'));
    }
    expect(await t.ctx.db.select().from(bonuses).where(eq(bonuses.userId, member.id))).toEqual([]);
    expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.id))).toEqual(
      [],
    );
    expect(await since()).toEqual([]);
  });
});

describe('users, levels, settings and devices', () => {
  it('an operator changing role, fee, interval, e-mail and password records only those fields, never a hash', async () => {
    const member = await t.createUser('member');
    const answer = await t.call('PUT', API.user(member.id), {
      token: admin.token,
      body: {
        role: 'staff',
        blast_fee: 150,
        blast_interval_min: 5,
        email: 'Pindah@Test.Local',
        password: 'kata-sandi-baru',
        firstname: 'Member', // unchanged: createUser names every member 'Member'
      },
    });
    expect(answer.status).toBe(200);
    const entries = await since();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'user.update',
      targetType: 'user',
      targetId: String(member.id),
    });
    expect(entries[0]!.before).toEqual({
      role: 'member',
      blast_fee: null,
      blast_interval_min: null,
      email: member.email,
    });
    expect(entries[0]!.after).toEqual({
      role: 'staff',
      blast_fee: 150,
      blast_interval_min: 5,
      email: 'pindah@test.local',
      password_changed: true,
    });
    expect(JSON.stringify(entries)).not.toMatch(/argon|kata-sandi-baru/);
  });

  it("a member's own bank change is recorded with the member as actor; a refused or empty change records nothing", async () => {
    const member = await t.createUser('member');
    expect((await t.call('PUT', API.user(member.id), { token: member.token, body: BANK })).status).toBe(200);
    const entries = await since();
    expect(entries.map((e) => [e.actorId, e.actorRole, e.before, e.after])).toEqual([
      [
        member.id,
        'member',
        { account_bank: null, account_number: null, account_name: null },
        { account_bank: 'BCA', account_number: '1234567890', account_name: 'Penerima' },
      ],
    ]);

    mark = entries[0]!.id;
    const taken = await t.call('PUT', API.user(member.id), {
      token: member.token,
      body: { email: admin.email },
    });
    expect(taken.status).toBe(400);
    const same = await t.call('PUT', API.user(member.id), { token: member.token, body: BANK });
    expect(same.status).toBe(200);
    // A member may not raise their own role: the field is dropped and nothing changed.
    const role = await t.call('PUT', API.user(member.id), { token: member.token, body: { role: 'admin' } });
    expect(role.status).toBe(200);
    expect(await since()).toEqual([]);
  });

  it('levels created, changed and deleted record one entry each; the entries outlive the level', async () => {
    const created = await t.call<{ level: { id: number } }>('POST', API.levelCreate, {
      token: admin.token,
      body: { name: 'Perak', blast_fee: 100, requirement_blast: 10 },
    });
    const id = created.body.level.id;
    await t.call('PUT', API.level(id), {
      token: admin.token,
      body: { name: 'Perak', blast_fee: 120, requirement_blast: 10 },
    });
    await t.call('DELETE', API.level(id), { token: admin.token });
    expect(
      (
        await t.call('PUT', API.level(id), {
          token: admin.token,
          body: { name: 'X', blast_fee: 1, requirement_blast: 1 },
        })
      ).status,
    ).toBe(404);
    const entries = await since();
    expect(entries.map((e) => [e.action, e.targetType, e.targetId, e.before, e.after])).toEqual([
      ['level.create', 'level', String(id), null, { name: 'Perak', blast_fee: 100, requirement_blast: 10 }],
      ['level.update', 'level', String(id), { blast_fee: 100 }, { blast_fee: 120 }],
      ['level.delete', 'level', String(id), { name: 'Perak', blast_fee: 120, requirement_blast: 10 }, null],
    ]);
  });

  it('a settings update records the changed settings only', async () => {
    const current = (
      await t.call<{ setting: Record<string, unknown> }>('GET', API.settingGet, { token: admin.token })
    ).body.setting;
    const answer = await t.call('PUT', API.settingUpdate, {
      token: dev.token,
      body: { ...current, price: Number(current.price) + 1, info: 'Info baru' },
    });
    expect(answer.status).toBe(200);
    const entries = await since();
    expect(entries.map((e) => [e.actorId, e.action, e.before, e.after])).toEqual([
      [
        dev.id,
        'setting.update',
        { price: current.price, info: current.info },
        { price: Number(current.price) + 1, info: 'Info baru' },
      ],
    ]);
  });

  it('a sandbox device action records the device, its state before and the action', async () => {
    const { deviceId } = await connect(t, dev, 'qr');
    mark = (await since()).at(-1)?.id ?? mark;
    const answer = await t.call('POST', '/api/dev/sandbox/device', {
      token: dev.token,
      body: { deviceId, action: 'disconnected' },
    });
    expect(answer.status).toBe(200);
    const entries = await since();
    expect(entries.map((e) => [e.actorId, e.action, e.targetType, e.targetId, e.before, e.after])).toEqual([
      [dev.id, 'sandbox.device', 'device', deviceId, { state: 'connected' }, { action: 'disconnected' }],
    ]);
  });
});

describe('the trail cannot be rewritten', () => {
  it('the database refuses to update, delete or truncate an entry', async () => {
    await recordAudit(t.ctx.db, t.ctx, {
      actor: { id: admin.id, role: 'admin' },
      action: 'setting.update',
      target: { type: 'setting', id: 1 },
      before: { price: 1 },
      after: { price: 2 },
    });
    const [entry] = await since();
    const attempts = [
      sql`update ${auditEntries} set after = '{"price": 999}' where id = ${entry!.id}`,
      sql`update ${auditEntries} set actor_id = null`,
      sql`delete from ${auditEntries} where id = ${entry!.id}`,
      sql`delete from ${auditEntries}`,
      sql`truncate ${auditEntries}`,
    ];
    for (const attempt of attempts) {
      const refusal = await t.ctx.db.execute(attempt).then(
        () => null,
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
      expect(refusal, String(attempt.queryChunks[0])).toMatch(/append-only/);
    }
    const [after] = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it('a change rolled back after its entry was written leaves no entry', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await recordAudit(tx, t.ctx, {
          actor: null,
          action: 'setting.update',
          target: { type: 'setting', id: 1 },
          after: { price: 3 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await since()).toEqual([]);
  });

  it('the API has no route that changes or deletes an entry', async () => {
    const auditRoutes = t.ctx.routeTable.filter((entry) => entry.url.includes('/audit'));
    expect(auditRoutes.map((entry) => `${entry.method} ${entry.url}`)).toEqual([`GET ${API.auditPerPage}`]);
    const [entry] = await t.ctx.db.select().from(auditEntries).limit(1);
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST']) {
      for (const url of [`/api/admin/audit/${entry!.id}`, API.auditPerPage, '/api/admin/audit/update']) {
        const answer = await t.call(method, url, { token: dev.token, body: { after: null } });
        expect(answer.status, `${method} ${url}`).toBe(404);
      }
    }
    const [still] = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.id, entry!.id));
    expect(still).toEqual(entry);
  });
});

describe('the audit list', () => {
  it('lists newest first with the actor and target named, filtered by action, actor, target and time', async () => {
    const member = await t.createUser('member', { firstName: 'Sasaran', lastName: 'Audit' });
    await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { userId: member.id, nominal: 1_500, reason: 'Pertama' },
    });
    await t.call('POST', API.bonusCreate, {
      token: dev.token,
      body: { userId: member.id, nominal: 2_500, reason: 'Kedua' },
    });

    const byTarget = await list(`target_type=user&target_id=${member.id}&action=bonus.create`);
    expect(byTarget.status).toBe(200);
    expect(byTarget.body.meta.total).toBe(2);
    expect(byTarget.body.data.map((e) => e.after?.nominal)).toEqual([2_500, 1_500]);
    expect(byTarget.body.data[1]).toMatchObject({
      action: 'bonus.create',
      actor: { id: admin.id, role: 'admin', name: expect.stringContaining('Admin') },
      target: { type: 'user', id: String(member.id), name: 'Sasaran Audit' },
      before: null,
      instance: t.ctx.config.instanceId,
    });

    const byActor = await list(`actor=${dev.id}&target_id=${member.id}&target_type=user`);
    expect(byActor.body.data.map((e) => e.after?.reason)).toEqual(['Kedua']);
    const bySearch = await list(
      `search=${encodeURIComponent('dev')}&target_id=${member.id}&target_type=user`,
    );
    expect(bySearch.body.data.map((e) => e.after?.reason)).toEqual(['Kedua']);

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const future = await list(`from=${tomorrow}&target_id=${member.id}&target_type=user`);
    expect(future.body.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const untilToday = await list(`to=${today}&target_id=${member.id}&target_type=user`);
    expect(untilToday.body.meta.total).toBe(2);
    const past = await list(`to=2000-01-01T00:00:00Z&target_id=${member.id}&target_type=user`);
    expect(past.body.data).toEqual([]);
  });

  it('pages through the whole trail', async () => {
    for (let i = 0; i <= PAGE_SIZE; i += 1)
      await recordAudit(t.ctx.db, t.ctx, {
        actor: { id: dev.id, role: 'dev' },
        action: 'sandbox.device',
        target: { type: 'device', id: `id-1700000000000-${i}` },
        after: { action: 'disconnected' },
      });
    const first = await list('page=1');
    const total = first.body.meta.total;
    expect(total).toBeGreaterThan(PAGE_SIZE);
    expect(first.body.data).toHaveLength(PAGE_SIZE);
    expect(first.body.meta.totalPages).toBe(Math.ceil(total / PAGE_SIZE));
    const second = await list('page=2');
    const ids = [...first.body.data, ...second.body.data].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Next goes on right after the last entry seen, though a new one arrived since.
    await recordAudit(t.ctx.db, t.ctx, {
      actor: { id: dev.id, role: 'dev' },
      action: 'sandbox.device',
      target: { type: 'device', id: 'id-1700000000000-new' },
      after: { action: 'disconnected' },
    });
    const next = await list(`page=2&after=${first.body.data.at(-1)!.id}`);
    expect(next.body.data.map((e) => e.id)).toEqual(second.body.data.map((e) => e.id));
    expect(next.body.meta.total).toBe(total + 1);
  });

  it('refuses filters it does not know with a clear 400, and is closed to staff and members', async () => {
    for (const query of ['action=bonus.steal', 'actor=abc', 'target_type=planet', 'from=yesterday']) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ msg: MSG.invalidRequest });
    }
    for (const role of ['staff', 'member'] as const) {
      const caller = await t.createUser(role);
      expect((await list('page=1', caller.token)).status).toBe(403);
    }
  });
});
