import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  API,
  MESSAGE_TEXT as MSG,
  type FunnelAnswer,
  type ImportAnswer,
  type PhoneNumberWithConsentRow,
  type SuppressionRow,
} from '@blaster/contract';
import { queryRows } from '../src/db';
import { messageLogs, messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema';
import type { GatewayEvent } from '../src/gateway/gateway';
import { SandboxGateway } from '../src/gateway/sandbox';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, recordEvents, waitFor, type Caller, fastMember } from './support/chat';
import { upload } from './support/multipart';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

const numberOf = (i: number) => String(6287100000000 + i);

async function seedTargets(t: TestApp, from: number, to: number, templates = ['Halo {name}']) {
  await t.ctx.db.insert(phoneNumbers).values(
    Array.from({ length: to - from }, (_, k) => ({
      number: numberOf(from + k),
      name: `Target ${from + k}`,
    })),
  );
  await t.ctx.db
    .insert(messageTemplates)
    .values(templates.map((text) => ({ text: `<p>${text}</p>`, textWa: text })));
}

const accountRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

const start = (t: TestApp, member: Caller, id: number) =>
  t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });

async function suppress(t: TestApp, token: string, number: string) {
  const answer = await t.call<{ suppression: SuppressionRow }>('POST', API.suppressionCreate, {
    token,
    body: { number },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('suppression', () => {
  it('two instances never send a suppressed number, even when one dies mid-round and the other takes over', async () => {
    const gateway = new SandboxGateway({ seed: 5, timeScale: 0.01, failRate: 0, replyRate: 0 });
    const env = { SANDBOX_TIME_SCALE: '0.01', JOB_LEASE_SECONDS: '1' };
    const a = await startTestApp({ ...env, INSTANCE_ID: 'a' }, { gateway });
    opened.push(a);
    const b = await startTestApp({ ...env, INSTANCE_ID: 'b' }, { database: a.database, gateway });
    opened.push(b);
    const admin = await a.createUser('admin');
    const member = await fastMember(a);
    const onA = await connect(a, member, 'qr');
    const onB = await connect(a, member, 'qr');

    const TARGETS = 240;
    // Suppressed before the numbers exist: added later, they are suppressed all the same.
    const early = [3, 4, 50, 51, 52];
    for (const i of early) await suppress(a, admin.token, numberOf(i));
    await seedTargets(a, 0, TARGETS);
    // Suppressed while in the list, through the other instance.
    const listed = [5, 60, 61, 120, 121, 122];
    for (const i of listed) await suppress(b, admin.token, numberOf(i));
    const suppressedNumbers = new Set([...early, ...listed].map(numberOf));
    const flagged = await a.ctx.db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.suppressed, true));
    expect(new Set(flagged.map((row) => row.number))).toEqual(suppressedNumbers);

    // a dies right after a send reached the network, before the round was recorded.
    const send = gateway.sendMessage.bind(gateway);
    let killed = false;
    gateway.sendMessage = async (...args) => {
      const result = await send(...args);
      if (!killed && args[0] === onA.deviceId && gateway.delivered.length >= 40) {
        killed = true;
        // As a process dying would: its loops stop where they stand and its leases are no longer renewed.
        a.ctx.blast.kill();
        a.ctx.leases.stop();
      }
      return result;
    };
    expect((await start(a, member, onA.id)).status).toBe(200);
    expect((await start(b, member, onB.id)).status).toBe(200);
    await waitFor(() => killed, 'the crash');

    // Suppressed mid-blast, among numbers nobody has claimed yet (the claim goes in id order).
    const late = [230, 231, 232, 239];
    for (const i of late) await suppress(b, admin.token, numberOf(i));
    const untouched = await b.ctx.db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(sql`${phoneNumbers.number} in ${late.map(numberOf)} and last_sent is null and in_use = 0`);
    for (const row of untouched) suppressedNumbers.add(row.number);
    expect(untouched.length).toBeGreaterThan(0);

    // b takes a's account over once a's lease runs out, and both blasts end.
    await waitFor(async () => {
      await b.ctx.blast.adoptOrphans();
      const [first, second] = [await accountRow(b, onA.id), await accountRow(b, onB.id)];
      return first.status === 'idle' && second.status === 'idle' && !b.ctx.blast.isRunning(onA.id);
    }, 'both blasts to finish on b');

    const delivered = gateway.delivered.map((delivery) => delivery.to);
    expect(delivered.filter((to) => suppressedNumbers.has(to))).toEqual([]);
    expect(new Set(delivered).size).toBe(delivered.length);
    const logs = await queryRows<{ target: string; status: string }>(
      b.ctx.db,
      sql`select target, status from message_logs`,
    );
    expect(logs.filter((log) => suppressedNumbers.has(log.target))).toEqual([]);
    expect(logs.filter((log) => log.status === 'pending')).toEqual([]);
    // Every other number was settled exactly once.
    expect(new Set(logs.map((log) => log.target)).size).toBe(logs.length);
    expect(logs.length).toBe(TARGETS - suppressedNumbers.size);
    const [left] = await queryRows<{ n: string }>(
      b.ctx.db,
      sql`select count(*) as n from phone_numbers where last_sent is null and not suppressed`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('a STOP reply suppresses the number at once and tells the operators', async () => {
    const gateway = new SandboxGateway({ seed: 3, timeScale: 0.001, failRate: 0, replyRate: 1 });
    const t = await startTestApp({}, { gateway });
    opened.push(t);
    const seen = recordEvents(t);
    const admin = await t.createUser('admin');
    const member = await fastMember(t);
    const { id } = await connect(t, member, 'qr');
    await seedTargets(t, 0, 4);
    await start(t, member, id);
    await waitFor(async () => {
      const rows = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.suppressed, true));
      return rows.length === 4;
    }, 'every recipient to opt out');

    const told = seen.filter((e) => e.channel === 'admin' && e.message.event === 'suppressed');
    expect(told.map((e) => e.message.payload!.number).sort()).toEqual([0, 1, 2, 3].map(numberOf));
    expect(told.every((e) => e.message.payload!.reason === 'reply')).toBe(true);
    // Members are not told (the list is the operators').
    expect(seen.some((e) => e.channel === String(member.id) && e.message.event === 'suppressed')).toBe(false);
    const list = await t.call<{ data: SuppressionRow[] }>('GET', `${API.suppressionPerPage}?page=1`, {
      token: admin.token,
    });
    expect(list.body.data.map((row) => row.number).sort()).toEqual([0, 1, 2, 3].map(numberOf));
    // Each message answered is counted as opted out.
    const optedOut = await t.ctx.db
      .select({ id: messageLogs.id })
      .from(messageLogs)
      .where(sql`${messageLogs.optedOutAt} is not null`);
    expect(optedOut).toHaveLength(4);
    // A second STOP from the same number changes nothing and tells nobody again.
    await t.ctx.delivery.optOut(numberOf(0), null, new Date());
    expect(seen.filter((e) => e.channel === 'admin' && e.message.event === 'suppressed')).toHaveLength(4);
  });

  it('operators add, remove and export the list; staff add but may not remove', async () => {
    const t = await startTestApp();
    opened.push(t);
    const admin = await t.createUser('admin');
    const staff = await t.createUser('staff');
    await seedTargets(t, 0, 2);
    await suppress(t, staff.token, '0871 0000 0000');
    await suppress(t, admin.token, numberOf(1));
    const again = await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: numberOf(1) },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(MSG.suppressionTaken);
    // A note that would run as a spreadsheet formula is exported inert.
    await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: '6281299990000', note: '=HYPERLINK("http://x")' },
    });

    const exported = await t.app.inject({
      method: 'GET',
      url: API.suppressionExport,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const rows = Papa.parse<string[]>(exported.body.trim()).data;
    expect(rows[0]).toEqual(['number', 'reason', 'note', 'created_at']);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['6281299990000', numberOf(0), numberOf(1)].sort());
    expect(rows.find((row) => row[0] === '6281299990000')![2]).toBe(`'=HYPERLINK("http://x")`);

    expect((await t.call('DELETE', API.suppression(numberOf(1)), { token: staff.token })).status).toBe(403);
    const removed = await t.call('DELETE', API.suppression(numberOf(1)), { token: admin.token });
    expect(removed.status).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, numberOf(1)));
    expect(row!.suppressed).toBe(false);
    expect((await t.call('DELETE', API.suppression(numberOf(1)), { token: admin.token })).status).toBe(404);
  });

  it('a blast meeting only suppressed or unconsented numbers finishes with that reason', async () => {
    const t = await startTestApp();
    opened.push(t);
    const seen = recordEvents(t);
    const admin = await t.createUser('admin');
    const member = await fastMember(t);
    const { id } = await connect(t, member, 'qr');
    await seedTargets(t, 0, 3);
    for (const i of [0, 1, 2]) await suppress(t, admin.token, numberOf(i));
    await start(t, member, id);
    await waitFor(async () => (await accountRow(t, id)).status === 'idle', 'the blast to end');
    const ended = await waitFor(
      () => seen.find((e) => e.channel === String(member.id) && e.message.event === 'finished'),
      'the end event',
    );
    expect(ended.message.payload!.message).toBe(MSG.noTargetsSuppressed);
    // The reason's key travels too, so each reader's panel writes it in their own language.
    expect(ended.message.payload!.reason).toEqual({ key: 'noTargetsSuppressed', params: {} });
    expect(t.sandbox.delivered).toHaveLength(0);

    // With consent required, numbers without it are not sent either, and the blast says why.
    await t.ctx.db.insert(phoneNumbers).values([
      { number: numberOf(10), name: 'Tanpa persetujuan' },
      { number: numberOf(11), name: 'Setuju', consentSource: 'web form', consentAt: new Date() },
    ]);
    await t.ctx.db.update(settings).set({ requireConsent: true });
    t.ctx.blast.config.changed();
    seen.length = 0;
    await start(t, member, id);
    await waitFor(
      async () => (await accountRow(t, id)).status === 'idle' && !t.ctx.blast.isRunning(id),
      'second blast',
    );
    const second = await waitFor(
      () => seen.find((e) => e.channel === String(member.id) && e.message.event === 'finished'),
      'the second end event',
    );
    expect(second.message.payload!.message).toBe(MSG.noTargetsSuppressed);
    expect(t.sandbox.delivered.map((d) => d.to)).toEqual([numberOf(11)]);
  });
});

