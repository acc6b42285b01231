import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API,
  MESSAGE_TEXT as MSG,
  type AuditEntry,
  type CampaignsAnswer,
  type Setting,
  type TemplateRow,
} from '@blaster/contract';
import { queryRows, type Database } from '../src/db';
import { messageTemplates, phoneNumbers, users } from '../src/db/schema';
import { closeSharedApps, startTestApp, startTwoInstances, type TestApp } from './support/app';
import { connect, recordEvents, waitFor, type Caller } from './support/chat';
import { upload } from './support/multipart';
import { changeSettings } from './support/settings';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});
/** Two instances on one database (each in `pairs`), closed together after each test. */
const pairs: TestApp[] = [];
const extraDatabases: Database[] = [];
afterEach(() => closeSharedApps(pairs, extraDatabases.splice(0)));

const MINUTE = 60_000;

/** The network's rules on, recipients who never fail, block, report or answer STOP unless told. */
const NETWORK = {
  SANDBOX_REPUTATION: 'on',
  SANDBOX_BLOCK_RATE: '0',
  SANDBOX_REPORT_RATE: '0',
  SANDBOX_FAIL_RATE: '0',
  SANDBOX_REPLY_RATE: '0',
};

type Seen = ReturnType<typeof recordEvents>;

/**
 * An admin, a staff member, a dev and a member whose blasts wait nothing between sends, and a first
 * batch of 10 whose feedback is read 30 minutes after its last send.
 */
async function people(t: TestApp) {
  const [admin, staff, dev, member] = await Promise.all([
    t.createUser('admin'),
    t.createUser('staff'),
    t.createUser('dev'),
    t.createUser('member'),
  ]);
  await t.ctx.db
    .update(users)
    .set({ blastIntervalMin: 0, blastIntervalMax: 0 })
    .where(eq(users.id, member.id));
  await changeSettings(t, admin.token, { template_first_batch: 10, template_feedback_minutes: 30 });
  return { admin, staff, dev, member };
}

/** An app with `people` and the member's connected account. */
async function platform() {
  const t = await startTestApp(NETWORK);
  opened.push(t);
  const { admin, staff, dev, member } = await people(t);
  const seen = recordEvents(t);
  const account = await connect(t, member, 'qr', seen);
  return { t, admin, staff, dev, member, account, seen };
}

let listNo = 0;
/** Adds `count` targets to the list; answers their numbers. */
async function seedList(t: TestApp, count: number) {
  listNo += 1;
  const base = 6287600000000 + listNo * 100_000;
  const numbers = Array.from({ length: count }, (_, i) => String(base + i));
  await t.ctx.db.insert(phoneNumbers).values(numbers.map((number, i) => ({ number, name: `Target ${i}` })));
  return numbers;
}

/** A dev writes a template through the API, as the template form does; it waits for review. */
async function writeTemplate(t: TestApp, author: Caller, text: string, category = 'marketing') {
  const created = await upload<{ message: TemplateRow }>(t, API.messageCreate, author.token, null, {
    text: `<p>${text}</p>`,
    status: 'active',
    category,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message;
}

const review = (t: TestApp, who: Caller, id: number, body: object) =>
  t.call<{ message: TemplateRow; msg: string }>('POST', API.messageReview(id), { token: who.token, body });

/** The audit trail's entries on one template, newest first, as the audit page reads them. */
const templateAudit = (t: TestApp, who: Caller, id: number) =>
  t.call<{ data: AuditEntry[] }>('GET', `${API.auditPerPage}?target_type=template&target_id=${id}`, {
    token: who.token,
  });

const start = (t: TestApp, member: Caller, accountId: number) =>
  t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: accountId } });

const eventOf = (seen: Seen, accountId: number, event: string, reason?: string) =>
  seen.find(
    (e) =>
      e.message.event === event &&
      e.message.sender?.id === accountId &&
      (reason === undefined || e.message.payload?.reason === reason || e.message.payload?.message === reason),
  );

