import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_RECEIVERS, API, MESSAGE_TEXT as MSG, type AuditEntry, type Setting } from '@blaster/contract';
import { phoneNumbers } from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { startTestApp, type TestApp } from './support/app';
import { connect, type Caller } from './support/chat';
import { changeSettings, clockIn } from './support/settings';

interface SendAnswer {
  msg: string;
  sent: number;
  failed: number;
  skipped: number;
  held: number;
}

let t: TestApp;
let gateway: SandboxGateway;
let admin: Caller;
let dev: Caller;
let member: Caller;
let own: { deviceId: string; id: number };
let members: { deviceId: string; id: number };

beforeAll(async () => {
  gateway = new SandboxGateway({ seed: 21, timeScale: 0.001, failRate: 0, replyRate: 0 });
  t = await startTestApp({}, { gateway });
  admin = await t.createUser('admin');
  dev = await t.createUser('dev');
  member = await t.createUser('member');
  own = await connect(t, dev, 'qr');
  members = await connect(t, member, 'qr');
});
afterAll(() => t.close());

const setSettings = (change: Partial<Setting>) => changeSettings(t, admin.token, change);

beforeEach(async () => {
  await setSettings({
    quiet_start: '',
    quiet_end: '',
    sends_per_minute: null,
    daily_sends_per_account: null,
    require_consent: false,
  });
});

let batch = 0;
/** Numbers of their own for each test, so budgets and suppressions of one test never meet another's. */
function numbers(count: number) {
  batch += 1;
  const base = 6285600000000 + batch * 10_000;
  return Array.from({ length: count }, (_, i) => String(base + i));
}

const reached = (deviceId: string, among: string[]) =>
  gateway.delivered.filter((d) => d.deviceId === deviceId && among.includes(d.to)).map((d) => d.to);

const send = (caller: Caller, body: Record<string, unknown>, language?: string) =>
  t.call<SendAnswer>('POST', API.whatsappSendMessage, {
    token: caller.token,
    body,
    headers: language ? { 'accept-language': language } : {},
  });

async function suppress(number: string) {
  const added = await t.call('POST', API.suppressionCreate, { token: admin.token, body: { number } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}

/** Quiet from an hour ago until an hour from now, in the app's time zone. */
const clock = (offsetHours: number) => clockIn(t, offsetHours);

async function directSendEntries(accountId: number) {
  const list = await t.call<{ data: AuditEntry[] }>(
    'GET',
    `${API.auditPerPage}?page=1&action=message.send&target_type=whatsapp&target_id=${accountId}`,
    { token: admin.token },
  );
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.data;
}

describe('direct send through the send policy', () => {
  it('skips a suppressed number written in any form, and tells how many were skipped', async () => {
    const [open, stopped] = numbers(2) as [string, string];
    await suppress(stopped);
    const local = `0${stopped.slice(2)}`;
    const answer = await send(dev, { senders: own.deviceId, targets: `${open},${local}`, message: 'Halo' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ sent: 1, skipped: 1, held: 0 });
    expect(answer.body.msg).toBe(MSG.directSendSkipped(1));
    expect(reached(own.deviceId, [open, stopped])).toEqual([open]);

    const onlySuppressed = await send(dev, { senders: own.deviceId, targets: stopped, message: 'Halo' });
    expect(onlySuppressed.status).toBe(400);
    expect(onlySuppressed.body.msg).toBe(MSG.noTargetsSuppressed);
    expect(reached(own.deviceId, [stopped])).toEqual([]);
  });

  it("'All' leaves out suppressed numbers, and unconsented ones when consent is required", async () => {
    const list = numbers(6);
    await t.ctx.db
      .insert(phoneNumbers)
      .values(
        list.map((number, i) => ({ number, name: `Semua ${i}`, consentAt: i === 4 ? null : new Date() })),
      );
    await suppress(list[1]!);
    await setSettings({ require_consent: true });
    const answer = await send(dev, { senders: own.deviceId, targets: ALL_RECEIVERS, message: 'Halo semua' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const got = reached(own.deviceId, list);
    expect(got.sort()).toEqual([list[0], list[2], list[3], list[5]].sort());
    expect(answer.body.skipped).toBe(2);
  });

  it('refuses a direct send during quiet hours, sending nothing, in both languages', async () => {
    const targets = numbers(3);
    const end = clock(1);
    await setSettings({ quiet_start: clock(-1), quiet_end: end });
    const answer = await send(dev, { senders: own.deviceId, targets: targets.join(','), message: 'Halo' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(MSG.directSendQuietHours(end));
    const english = await send(
      dev,
      { senders: own.deviceId, targets: targets.join(','), message: 'Halo' },
      'en',
    );
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(`Quiet hours until ${end}: the message was not sent.`);
    expect(reached(own.deviceId, targets)).toEqual([]);
  });

  it('sends up to the per-minute cap and reports the rest as held', async () => {
    const targets = numbers(30);
    await setSettings({ sends_per_minute: 5 });
    const answer = await send(dev, { senders: own.deviceId, targets: targets.join(','), message: 'Halo' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const got = reached(own.deviceId, targets);
    expect(got).toHaveLength(5);
    expect(answer.body.sent + answer.body.failed).toBe(5);
    expect(answer.body.held).toBe(25);
    expect(answer.body.msg).toBe(MSG.directSendHeld(25));
  });

  it('sends up to the daily cap of the account', async () => {
    const targets = numbers(4);
    await setSettings({ daily_sends_per_account: 2 });
    const fresh = await connect(t, dev, 'qr');
    const answer = await send(dev, { senders: fresh.deviceId, targets: targets.join(','), message: 'Halo' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(reached(fresh.deviceId, targets)).toHaveLength(2);
    expect(answer.body.held).toBe(2);
  });

  it("refuses an operator's send from a member's account unless asked for on the owner's behalf, and records it", async () => {
    const targets = numbers(2);
    for (const operator of [dev, admin]) {
      const silent = await send(operator, {
        senders: members.deviceId,
        targets: targets[0],
        message: 'Halo',
      });
      expect(silent.status).toBe(403);
      expect(silent.body.msg).toBe(MSG.sendFromOthersAccount);
    }
    expect(reached(members.deviceId, targets)).toEqual([]);
    // A member is never let near another's account, flag or not.
    const other = await t.createUser('member');
    const stranger = await send(other, {
      senders: members.deviceId,
      targets: targets[0],
      message: 'Halo',
      on_behalf_of_owner: true,
    });
    expect(stranger.status).toBe(403);

    const declared = await send(dev, {
      senders: members.deviceId,
      targets: targets.join(','),
      message: 'Pesan dari operator',
      on_behalf_of_owner: true,
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect(reached(members.deviceId, targets).sort()).toEqual([...targets].sort());
    const [entry] = await directSendEntries(members.id);
    expect(entry).toMatchObject({
      actor: { id: dev.id, role: 'dev' },
      action: 'message.send',
      target: { type: 'whatsapp', id: String(members.id) },
      after: { owner_id: member.id, on_behalf_of_owner: true, targets: 2, allowed: 2 },
    });
  });

  it('writes an audit entry for a direct send from the operator\u2019s own account', async () => {
    const targets = numbers(3);
    await suppress(targets[2]!);
    const before = await directSendEntries(own.id);
    const answer = await send(dev, { senders: own.deviceId, targets: targets.join(','), message: 'Halo' });
    expect(answer.status).toBe(200);
    const after = await directSendEntries(own.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      actor: { id: dev.id },
      after: { owner_id: dev.id, on_behalf_of_owner: false, targets: 3, allowed: 2, skipped: 1, held: 0 },
    });
  });
});
