import { afterEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, type AbTestBody, type AbTestRow } from '@blaster/contract';
import { queryRows } from '../src/db';
import { messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema';
import { pickWinner, rateOf, type VariantCounts } from '../src/domain/ab-tests';
import { SandboxGateway } from '../src/gateway/sandbox';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, fastMember, recordEvents, waitFor, type Caller } from './support/chat';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

/** Every send arrives and every acknowledgement with it; nobody opts out. */
const NETWORK = { seed: 33, timeScale: 0, failRate: 0, replyRate: 0, ackLossRate: 0 };
const SAMPLE = 10;
const MINUTE = 60_000;
const IN_SEGMENT = 60;
const OUTSIDE = 10;

/** Numbers tagged for the test's segment, and some the segment leaves out. */
async function seedNumbers(t: TestApp) {
  await t.ctx.db.insert(phoneNumbers).values(
    Array.from({ length: IN_SEGMENT + OUTSIDE }, (_, i) => ({
      number: String(6281500000000 + i),
      name: `Target ${i}`,
      tags: i < IN_SEGMENT ? ['uji'] : [],
    })),
  );
}

/** Approved templates, inserted directly: the blast sends them without a review. */
async function seedTemplates(t: TestApp, texts: string[]) {
  const rows = await t.ctx.db
    .insert(messageTemplates)
    .values(texts.map((text) => ({ text: `<p>${text}</p>`, textWa: text })))
    .returning({ id: messageTemplates.id });
  return rows.map((row) => row.id);
}

const createTest = (t: TestApp, caller: Caller, body: AbTestBody) =>
  t.call<{ abtest: AbTestRow; msg: string }>('POST', API.abTestCreate, { token: caller.token, body });

const readTest = async (t: TestApp, caller: Caller, id: number) =>
  (await t.call<{ abtest: AbTestRow }>('GET', API.abTest(id), { token: caller.token })).body.abtest;

const accountRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