describe('consent', () => {
  it('imports consent columns and shows them; a suppressed number imported again stays suppressed', async () => {
    const t = await startTestApp();
    opened.push(t);
    const admin = await t.createUser('admin');
    await suppress(t, admin.token, numberOf(4));
    const file = [
      'number,name,consent_source,consent_at,consent_note',
      `${numberOf(1)},Satu,web form,2026-03-01 10:00,double opt-in`,
      `${numberOf(2)},Dua,,,`,
      `${numberOf(3)},Tiga,,yesterday-ish,`,
      `${numberOf(4)},Empat,toko,,`,
      `${numberOf(5)},Lima,,,catatan saja`,
    ].join('\n');
    const answer = await upload<ImportAnswer>(t, API.phoneImport, admin.token, {
      name: 'list.csv',
      content: file,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(4);
    expect(answer.body.skipped).toMatchObject([{ number: numberOf(3), reason: MSG.consentTimeInvalid }]);

    const list = await t.call<{ list: PhoneNumberWithConsentRow[] }>('GET', API.phoneList, {
      token: admin.token,
    });
    const byNumber = new Map(list.body.list.map((row) => [row.number, row]));
    expect(byNumber.get(numberOf(1))).toMatchObject({
      consent_source: 'web form',
      consent_at: new Date('2026-03-01T10:00').toISOString(),
      consent_note: 'double opt-in',
      suppressed: false,
    });
    expect(byNumber.get(numberOf(2))).toMatchObject({
      consent_source: null,
      consent_at: null,
      suppressed: false,
    });
    expect(byNumber.get(numberOf(4))).toMatchObject({ consent_source: 'toko', suppressed: true });
    expect(byNumber.get(numberOf(4))!.consent_at).not.toBeNull();
    expect(byNumber.get(numberOf(5))).toMatchObject({
      consent_source: 'import',
      consent_note: 'catatan saja',
    });

    // The form records consent too, and clears it when its fields are sent empty.
    const saved = await t.call<{ phoneNumber: PhoneNumberWithConsentRow }>('POST', API.phoneSave, {
      token: admin.token,
      body: { number: numberOf(7), name: 'Tujuh', consent_source: 'telepon' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.phoneNumber).toMatchObject({ consent_source: 'telepon' });
    const id = saved.body.phoneNumber.id;
    const cleared = await t.call<{ phoneNumber: PhoneNumberWithConsentRow }>('PUT', API.phoneNumber(id), {
      token: admin.token,
      body: {
        number: numberOf(7),
        name: 'Tujuh',
        status: 'active',
        consent_source: '',
        consent_at: '',
        consent_note: '',
      },
    });
    expect(cleared.body.phoneNumber).toMatchObject({ consent_source: null, consent_at: null });
    const badTime = await t.call('PUT', API.phoneNumber(id), {
      token: admin.token,
      body: { number: numberOf(7), name: 'Tujuh', consent_at: 'kemarin' },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.msg).toBe(MSG.consentTimeInvalid);
  });
});

describe('delivery funnel', () => {
  it('counts every stage exactly from the acknowledgements that arrived, lost ones and all', async () => {
    const gateway = new SandboxGateway({
      seed: 9,
      timeScale: 0.002,
      failRate: 0.2,
      replyRate: 0.15,
      ackLossRate: 0.3,
      readRate: 0.5,
    });
    const t = await startTestApp({}, { gateway });
    opened.push(t);
    const acks: Extract<GatewayEvent, { type: 'ack' }>[] = [];
    const replies: Extract<GatewayEvent, { type: 'message.inbound' }>[] = [];
    gateway.on((event) => {
      if (event.type === 'ack') acks.push(event);
      if (event.type === 'message.inbound') replies.push(event);
    });
    const member = await fastMember(t);
    const other = await fastMember(t);
    const admin = await t.createUser('admin');
    const first = await connect(t, member, 'qr');
    const second = await connect(t, member, 'qr');
    await seedTargets(t, 0, 80, ['Halo {name}', 'Promo {name}']);
    await start(t, member, first.id);
    await start(t, member, second.id);
    await waitFor(
      async () =>
        (await accountRow(t, first.id)).status === 'idle' &&
        (await accountRow(t, second.id)).status === 'idle' &&
        gateway.pendingAnswers === 0,
      'the blasts and every acknowledgement',
    );
    await t.ctx.delivery.flush();

    const logs = await t.ctx.db.select().from(messageLogs);
    const key = (id: number) => `log-${id}`;
    const deliveredKeys = new Set(acks.map((ack) => ack.key));
    const readKeys = new Set(acks.filter((ack) => ack.ack === 'read').map((ack) => ack.key));
    const answered = new Set(replies.map((reply) => reply.replyTo));
    const expected = (rows: typeof logs) => ({
      queued: rows.length,
      sent: rows.filter((row) => row.status === 'success').length,
      delivered: rows.filter((row) => deliveredKeys.has(key(row.id))).length,
      read: rows.filter((row) => readKeys.has(key(row.id))).length,
      // The templates carry no web address: nothing to click; STOP is no reply in words.
      clicked: 0,
      replied: 0,
      failed: rows.filter((row) => row.status === 'fail').length,
      opted_out: rows.filter((row) => answered.has(key(row.id))).length,
    });
    // Losses happened, so the funnel narrows for a reason the test can see.
    expect(expected(logs).delivered).toBeLessThan(expected(logs).sent);
    expect(expected(logs).read).toBeGreaterThan(0);
    expect(expected(logs).opted_out).toBeGreaterThan(0);
    expect(expected(logs).failed).toBeGreaterThan(0);

    const funnel = async (userId: number | 'all', query: string, token = member.token) => {
      const answer = await t.call<FunnelAnswer>('GET', `${API.funnel(userId)}?${query}`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const byTemplate = await funnel(member.id, 'by=template');
    expect(byTemplate.total).toEqual(expected(logs));
    expect(byTemplate.groups).toHaveLength(2);
    for (const group of byTemplate.groups)
      expect(group).toMatchObject(expected(logs.filter((row) => String(row.templateId) === group.key)));
    expect(byTemplate.groups.map((group) => group.label).sort()).toEqual(['Halo {name}', 'Promo {name}']);

    const byAccount = await funnel(member.id, 'by=account');
    for (const group of byAccount.groups)
      expect(group).toMatchObject(expected(logs.filter((row) => String(row.whatsappId) === group.key)));
    const oneAccount = await funnel(member.id, `by=day&whatsapp_id=${first.id}`);
    expect(oneAccount.total).toEqual(expected(logs.filter((row) => row.whatsappId === first.id)));
    expect(oneAccount.groups).toHaveLength(1);

    // Operators see everyone's; another member sees only their own (none).
    expect((await funnel('all', 'by=day', admin.token)).total).toEqual(expected(logs));
    expect((await funnel(other.id, 'by=day', other.token)).total.queued).toBe(0);
    expect((await funnel(other.id, `by=day&whatsapp_id=${first.id}`, other.token)).total.queued).toBe(0);
    expect((await t.call('GET', API.funnel(member.id), { token: other.token })).status).toBe(403);
    expect(logs).toHaveLength(80);
  });
});
