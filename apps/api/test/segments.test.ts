import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API,
  MESSAGE_TEXT as MSG,
  segmentFilterSchema,
  type AuditEntry,
  type SegmentCount,
  type SegmentFilterInput,
} from '@blaster/contract';
import { queryRows, type Database } from '../src/db';
import { messageTemplates, numberFields, phoneNumbers } from '../src/db/schema';
import {
  lastStageDifferences,
  rebuildLastStages,
  rebuildWroteIn,
  wroteInDifferences,
} from '../src/domain/number-history';
import { segmentWhere } from '../src/domain/segment-filter';
import { readSettings } from '../src/domain/settings';
import { SandboxGateway } from '../src/gateway/sandbox';
import { claimablePhones } from '../src/jobs/claimable';
import { closeSharedApps, startTestApp, startTwoInstances, type TestApp } from './support/app';
import { type Caller, connect, fastMember, recordEvents, waitFor } from './support/chat';

const opened: TestApp[] = [];
const extraDatabases: Database[] = [];
afterEach(() => closeSharedApps(opened, extraDatabases.splice(0)));

/** Sandbox recipients neither answer, block nor report: the template stays green all blast long. */
const QUIET_NETWORK = { seed: 7, timeScale: 0, failRate: 0, replyRate: 0, clickRate: 0 };

async function appWithUsers(env: Record<string, string> = {}) {
  const t = await startTestApp(env, { gateway: new SandboxGateway(QUIET_NETWORK) });
  opened.push(t);
  const admin = await t.createUser('admin');
  const member = await fastMember(t);
  return { t, admin, member };
}

/** Twelve numbers: every third a VIP in Bandung, some VIPs elsewhere, the rest plain. */
async function seedNumbers(t: TestApp) {
  await t.ctx.db.insert(numberFields).values([{ key: 'city' }, { key: 'note' }]);
  await t.ctx.db.insert(phoneNumbers).values(
    Array.from({ length: 12 }, (_, i) => ({
      number: String(6281400000000 + i),
      name: `Target ${i}`,
      tags: i % 3 === 0 ? ['vip', 'pelanggan'] : i % 3 === 1 ? ['vip'] : [],
      fields: (i % 3 === 2 ? {} : { city: i % 3 === 0 ? 'Bandung' : 'Medan' }) as Record<string, string>,
      consentSource: i % 2 === 0 ? 'web form' : null,
    })),
  );
  // Inserted directly, the template is approved: the blast sends it without a review.
  await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
}

const createSegment = (t: TestApp, caller: Caller, name: string, filter: SegmentFilterInput) =>
  t.call<{ segment: { id: number }; msg: string; errors?: Record<string, string> }>(
    'POST',
    API.segmentCreate,
    {
      token: caller.token,
      body: { name, filter },
    },
  );

const segmentCount = async (t: TestApp, caller: Caller, id: number) =>
  (await t.call<SegmentCount>('GET', API.segmentCount(id), { token: caller.token })).body;

/**
 * Starts a blast on the app (a new account unless one is given) and waits for the account's
 * `finished` event, on any of `apps`. `segmentId` null is every number; left out, a resume.
 */
async function blastTo(
  t: TestApp,
  member: Caller,
  segmentId: number | null | undefined,
  apps: TestApp[] = [t],
  account?: { id: number },
) {
  account ??= await connect(t, member, 'qr');
  const seen = apps.map((app) => recordEvents(app));
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: account.id, ...(segmentId === undefined ? {} : { segmentId }) },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await waitFor(
    () => seen.flat().some((e) => e.message.event === 'finished' && e.message.sender?.id === account.id),
    'the blast to finish',
  );
}

const sentNumbers = async (t: TestApp) =>
  (await queryRows<{ target: string }>(t.ctx.db, sql`select target from message_logs order by target`)).map(
    (row) => row.target,
  );