describe('A/B tests', () => {
  it('sends each variant to its sample, picks the higher read rate and sends only the winner to the rest, once per recipient across a restart', async () => {
    const gateway = new SandboxGateway(NETWORK);
    const env = { JOB_LEASE_SECONDS: '1' };
    const a = await startTestApp({ ...env, INSTANCE_ID: 'a' }, { gateway });
    opened.push(a);
    const b = await startTestApp({ ...env, INSTANCE_ID: 'b' }, { database: a.database, gateway });
    opened.push(b);
    const member = await fastMember(a);
    const admin = await a.createUser('admin');
    const dev = await a.createUser('dev');
    const account = await connect(a, member, 'qr');
    await seedNumbers(a);
    const [plain, better] = await seedTemplates(a, [
      'Varian biasa untuk {name}',
      'Varian unggulan untuk {name}',
    ]);
    const segment = await a.call<{ segment: { id: number } }>('POST', API.segmentCreate, {
      token: admin.token,
      body: { name: 'Uji', filter: { tags: ['uji'] } },
    });
    expect(segment.status).toBe(200);
    // A dev makes the second variant's recipients read far more often than the first's.
    for (const [template, readRate] of [
      ['Varian biasa', 0.05],
      ['Varian unggulan', 0.95],
    ] as const) {
      const set = await a.call('POST', API.sandboxNetwork, {
        token: dev.token,
        body: { template, engagement: { readRate } },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }

    // a dies a few sends into the samples, right after a send reached the network.
    const send = gateway.sendMessage.bind(gateway);
    let killed = false;
    gateway.sendMessage = async (...args) => {
      const result = await send(...args);
      if (!killed && gateway.delivered.length >= 5) {
        killed = true;
        a.ctx.blast.kill();
        a.ctx.leases.stop();
      }
      return result;
    };
    const created = await createTest(a, member, {
      whatsapp_id: account.id,
      segment_id: segment.body.segment.id,
      template_ids: [plain!, better!],
      sample_size: SAMPLE,
      wait_minutes: 30,
      metric: 'read',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.abtest.id;
    await waitFor(() => killed, 'the crash');

    // b takes the blast over once a's lease runs out, and sends the rest of the samples.
    await waitFor(async () => {
      await b.ctx.blast.adoptOrphans();
      return (await readTest(b, member, id)).status === 'waiting';
    }, 'the samples to be sent');
    // The crash's round left sends in doubt: settled as failed, never sent again, made up for by others.
    expect(gateway.delivered).toHaveLength(2 * SAMPLE);
    await waitFor(() => gateway.pendingAnswers === 0, 'the recipients to react');
    for (const app of [a, b]) await app.ctx.delivery.flush();
    const waiting = await readTest(b, member, id);
    expect(waiting.variants.map((variant) => variant.sent)).toEqual([SAMPLE, SAMPLE]);
    expect(waiting.winner_template_id).toBeNull();

    // The wait passes on the network's clock: the winner is picked and goes to the rest.
    const advanced = await b.call('POST', API.sandboxNetwork, {
      token: dev.token,
      body: { advanceHours: 1 },
    });
    expect(advanced.status).toBe(200);
    await waitFor(
      async () => (await accountRow(b, account.id)).status === 'idle',
      'the blast to reach the end of the segment',
    );

    const done = await readTest(b, member, id);
    expect(done.status).toBe('finished');
    expect(done.winner_template_id).toBe(better);
    const [plainVariant, betterVariant] = done.variants;
    expect(plainVariant).toMatchObject({ template_id: plain, sent: SAMPLE });
    expect(betterVariant).toMatchObject({ template_id: better, sent: SAMPLE });
    expect(betterVariant!.rate).toBeGreaterThan(plainVariant!.rate);
    expect(betterVariant!.rate).toBe(betterVariant!.read / SAMPLE);

    // The rest of the segment got the winner only; every number of it exactly one message.
    const [test] = await queryRows<{ from_log_id: string; sampled_until_log_id: string }>(
      b.ctx.db,
      sql`select from_log_id, sampled_until_log_id from ab_tests where id = ${id}`,
    );
    const byPhase = await queryRows<{ phase: string; template_id: number; n: string }>(
      b.ctx.db,
      sql`select case when id <= ${test!.sampled_until_log_id} then 'sample' else 'rest' end as phase,
            template_id, count(*) as n
          from message_logs where whatsapp_id = ${account.id} and id > ${test!.from_log_id} and status = 'success'
          group by 1, 2 order by 1, 2`,
    );
    const restCount = byPhase.find((row) => row.phase === 'rest')?.n;
    expect(byPhase.map((row) => [row.phase, row.template_id, Number(row.n)])).toEqual([
      ['rest', better, Number(restCount)],
      ['sample', plain, SAMPLE],
      ['sample', better, SAMPLE],
    ]);
    const [logs] = await queryRows<{ total: string; targets: string; failed: string }>(
      b.ctx.db,
      sql`select count(*) as total, count(distinct target) as targets,
            count(*) filter (where status = 'fail') as failed
          from message_logs where whatsapp_id = ${account.id}`,
    );
    expect(Number(logs!.total)).toBe(IN_SEGMENT);
    expect(Number(logs!.targets)).toBe(IN_SEGMENT);
    expect(Number(logs!.failed)).toBeGreaterThan(0);
    expect(Number(restCount)).toBe(IN_SEGMENT - Number(logs!.failed) - 2 * SAMPLE);
    const delivered = gateway.delivered.map((delivery) => delivery.to);
    expect(delivered).toHaveLength(IN_SEGMENT - Number(logs!.failed));
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.every((to) => Number(to) < 6281500000000 + IN_SEGMENT)).toBe(true);
    const rest = gateway.delivered.slice(2 * SAMPLE);
    expect(rest.every((delivery) => delivery.text.startsWith('Varian unggulan'))).toBe(true);
  });

  it('sends a variant on trial no more than its first batch before its feedback is in; a variant switched off sends no more and cannot win', async () => {
    const gateway = new SandboxGateway(NETWORK);
    const t = await startTestApp({}, { gateway });
    opened.push(t);
    const member = await fastMember(t);
    const admin = await t.createUser('admin');
    const dev = await t.createUser('dev');
    const account = await connect(t, member, 'qr');
    const seen = recordEvents(t);
    await seedNumbers(t);
    const FIRST_BATCH = 3;
    await t.ctx.db.update(settings).set({ templateFirstBatch: FIRST_BATCH });
    t.ctx.blast.config.changed();
    const [kept, switchedOff] = await seedTemplates(t, [
      'Varian tetap untuk {name}',
      'Varian dimatikan untuk {name}',
    ]);
    // Both are new to the network: each may reach its first batch, then waits for its feedback.
    await t.ctx.db
      .update(messageTemplates)
      .set({ pacing: 'trial' })
      .where(inArray(messageTemplates.id, [kept!, switchedOff!]));
    // The variant about to be switched off is read far more: were it still counted, it would win.
    for (const [template, readRate] of [
      ['Varian tetap', 0.05],
      ['Varian dimatikan', 0.95],
    ] as const) {
      const set = await t.call('POST', API.sandboxNetwork, {
        token: dev.token,
        body: { template, engagement: { readRate } },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    const segment = await t.call<{ segment: { id: number } }>('POST', API.segmentCreate, {
      token: admin.token,
      body: { name: 'Uji', filter: { tags: ['uji'] } },
    });
    const created = await createTest(t, member, {
      whatsapp_id: account.id,
      segment_id: segment.body.segment.id,
      template_ids: [kept!, switchedOff!],
      sample_size: SAMPLE,
      wait_minutes: 30,
      metric: 'read',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.abtest.id;
    const held = () =>
      seen.find(
        (e) =>
          e.message.event === 'waiting' &&
          e.message.sender?.id === account.id &&
          JSON.stringify(e.message.payload).includes('templateBatchHeld'),
      );
    // Held for the feedback, or (were trial pacing skipped) the samples sent in full.
    await waitFor(
      async () => held() || (await readTest(t, member, id)).status === 'waiting',
      'the samples to wait for their first batches’ feedback',
    );
    const sentWith = (prefix: string) =>
      gateway.delivered.filter((delivery) => delivery.text.startsWith(prefix)).length;
    expect([sentWith('Varian tetap'), sentWith('Varian dimatikan')]).toEqual([FIRST_BATCH, FIRST_BATCH]);
    expect((await readTest(t, member, id)).status).toBe('sampling');

    // An operator switches the second variant off; the batches' feedback time passes.
    await t.ctx.db
      .update(messageTemplates)
      .set({ status: 'nonactive' })
      .where(eq(messageTemplates.id, switchedOff!));
    t.ctx.blast.config.changed();
    await waitFor(() => gateway.pendingAnswers === 0, 'the recipients to react');
    await t.ctx.delivery.flush();
    gateway.advanceClock(31 * MINUTE);
    await waitFor(
      async () => (await readTest(t, member, id)).status === 'waiting',
      'the kept variant’s sample to be sent',
    );
    await waitFor(() => gateway.pendingAnswers === 0, 'the recipients to react');
    await t.ctx.delivery.flush();
    gateway.advanceClock(31 * MINUTE);
    await waitFor(
      async () => (await accountRow(t, account.id)).status === 'idle',
      'the blast to reach the end of the segment',
    );

    const done = await readTest(t, member, id);
    expect(done.status).toBe('finished');
    expect(done.winner_template_id).toBe(kept);
    expect(done.variants.map((variant) => [variant.template_id, variant.sent])).toEqual([
      [kept, SAMPLE],
      [switchedOff, FIRST_BATCH],
    ]);
    // Everyone in the segment got one message; after the two first batches, only the kept variant.
    const delivered = gateway.delivered.map((delivery) => delivery.to);
    expect(delivered).toHaveLength(IN_SEGMENT);
    expect(new Set(delivered).size).toBe(IN_SEGMENT);
    expect(sentWith('Varian dimatikan')).toBe(FIRST_BATCH);
  });

  it('is cancelled by its owner while it waits: the blast stops, the samples stay on record, nothing more is sent', async () => {
    const gateway = new SandboxGateway(NETWORK);
    const t = await startTestApp({}, { gateway });
    opened.push(t);
    const member = await fastMember(t);
    const other = await fastMember(t);
    const admin = await t.createUser('admin');
    const account = await connect(t, member, 'qr');
    await seedNumbers(t);
    const templates = await seedTemplates(t, ['Varian satu {name}', 'Varian dua {name}']);
    const created = await createTest(t, member, {
      whatsapp_id: account.id,
      segment_id: null,
      template_ids: templates,
      sample_size: SAMPLE,
      wait_minutes: 60,
      metric: 'reply',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.abtest.id;
    await waitFor(async () => (await readTest(t, member, id)).status === 'waiting', 'the samples');
    expect((await accountRow(t, account.id)).status).toBe('sending');

    const cancel = (caller: Caller) =>
      t.call<{ abtest: AbTestRow; msg: string }>('POST', API.abTestCancel(id), { token: caller.token });
    expect((await cancel(other)).status).toBe(404);
    expect((await cancel(admin)).status).toBe(403);
    const cancelled = await cancel(member);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.msg).toBe(MSG.abTestCancelled);
    expect(cancelled.body.abtest.status).toBe('cancelled');
    expect(cancelled.body.abtest.variants.map((variant) => variant.sent)).toEqual([SAMPLE, SAMPLE]);
    expect((await accountRow(t, account.id)).status).toBe('idle');
    await waitFor(() => !t.ctx.blast.isRunning(account.id), 'the loop to end');
    const again = await cancel(member);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(MSG.abTestOver);

    // The wait passes: no winner is picked and the rest of the audience gets nothing.
    gateway.advanceClock(2 * 60 * MINUTE);
    expect(gateway.delivered).toHaveLength(2 * SAMPLE);
    expect((await readTest(t, member, id)).winner_template_id).toBeNull();
    // The account is free for another test.
    const next = await createTest(t, member, {
      whatsapp_id: account.id,
      segment_id: null,
      template_ids: templates,
      sample_size: 1,
      wait_minutes: 1,
      metric: 'reply',
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it('refuses fewer than 2 or more than 5 variants, a paused template, and what is not the member’s', async () => {
    const t = await startTestApp({}, { gateway: new SandboxGateway(NETWORK) });
    opened.push(t);
    const member = await fastMember(t);
    const other = await fastMember(t);
    const admin = await t.createUser('admin');
    const account = await connect(t, member, 'qr');
    const templates = await seedTemplates(t, ['Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam']);
    const body = (change: Partial<AbTestBody>): AbTestBody => ({
      whatsapp_id: account.id,
      segment_id: null,
      template_ids: templates.slice(0, 2),
      sample_size: 5,
      wait_minutes: 10,
      metric: 'reply',
      ...change,
    });

    for (const template_ids of [templates.slice(0, 1), templates]) {
      const refused = await createTest(t, member, body({ template_ids }));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(MSG.abTestVariantsCount);
    }
    const twice = await createTest(t, member, body({ template_ids: [templates[0]!, templates[0]!] }));
    expect(JSON.stringify(twice.body)).toContain(MSG.abTestVariantTwice);
    const tooBig = await createTest(t, member, body({ sample_size: 10_001 }));
    expect(JSON.stringify(tooBig.body)).toContain(MSG.abTestSampleRange);
    await t.ctx.db
      .update(messageTemplates)
      .set({ pacing: 'paused' })
      .where(eq(messageTemplates.id, templates[1]!));
    const paused = await createTest(t, member, body({}));
    expect(paused.status).toBe(400);
    expect(paused.body.msg).toBe(MSG.abTestTemplateNotSendable(templates[1]!));

    const sendable = body({ template_ids: [templates[0]!, templates[2]!] });
    expect((await createTest(t, other, sendable)).status).toBe(403);
    expect((await createTest(t, admin, sendable)).status).toBe(403);
    expect((await createTest(t, member, { ...sendable, segment_id: 999_999 })).status).toBe(404);
    // Nothing was written by the refusals: the account stays idle, with no test.
    expect((await accountRow(t, account.id)).status).toBe('idle');
    expect(
      (await t.call<{ list: unknown[] }>('GET', API.abTestList, { token: member.token })).body.list,
    ).toEqual([]);

    // One test at a time on an account; another member's test is not found, an operator reads it.
    const started = await createTest(t, member, sendable);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.abtest.id;
    expect((await createTest(t, member, sendable)).status).toBe(409);
    expect((await t.call('GET', API.abTest(id), { token: other.token })).status).toBe(404);
    expect((await t.call('GET', API.abTest(id), { token: admin.token })).status).toBe(200);
    expect(
      (await t.call<{ list: unknown[] }>('GET', API.abTestList, { token: other.token })).body.list,
    ).toEqual([]);
  });

  it('picks by the chosen metric per delivered send; a tie goes to the variant given first', () => {
    const variant = (position: number, counts: Partial<VariantCounts>): VariantCounts => ({
      templateId: 100 + position,
      position,
      taken: 10,
      sent: 10,
      failed: 0,
      replied: 0,
      read: 0,
      clicked: 0,
      ...counts,
    });
    const many = [
      variant(2, { replied: 3, read: 9, clicked: 1 }),
      variant(1, { replied: 3, read: 2, clicked: 0, sent: 5 }),
      variant(3, { replied: 3, read: 2, clicked: 4 }),
    ];
    expect(pickWinner('reply', many)?.templateId).toBe(101);
    expect(pickWinner('read', many)?.templateId).toBe(102);
    expect(pickWinner('click', many)?.templateId).toBe(103);
    expect(rateOf('reply', many[1]!)).toBe(0.6);
    // Nothing delivered: a rate of 0, and the first variant stands.
    const silent = [variant(2, { sent: 0 }), variant(1, { sent: 0 })];
    expect(rateOf('read', silent[0]!)).toBe(0);
    expect(pickWinner('read', silent)?.templateId).toBe(101);
  });
});