async function logCounts(t: TestApp, accountId: number) {
  const [row] = await queryRows<{ success: string; fail: string; pending: string }>(
    t.ctx.db,
    sql`select count(*) filter (where status = 'success') as success,
          count(*) filter (where status = 'fail') as fail,
          count(*) filter (where status = 'pending') as pending
        from message_logs where whatsapp_id = ${accountId}`,
  );
  return { success: Number(row!.success), fail: Number(row!.fail), pending: Number(row!.pending) };
}

/** Targets still queued: active, never sent, not in flight. */
async function queued(t: TestApp) {
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*) as n from phone_numbers where last_sent is null and in_use = 0 and status = 'active'`,
  );
  return Number(row!.n);
}

describe('template review', () => {
  it('never sends a rejected template, and tells the member why the blast stopped', async () => {
    const { t, staff, dev, member, account, seen } = await platform();
    await seedList(t, 5);
    const template = await writeTemplate(t, dev, 'Diskon besar {name}');
    expect(template).toMatchObject({ review_state: 'pending', category: 'marketing' });
    const rejected = await review(t, staff, template.id, {
      decision: 'reject',
      reason: 'Tanpa nama pengirim',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toMatchObject({
      review_state: 'rejected',
      review_reason: 'Tanpa nama pengirim',
    });

    expect((await start(t, member, account.id)).status).toBe(200);
    const reason = String(MSG.templateRejected(template.id, 'Tanpa nama pengirim'));
    await waitFor(
      () => eventOf(seen, account.id, 'error_blast', reason),
      'the blast to stop on the rejection',
    );
    expect(t.sandbox.delivered).toHaveLength(0);
    expect(await logCounts(t, account.id)).toEqual({ success: 0, fail: 0, pending: 0 });
    expect(await queued(t)).toBe(5);
    // The member reads the rejection and what to change on the campaign card.
    const cards = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(cards.body.templates).toEqual([
      {
        id: template.id,
        caption: 'Diskon besar {name}',
        state: 'rejected',
        reason: { key: 'templateRejected', params: { template: template.id, reason: 'Tanpa nama pengirim' } },
        remedy: { key: 'templateRejectedRemedy', params: {} },
      },
    ]);
  });

  it("keeps each reviewer's decision in the audit trail, with the reason, for operators only", async () => {
    const { t, admin, staff, dev, member } = await platform();
    const good = await writeTemplate(t, dev, 'Pesanan {name} dikirim', 'utility');
    const bad = await writeTemplate(t, dev, 'Menang undian {name}');
    expect((await review(t, staff, good.id, { decision: 'approve' })).status).toBe(200);
    expect(
      (await review(t, admin, bad.id, { decision: 'reject', reason: 'Menjanjikan hadiah' })).status,
    ).toBe(200);

    const approved = await templateAudit(t, admin, good.id);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual([
      expect.objectContaining({
        action: 'template.approve',
        actor: { id: staff.id, role: 'staff', name: expect.any(String) },
        target: { type: 'template', id: String(good.id), name: 'Pesanan {name} dikirim' },
        before: { review_state: 'pending' },
        after: { review_state: 'approved' },
      }),
    ]);
    const rejected = await templateAudit(t, admin, bad.id);
    expect(rejected.body.data).toEqual([
      expect.objectContaining({
        action: 'template.reject',
        actor: expect.objectContaining({ id: admin.id, role: 'admin' }),
        target: expect.objectContaining({ type: 'template', id: String(bad.id) }),
        after: { review_state: 'rejected', review_reason: 'Menjanjikan hadiah' },
      }),
    ]);
    // A refused decision changes nothing and records nothing.
    expect((await review(t, admin, good.id, { decision: 'reject', reason: 'x' })).status).toBe(409);
    expect((await templateAudit(t, admin, good.id)).body.data).toHaveLength(1);
    // Members never read the trail.
    expect((await templateAudit(t, member, bad.id)).status).toBe(403);
  });

  it('does not send a pending template; approved by staff, it is sent', async () => {
    const { t, admin, staff, dev, member, account, seen } = await platform();
    await seedList(t, 3);
    const template = await writeTemplate(t, dev, 'Info pesanan {name}', 'utility');

    await start(t, member, account.id);
    const waitingReason = String(MSG.templateAwaitingReview(template.id));
    await waitFor(
      () => eventOf(seen, account.id, 'error_blast', waitingReason),
      'the blast to stop unreviewed',
    );
    expect(t.sandbox.delivered).toHaveLength(0);

    // Only staff and admin review: the member and the dev who authors templates are refused.
    expect((await review(t, member, template.id, { decision: 'approve' })).status).toBe(403);
    expect((await review(t, dev, template.id, { decision: 'approve' })).status).toBe(403);
    // A rejection needs its reason.
    expect((await review(t, staff, template.id, { decision: 'reject' })).status).toBe(400);
    const queue = await t.call<{ data: TemplateRow[] }>('GET', `${API.messageReviewList}?state=pending`, {
      token: staff.token,
    });
    expect(queue.body.data.map((row) => row.id)).toContain(template.id);
    const approved = await review(t, staff, template.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toMatchObject({ review_state: 'approved', pacing: 'first_batch' });
    // Reviewed once: a second decision is refused.
    expect((await review(t, admin, template.id, { decision: 'reject', reason: 'x' })).status).toBe(409);

    seen.length = 0;
    await start(t, member, account.id);
    await waitFor(() => eventOf(seen, account.id, 'finished'), 'the blast to finish');
    expect(await logCounts(t, account.id)).toEqual({ success: 3, fail: 0, pending: 0 });
    expect(t.sandbox.delivered.every((d) => d.text.startsWith('Info pesanan'))).toBe(true);
  });
});

describe('template pacing', () => {
  /** An approved marketing template and 30 targets: a first batch of 10 goes, the rest is held. */
  async function pacedBlast(text: string) {
    const setup = await platform();
    const { t, staff, dev, member, account, seen } = setup;
    await seedList(t, 30);
    const template = await writeTemplate(t, dev, text);
    await review(t, staff, template.id, { decision: 'approve' });
    await start(t, member, account.id);
    await waitFor(
      () => eventOf(seen, account.id, 'waiting', MSG.templateBatchHeld),
      'the blast to hold the rest for the batch feedback',
    );
    expect(await logCounts(t, account.id)).toEqual({ success: 10, fail: 0, pending: 0 });
    expect(await queued(t)).toBe(20);
    const cards = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(cards.body.campaigns.find((c) => c.account.id === account.id)?.hold).toEqual({
      key: 'templateBatchHeld',
      params: {},
    });
    // Every block or report the batch drew is written before the network's clock moves on.
    await t.ctx.delivery.flush();
    return { ...setup, template };
  }

  it('sends exactly the first batch an admin set, and refuses a pacing value out of range', async () => {
    const { t, admin, staff, dev, member, account, seen } = await platform();
    await changeSettings(t, admin.token, { template_first_batch: 7 });
    const current = await t.call<{ setting: Setting }>('GET', API.settingGet, { token: admin.token });
    const invalid = {
      template_first_batch: -1,
      template_feedback_minutes: 0,
      template_block_percent: 101,
      template_report_percent: 0,
    };
    const refused = await t.call<{ errors: Record<string, string> }>('PUT', API.settingUpdate, {
      token: admin.token,
      body: { ...current.body.setting, ...invalid },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      template_first_batch: String(MSG.templateFirstBatchRange),
      template_feedback_minutes: String(MSG.templateFeedbackMinutesRange),
      template_block_percent: String(MSG.templatePercentRange),
      template_report_percent: String(MSG.templatePercentRange),
    });
    const kept = await t.call<{ setting: Setting }>('GET', API.settingGet, { token: admin.token });
    expect(kept.body.setting).toEqual(current.body.setting);

    await seedList(t, 20);
    const template = await writeTemplate(t, dev, 'Koleksi baru {name}');
    await review(t, staff, template.id, { decision: 'approve' });
    await start(t, member, account.id);
    await waitFor(() => eventOf(seen, account.id, 'waiting', MSG.templateBatchHeld), 'the batch hold');
    expect(await logCounts(t, account.id)).toEqual({ success: 7, fail: 0, pending: 0 });
    expect(t.sandbox.delivered).toHaveLength(7);
    expect(await queued(t)).toBe(13);
  });

  it('pauses a marketing template whose first batch draws blocks over the threshold; the rest stay queued', async () => {
    const setup = await platform();
    const { t, admin, staff, dev, member, account, seen } = setup;
    // Half the recipients of this template block its sender (the threshold is 5%).
    t.sandbox.setTemplateReactions('Promo kilat', { blockRate: 0.5, reportRate: 0 });
    await seedList(t, 30);
    const template = await writeTemplate(t, dev, 'Promo kilat {name}');
    await review(t, staff, template.id, { decision: 'approve' });
    const paused = recordEvents(t);
    await start(t, member, account.id);
    await waitFor(() => eventOf(seen, account.id, 'waiting', MSG.templateBatchHeld), 'the batch hold');
    expect(await logCounts(t, account.id)).toEqual({ success: 10, fail: 0, pending: 0 });
    await t.ctx.delivery.flush();

    t.sandbox.advanceClock(31 * MINUTE);
    const stop = await waitFor(() => eventOf(seen, account.id, 'error_blast'), 'the blast to stop');
    const [row] = await t.ctx.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(row).toMatchObject({ pacing: 'paused', pauseFeedback: 'block', pauseLimit: 5 });
    const reason = MSG.templatePausedBlock(template.id, Math.round(row!.pausePercent! * 10) / 10, 5);
    expect(stop.message.payload?.message).toBe(String(reason));
    // Nothing more left: the other 20 are queued, neither failed nor in flight.
    expect(await logCounts(t, account.id)).toEqual({ success: 10, fail: 0, pending: 0 });
    expect(t.sandbox.delivered).toHaveLength(10);
    expect(await queued(t)).toBe(20);
    // The trail keeps the pause as the system's, with the feedback that caused it.
    const trail = await templateAudit(t, admin, template.id);
    expect(trail.body.data[0]).toMatchObject({
      action: 'template.pause',
      actor: null,
      before: { pacing: 'held' },
      after: { pacing: 'paused', feedback: 'block', limit: 5 },
    });
    // The operators, the author and the member were told, with what to change.
    const told = paused.filter((e) => e.message.event === 'template_paused');
    expect(new Set(told.map((e) => e.channel))).toEqual(
      new Set(['admin', String(dev.id), String(member.id)]),
    );
    expect(told[0]!.message.payload).toMatchObject({
      template_id: template.id,
      remedy: { key: 'templatePausedRemedy' },
    });
    // The list shows it paused and why; the member's campaign card says so and what to change.
    const listed = await t.call<{ message: TemplateRow }>('GET', API.message(template.id), {
      token: admin.token,
    });
    expect(listed.body.message).toMatchObject({
      pacing: 'paused',
      pause_reason: { key: 'templatePausedBlock' },
    });
    const cards = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(cards.body.templates[0]).toMatchObject({
      id: template.id,
      state: 'paused',
      reason: { key: 'templatePausedBlock' },
      remedy: { key: 'templatePausedRemedy' },
    });
  });

  it("releases a good template's held targets after the feedback wait, each sent exactly once", async () => {
    const { t, member, account, seen, template } = await pacedBlast('Kabar baik {name}');
    // Not before the wait is over on the network's clock.
    t.sandbox.advanceClock(10 * MINUTE);
    expect(await logCounts(t, account.id)).toMatchObject({ success: 10 });
    t.sandbox.advanceClock(21 * MINUTE);
    await waitFor(() => eventOf(seen, account.id, 'finished'), 'the blast to finish the list');
    expect(await logCounts(t, account.id)).toEqual({ success: 30, fail: 0, pending: 0 });
    expect(t.sandbox.delivered).toHaveLength(30);
    expect(new Set(t.sandbox.delivered.map((d) => d.to)).size).toBe(30);
    expect(await queued(t)).toBe(0);
    const [paid] = await queryRows<{ paid: string; distinct_paid: string }>(
      t.ctx.db,
      sql`select count(*) as paid, count(distinct ref_id) as distinct_paid from ledger_entries
          where kind = 'blast_income' and ref_id in (select id from message_logs where whatsapp_id = ${account.id})`,
    );
    expect([Number(paid!.paid), Number(paid!.distinct_paid)]).toEqual([30, 30]);
    const [row] = await t.ctx.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(row!.pacing).toBe('released');
    const answer = await t.call<{ message: TemplateRow }>('GET', API.message(template.id), {
      token: (await t.createUser('admin')).token,
    });
    expect(answer.body.message).toMatchObject({ pacing: 'released', quality: 'green' });
    expect(member.id).toBeGreaterThan(0);
  });
});

describe('template review and pacing across two instances', () => {
  /**
   * Two instances on one database (on PostgreSQL each with a pool of its own, as two processes) and
   * one simulated network; a member whose two accounts blast at once, one started on each instance.
   */
  async function twoSenders() {
    const { a, b } = await startTwoInstances(NETWORK, pairs, extraDatabases);
    const { admin, staff, dev, member } = await people(a);
    const seen = [recordEvents(a), recordEvents(b)];
    const first = await connect(a, member, 'qr', seen[0]);
    const second = await connect(a, member, 'qr', seen[0]);
    const startBoth = async () => {
      const answers = await Promise.all([start(a, member, first.id), start(b, member, second.id)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    };
    const eventOnEither = (accountId: number, event: string, reason?: string) =>
      seen.map((one) => eventOf(one, accountId, event, reason)).find(Boolean);
    const logsOfBoth = async () => {
      const [one, two] = [await logCounts(a, first.id), await logCounts(a, second.id)];
      return {
        success: one.success + two.success,
        fail: one.fail + two.fail,
        pending: one.pending + two.pending,
      };
    };
    return { a, b, admin, staff, dev, member, first, second, startBoth, eventOnEither, logsOfBoth };
  }

  it('a rejected template is sent by neither instance', async () => {
    const { a, staff, dev, first, second, startBoth, eventOnEither, logsOfBoth } = await twoSenders();
    await seedList(a, 10);
    const template = await writeTemplate(a, dev, 'Diskon kilat {name}');
    await review(a, staff, template.id, { decision: 'reject', reason: 'Tanpa nama pengirim' });
    await startBoth();
    const reason = String(MSG.templateRejected(template.id, 'Tanpa nama pengirim'));
    for (const account of [first, second])
      await waitFor(
        () => eventOnEither(account.id, 'error_blast', reason),
        'each blast to stop on the rejection',
      );
    expect(a.sandbox.delivered).toHaveLength(0);
    expect(await logsOfBoth()).toEqual({ success: 0, fail: 0, pending: 0 });
    expect(await queued(a)).toBe(10);
  });

  it('two blasts of one bad template send one first batch between them, then both stop on its pause', async () => {
    const { a, b, staff, dev, first, second, startBoth, eventOnEither, logsOfBoth } = await twoSenders();
    a.sandbox.setTemplateReactions('Promo kilat', { blockRate: 0.5, reportRate: 0 });
    await seedList(a, 30);
    const template = await writeTemplate(a, dev, 'Promo kilat {name}');
    await review(a, staff, template.id, { decision: 'approve' });
    await startBoth();
    for (const account of [first, second])
      await waitFor(
        () => eventOnEither(account.id, 'waiting', MSG.templateBatchHeld),
        'each blast to hold for the batch feedback',
      );
    // The first batch is the template's, not each sender's: ten in all, however the two shared them.
    expect(await logsOfBoth()).toEqual({ success: 10, fail: 0, pending: 0 });
    expect(new Set(a.sandbox.delivered.map((d) => d.to)).size).toBe(10);
    expect(await queued(a)).toBe(20);
    await Promise.all([a, b].map((instance) => instance.ctx.delivery.flush()));

    a.sandbox.advanceClock(31 * MINUTE);
    for (const account of [first, second])
      await waitFor(() => eventOnEither(account.id, 'error_blast'), 'each blast to stop on the pause');
    const [row] = await a.ctx.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(row).toMatchObject({ pacing: 'paused', pauseFeedback: 'block' });
    expect(a.sandbox.delivered).toHaveLength(10);
    expect(await logsOfBoth()).toEqual({ success: 10, fail: 0, pending: 0 });
    expect(await queued(a)).toBe(20);
  });
});