describe('segments', () => {
  it('refuses a filter with an unknown or malformed field key, with the catalog’s message', async () => {
    const { t, admin } = await appWithUsers();
    await seedNumbers(t);
    const unknown = await createSegment(t, admin, 'Kota', { fields: [{ key: 'kota', value: 'Bandung' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(MSG.segmentFieldUnknown('kota'));
    expect(unknown.body.errors?.filter).toBe(MSG.segmentFieldUnknown('kota'));
    const malformed = await createSegment(t, admin, 'Kota', { fields: [{ key: 'Kota Asal', value: 'x' }] });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain(MSG.fieldKeyInvalid);
    const twice = await createSegment(t, admin, 'Kota', {
      fields: [
        { key: 'city', value: 'Bandung' },
        { key: 'city', value: 'Medan' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(MSG.segmentFieldTwice);
    const unnamed = await createSegment(t, admin, '  ', {});
    expect(unnamed.status).toBe(400);
  });

  it('lets admin and dev build segments; a member only lists them and their counts', async () => {
    const { t, admin, member } = await appWithUsers();
    await seedNumbers(t);
    expect((await createSegment(t, member, 'VIP', { tags: ['vip'] })).status).toBe(403);
    const dev = await t.createUser('dev');
    const saved = await createSegment(t, dev, 'VIP', { tags: ['VIP'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.segment.id;
    const preview = await t.call('POST', API.segmentPreviewCount, {
      token: member.token,
      body: { filter: {} },
    });
    expect(preview.status).toBe(403);
    for (const [method, path] of [
      ['PUT', API.segment(id)],
      ['DELETE', API.segment(id)],
    ] as const)
      expect(
        (await t.call(method, path, { token: member.token, body: { name: 'x', filter: {} } })).status,
      ).toBe(403);
    const listed = await t.call<{ list: { name: string; filter: unknown }[] }>('GET', API.segmentList, {
      token: member.token,
    });
    expect(listed.body.list).toEqual([expect.objectContaining({ name: 'VIP', filter: { tags: ['vip'] } })]);
    expect(await segmentCount(t, member, id)).toEqual({ total: 8, claimable: 8 });
    const renamed = await t.call('PUT', API.segment(id), {
      token: admin.token,
      body: { name: 'VIP Bandung', filter: { tags: ['vip'], fields: [{ key: 'city', value: 'Bandung' }] } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await segmentCount(t, admin, id)).toEqual({ total: 4, claimable: 4 });
    expect((await t.call('DELETE', API.segment(id), { token: admin.token })).status).toBe(200);
    expect((await t.call('GET', API.segmentCount(id), { token: admin.token })).status).toBe(404);

    // Who made, changed and deleted the audience, and what it held, newest first.
    const trail = await t.call<{ data: AuditEntry[] }>(
      'GET',
      `${API.auditPerPage}?page=1&target_type=segment&target_id=${id}`,
      { token: admin.token },
    );
    expect(trail.body.data).toMatchObject([
      { action: 'segment.delete', actor: { id: admin.id }, before: { name: 'VIP Bandung' } },
      {
        action: 'segment.update',
        actor: { id: admin.id },
        before: { name: 'VIP', filter: { tags: ['vip'] } },
        after: { name: 'VIP Bandung', filter: { fields: [{ key: 'city', value: 'Bandung' }] } },
      },
      {
        action: 'segment.create',
        actor: { id: dev.id },
        after: { name: 'VIP' },
        target: { type: 'segment' },
      },
    ]);
  });

  it('counts each condition: tags, fields, consent source, replies and the last send’s stage', async () => {
    const { t, admin } = await appWithUsers();
    await seedNumbers(t);
    const count = async (filter: SegmentFilterInput) =>
      (await t.call<SegmentCount>('POST', API.segmentPreviewCount, { token: admin.token, body: { filter } }))
        .body;
    expect(await count({})).toEqual({ total: 12, claimable: 12 });
    expect(await count({ tags: ['vip', 'pelanggan'] })).toEqual({ total: 4, claimable: 4 });
    expect(await count({ fields: [{ key: 'city', value: 'Medan' }] })).toEqual({ total: 4, claimable: 4 });
    expect(await count({ consent_source: 'web form', tags: ['vip'] })).toEqual({ total: 4, claimable: 4 });
    // Number 0 answered once; number 3 was sent to and read, so it is no longer claimable.
    const [thread] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`insert into whatsapp_accounts (user_id, clientid) values (${admin.id}, 'segments-probe') returning id`,
    );
    await t.ctx.db.execute(
      sql`insert into inbox_threads (whatsapp_id, user_id, counterpart, last_at, last_text, last_direction)
          values (${thread!.id}, ${admin.id}, '6281400000000', now(), 'hai', 'in')`,
    );
    await t.ctx.db.execute(
      sql`insert into inbox_messages (thread_id, whatsapp_id, user_id, counterpart, direction, text, at)
          select id, whatsapp_id, user_id, counterpart, 'in', 'hai', now() from inbox_threads`,
    );
    await t.ctx.db.execute(
      sql`insert into message_logs (user_id, whatsapp_id, phone_number_id, target, status, sent_at, delivered_at, read_at)
          select ${admin.id}, ${thread!.id}, id, number, 'success', now(), now(), now()
          from phone_numbers where number = '6281400000003'`,
    );
    await t.ctx.db
      .update(phoneNumbers)
      .set({ lastSent: new Date() })
      .where(eq(phoneNumbers.number, '6281400000003'));
    // What the send's settle, its acknowledgements and the inbox keep on the numbers (tested below).
    await rebuildLastStages(t.ctx.db);
    await rebuildWroteIn(t.ctx.db);
    expect(await count({ replied: true })).toEqual({ total: 1, claimable: 1 });
    expect(await count({ replied: false, tags: ['pelanggan'] })).toEqual({ total: 3, claimable: 2 });
    expect(await count({ last_stage: 'read' })).toEqual({ total: 1, claimable: 0 });
    expect(await count({ last_stage: 'delivered' })).toEqual({ total: 0, claimable: 0 });
  });

  it('reads the number’s kept stage and reply mark by their indexes for a stage or reply filter, never the log or the inbox', async () => {
    const { t } = await appWithUsers();
    await seedNumbers(t);
    const planOf = async (filter: SegmentFilterInput) =>
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const settings = await readSettings(tx);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select count(*) from ${phoneNumbers}
              where ${segmentWhere(segmentFilterSchema.parse(filter))} and ${claimablePhones(settings)}`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    const stage = await planOf({ last_stage: 'read' });
    expect(stage).toMatch(/phone_numbers_last_stage_idx/);
    expect(stage).not.toMatch(/message_logs/);
    const replied = await planOf({ replied: true });
    // Few numbers: the planner may read the claimable ones and test the mark on each, never the inbox.
    expect(replied).toMatch(/phone_numbers_wrote_in_idx|Filter: wrote_in/);
    expect(replied).not.toMatch(/inbox_messages/);
  });

  it('keeps each number’s last stage and reply mark as sends settle, acknowledgements arrive and replies come, as the log and the inbox tell them', async () => {
    // Recipients fail, read, lose acknowledgements and answer in words, each by the seed.
    const gateway = new SandboxGateway({
      seed: 21,
      timeScale: 0.002,
      failRate: 0.2,
      replyRate: 0,
      ackLossRate: 0.3,
      readRate: 0.5,
      conversationRate: 0.3,
    });
    const t = await startTestApp({}, { gateway });
    opened.push(t);
    const member = await fastMember(t);
    await t.ctx.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 60 }, (_, i) => ({ number: String(6281600000000 + i), name: `Target ${i}` })),
      );
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
    const first = await connect(t, member, 'qr');
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: first.id } });
    await waitFor(
      () => seen.some((e) => e.message.event === 'finished' && e.message.sender?.id === first.id),
      'the blast to finish',
    );
    await waitFor(() => gateway.pendingAnswers === 0, 'every acknowledgement and reply');
    await t.ctx.delivery.flush();
    await t.ctx.inbox.flush();

    expect(await lastStageDifferences(t.ctx.db)).toEqual([]);
    expect(await wroteInDifferences(t.ctx.db)).toEqual([]);
    const [wrote] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*) as n from phone_numbers where wrote_in`,
    );
    expect(Number(wrote!.n)).toBeGreaterThan(0);
    const stages = await queryRows<{ stage: string; n: string }>(
      t.ctx.db,
      sql`select last_stage as stage, count(*) as n from phone_numbers group by 1 order by 1`,
    );
    // Every stage the segment offers was reached by someone, so the comparison above means something.
    expect(stages.map((row) => row.stage).sort()).toEqual(['delivered', 'failed', 'read', 'replied', 'sent']);
    const admin = await t.createUser('admin');
    for (const { stage, n } of stages) {
      const preview = await t.call<SegmentCount>('POST', API.segmentPreviewCount, {
        token: admin.token,
        body: { filter: { last_stage: stage } },
      });
      expect(preview.body.total).toBe(Number(n));
    }
  });

  it('reads a field value typed with spaces around it as numbers store their values: trimmed', async () => {
    const { t, admin } = await appWithUsers();
    await seedNumbers(t);
    const padded = { fields: [{ key: 'city', value: ' Bandung ' }] };
    const preview = await t.call<SegmentCount>('POST', API.segmentPreviewCount, {
      token: admin.token,
      body: { filter: padded },
    });
    expect(preview.body).toEqual({ total: 4, claimable: 4 });
    const saved = await createSegment(t, admin, 'Bandung', padded);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await segmentCount(t, admin, saved.body.segment.id)).toEqual({ total: 4, claimable: 4 });
    const listed = await t.call<{ list: { id: number; filter: SegmentFilterInput }[] }>(
      'GET',
      API.segmentList,
      { token: admin.token },
    );
    const kept = listed.body.list.find((segment) => segment.id === saved.body.segment.id);
    expect(kept?.filter.fields).toEqual([{ key: 'city', value: 'Bandung' }]);
    // Only spaces is no value at all.
    const blank = await createSegment(t, admin, 'blank', { fields: [{ key: 'city', value: '   ' }] });
    expect(blank.status).toBe(400);
  });

  it('matches a hostile field value literally: the filter is sent as bound parameters', async () => {
    const { t, admin } = await appWithUsers();
    await seedNumbers(t);
    const hostile = `'); drop table phone_numbers; --`;
    await t.ctx.db
      .update(phoneNumbers)
      .set({ fields: { note: hostile } })
      .where(eq(phoneNumbers.number, '6281400000005'));
    const saved = await createSegment(t, admin, hostile, {
      tags: [`x'] || array['vip`],
      fields: [{ key: 'note', value: hostile }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await segmentCount(t, admin, saved.body.segment.id)).toEqual({ total: 0, claimable: 0 });
    const literal = await createSegment(t, admin, 'note', { fields: [{ key: 'note', value: hostile }] });
    expect(await segmentCount(t, admin, literal.body.segment.id)).toEqual({ total: 1, claimable: 1 });
    const [row] = await queryRows<{ n: string }>(t.ctx.db, sql`select count(*) as n from phone_numbers`);
    expect(Number(row!.n)).toBe(12);
  });

  it('a blast to a segment sends exactly the numbers the segment counted, and no other', async () => {
    const { t, admin, member } = await appWithUsers();
    await seedNumbers(t);
    const saved = await createSegment(t, admin, 'VIP Bandung', {
      tags: ['vip'],
      fields: [{ key: 'city', value: 'Bandung' }],
    });
    const id = saved.body.segment.id;
    const counted = await segmentCount(t, member, id);
    expect(counted.claimable).toBe(4);
    await blastTo(t, member, id);
    expect(await sentNumbers(t)).toEqual([
      '6281400000000',
      '6281400000003',
      '6281400000006',
      '6281400000009',
    ]);
    expect(await segmentCount(t, member, id)).toEqual({ total: 4, claimable: 0 });
    // Without a segment, the blast goes on to every number left.
    await blastTo(t, member, null);
    expect((await sentNumbers(t)).length).toBe(12);
  });

  it('a resumed blast keeps its segment; only choosing every number widens it', async () => {
    const { t, admin, member } = await appWithUsers();
    await seedNumbers(t);
    const saved = await createSegment(t, admin, 'VIP Bandung', {
      tags: ['vip'],
      fields: [{ key: 'city', value: 'Bandung' }],
    });
    const account = await connect(t, member, 'qr');
    await blastTo(t, member, saved.body.segment.id, [t], account);
    // The campaign card's resume names no audience: the account's blast keeps the one it had.
    await blastTo(t, member, undefined, [t], account);
    expect((await sentNumbers(t)).length).toBe(4);
    await blastTo(t, member, null, [t], account);
    expect((await sentNumbers(t)).length).toBe(12);
  });

  it('a segment unknown at the start is refused before the blast starts', async () => {
    const { t, member } = await appWithUsers();
    await seedNumbers(t);
    const account = await connect(t, member, 'qr');
    const started = await t.call<{ msg: string }>('POST', API.whatsappStart, {
      token: member.token,
      body: { whatsappClientId: account.id, segmentId: 999 },
    });
    expect(started.status).toBe(404);
    expect(started.body.msg).toBe(MSG.segmentNotFound);
  });

  it("a dev's start of a member's blast to a segment names the segment in the audit trail", async () => {
    const { t, admin, member } = await appWithUsers();
    await seedNumbers(t);
    const dev = await t.createUser('dev');
    const saved = await createSegment(t, admin, 'VIP', { tags: ['vip'] });
    const account = await connect(t, member, 'qr');
    const started = await t.call('POST', API.whatsappStart, {
      token: dev.token,
      body: { whatsappClientId: account.id, segmentId: saved.body.segment.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const trail = await t.call<{ data: AuditEntry[] }>(
      'GET',
      `${API.auditPerPage}?page=1&target_type=whatsapp&target_id=${account.id}`,
      { token: admin.token },
    );
    expect(trail.body.data[0]).toMatchObject({
      action: 'blast.start',
      actor: { id: dev.id },
      after: { status: 'sending', blast_segment_id: saved.body.segment.id },
    });
  });

  it('two instances blasting one segment send its numbers once each and no other', async () => {
    const env = { SANDBOX_TIME_SCALE: '0', SANDBOX_FAIL_RATE: '0', SANDBOX_REPLY_RATE: '0' };
    const { a, b } = await startTwoInstances(
      { ...env, SANDBOX_BLOCK_RATE: '0', SANDBOX_REPORT_RATE: '0' },
      opened,
      extraDatabases,
    );
    const admin = await a.createUser('admin');
    const member = await fastMember(a);
    await seedNumbers(a);
    const saved = await createSegment(a, admin, 'Medan', { fields: [{ key: 'city', value: 'Medan' }] });
    const id = saved.body.segment.id;
    expect((await segmentCount(b, member, id)).claimable).toBe(4);
    const first = await connect(a, member, 'qr');
    const second = await connect(a, member, 'qr');
    const seen = [recordEvents(a), recordEvents(b)];
    for (const [app, account] of [
      [a, first],
      [b, second],
    ] as const) {
      const started = await app.call('POST', API.whatsappStart, {
        token: member.token,
        body: { whatsappClientId: account.id, segmentId: id },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    }
    await waitFor(
      () =>
        [first.id, second.id].every((accountId) =>
          seen.flat().some((e) => e.message.event === 'finished' && e.message.sender?.id === accountId),
        ),
      'both blasts to finish',
    );
    expect(await sentNumbers(a)).toEqual([
      '6281400000001',
      '6281400000004',
      '6281400000007',
      '6281400000010',
    ]);
  });
});
