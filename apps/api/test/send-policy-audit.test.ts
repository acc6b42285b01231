import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AuditEntry } from '@blaster/contract';
import { startTestApp, type TestApp } from './support/app';
import { connect, type Caller } from './support/chat';

let t: TestApp;
let admin: Caller;
let dev: Caller;
let member: Caller;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  dev = await t.createUser('dev');
  member = await t.createUser('member');
});
afterAll(() => t.close());

async function entries(filter: string) {
  const list = await t.call<{ data: AuditEntry[] }>('GET', `${API.auditPerPage}?page=1&${filter}`, {
    token: admin.token,
  });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.data;
}

const ofAccount = (id: number) => entries(`target_type=whatsapp&target_id=${id}`);

describe("an operator's action on a member's blast is in the audit trail", () => {
  it("a dev's schedule and its cancellation of a member's blast", async () => {
    const account = await connect(t, member, 'qr');
    const startAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await t.call('POST', API.whatsappSchedule, {
      token: dev.token,
      body: { id: account.id, start_at: startAt },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const cancelled = await t.call('POST', API.whatsappScheduleCancel, {
      token: dev.token,
      body: { id: account.id },
    });
    expect(cancelled.status).toBe(200);
    const trail = await ofAccount(account.id);
    expect(trail.map((entry) => entry.action)).toEqual(['blast.schedule_cancel', 'blast.schedule']);
    expect(trail[1]).toMatchObject({
      actor: { id: dev.id, role: 'dev' },
      target: { type: 'whatsapp', id: String(account.id) },
      after: { owner_id: member.id, blast_scheduled_at: new Date(startAt).toISOString() },
    });
    expect(trail[0]).toMatchObject({
      actor: { id: dev.id },
      before: { blast_scheduled_at: new Date(startAt).toISOString() },
      after: { owner_id: member.id, blast_scheduled_at: null },
    });
  });

  it("a dev's start and stop of a member's blast", async () => {
    const account = await connect(t, member, 'qr');
    const started = await t.call('POST', API.whatsappStart, {
      token: dev.token,
      body: { whatsappClientId: account.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const stopped = await t.call('POST', API.whatsappStop, {
      token: dev.token,
      body: { whatsappClientId: account.id },
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    const trail = await ofAccount(account.id);
    expect(trail.map((entry) => entry.action)).toEqual(['blast.stop', 'blast.start']);
    for (const entry of trail)
      expect(entry).toMatchObject({
        actor: { id: dev.id, role: 'dev' },
        target: { type: 'whatsapp', id: String(account.id) },
        after: { owner_id: member.id },
      });
    expect(trail[1]!.after).toMatchObject({ status: 'sending' });
  });

  it("a member's start and stop of their own blast is their own business: no entry", async () => {
    const account = await connect(t, member, 'qr');
    for (const url of [API.whatsappStart, API.whatsappStop])
      expect(
        (await t.call('POST', url, { token: member.token, body: { whatsappClientId: account.id } })).status,
      ).toBe(200);
    expect(await ofAccount(account.id)).toEqual([]);
  });

  it("a dev's demo data, which every member's blast then sends to", async () => {
    const created = await t.call<{ phoneNumbers: number }>('POST', API.sandboxDemoData, {
      token: dev.token,
      body: { count: 7 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [entry] = await entries('action=sandbox.demo_data');
    expect(entry).toMatchObject({
      actor: { id: dev.id, role: 'dev' },
      target: { type: 'phone_list', id: null },
      after: { phone_numbers: 7 },
    });
  });
});
