import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API,
  MESSAGE_TEXT as MSG,
  type CampaignsAnswer,
  type SenderReport,
  type StatsSendersAnswer,
} from '@blaster/contract';
import { queryRows, type Database } from '../src/db';
import { messageTemplates, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { issuePermit, sendPermitted } from '../src/policy/permit';
import { closeSharedApps, startTwoInstances, type TestApp } from './support/app';
import { type Caller, connect, fastMember, recordEvents, waitFor } from './support/chat';

const opened: TestApp[] = [];
const extraDatabases: Database[] = [];
afterEach(() => closeSharedApps(opened, extraDatabases.splice(0)));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The network's rules on, recipients who never block, report or answer STOP unless a test says so. The
 * default 2 % of opt-outs sits on the yellow quality line: counted while a blast still runs, it sends the
 * template back to a first batch held for its feedback, and a test about tiers waits for a blast's end
 * that the network's clock, standing still, never brings.
 */
const NETWORK = {
  SANDBOX_REPUTATION: 'on',
  SANDBOX_BLOCK_RATE: '0',
  SANDBOX_REPORT_RATE: '0',
  SANDBOX_FAIL_RATE: '0',
  SANDBOX_REPLY_RATE: '0',
};

/** Two instances on one database and one simulated network (support/app.ts). */
const twoInstances = () => startTwoInstances(NETWORK, opened, extraDatabases);

let batch = 0;
/** Adds `count` targets to the list; answers their numbers in the order a blast takes them. */
async function seedList(t: TestApp, count: number) {
  batch += 1;
  const base = 6287300000000 + batch * 100_000;
  const numbers = Array.from({ length: count }, (_, i) => String(base + i));
  await t.ctx.db.insert(phoneNumbers).values(numbers.map((number, i) => ({ number, name: `Target ${i}` })));
  const [template] = await t.ctx.db.select().from(messageTemplates).limit(1);
  if (!template)
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
  return numbers;
}

/** Two instances, a member with one connected account that waits nothing between sends. */
async function sender() {
  const { a, b } = await twoInstances();
  const member = await fastMember(a);
  const account = await connect(a, member, 'qr');
  return { a, b, member, account, seen: [recordEvents(a), recordEvents(b)] as const };
}

type Seen = ReturnType<typeof recordEvents>;

const eventOf = (seen: readonly Seen[], accountId: number, event: string, reason?: string) =>
  seen
    .flat()
    .find(
      (e) =>
        e.message.event === event &&
        e.message.sender?.id === accountId &&
        (reason === undefined || e.message.payload?.reason === reason),
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

/** Every successful send paid exactly once to the member. */
async function paidOnce(t: TestApp, accountId: number) {
  const [row] = await queryRows<{ logs: string; paid: string; distinct_paid: string }>(
    t.ctx.db,
    sql`select (select count(*) from message_logs where whatsapp_id = ${accountId} and status = 'success') as logs,
          count(*) as paid, count(distinct ref_id) as distinct_paid
        from ledger_entries
        where kind = 'blast_income'
          and ref_id in (select id from message_logs where whatsapp_id = ${accountId})`,
  );
  expect(Number(row!.paid)).toBe(Number(row!.logs));
  expect(Number(row!.distinct_paid)).toBe(Number(row!.logs));
}

/** Starts the account's blast; a refused start fails here rather than leaving a wait for its end. */
async function start(t: TestApp, member: Caller, accountId: number) {
  const answer = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: accountId },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/** Waits for the blast's end; one that ends in an error fails with its message instead of hanging. */
async function blastEnd(seen: readonly Seen[], accountId: number, what = 'the blast to finish') {
  const end = await waitFor(
    () => eventOf(seen, accountId, 'finished') ?? eventOf(seen, accountId, 'error_blast'),
    what,
  );
  expect(end.message.event, JSON.stringify(end.message.payload)).toBe('finished');
}

const accountRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

describe("the network's messaging limits", () => {
  it('sends to 250 recipients in 24 hours, queues the rest, and sends them once the window rolls', async () => {
    const { a, member, account, seen } = await sender();
    await seedList(a, 300);
    await start(a, member, account.id);

    await waitFor(
      () => eventOf(seen, account.id, 'waiting', MSG.governedTierLimit(250)),
      'the blast to hold at its tier',
    );
    expect(await logCounts(a, account.id)).toEqual({ success: 250, fail: 0, pending: 0 });
    const reached = new Set(a.sandbox.delivered.map((d) => d.to));
    expect(reached.size).toBe(250);
    // The sender health page tells the member so.
    const health = await a.call('GET', API.whatsappHealth(account.id), { token: member.token });
    expect(health.body).toMatchObject({
      standing: {
        tier: 250,
        recipients: 250,
        recipientsLeft: 0,
        restricted: true,
        quality: 'green',
        flaggedForMs: null,
        // The way up: all 250 count towards the half of the limit it needs, after 7 days at 250.
        upgrade: { nextTier: 2_000, started: 250, needed: 125, qualityOk: true },
      },
    });
    // Its campaign card says why it waits, to whoever opens it later, not only to a page that was open.
    const campaigns = await a.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(campaigns.body.campaigns.find((c) => c.account.id === account.id)?.hold).toEqual({
      key: 'governedTierLimit',
      params: { limit: 250 },
    });
    // The operators' dashboard counts it at its tier, restricted.
    const admin = await a.createUser('admin');
    const senders = await a.call<StatsSendersAnswer>('GET', API.statsSenders, { token: admin.token });
    expect(senders.body.tiers![0]).toEqual({ tier: 250, green: 1, yellow: 0, red: 0, restricted: 1 });
    expect(senders.body.tiers!.slice(1).every((row) => row.green + row.yellow + row.red === 0)).toBe(true);
    const report = (health.body as { standing: SenderReport }).standing;
    expect(report.windowRollsInMs).toBeGreaterThan(0);
    expect(report.upgrade!.eligibleInMs).toBeGreaterThan(6 * DAY);
    expect(report.days.at(-1)!.sent).toBe(250);
    // The rest wait on the list, neither failed nor taken.
    const [queued] = await queryRows<{ n: string }>(
      a.ctx.db,
      sql`select count(*) as n from phone_numbers where last_sent is null and in_use = 0`,
    );
    expect(Number(queued!.n)).toBe(50);
    expect((await accountRow(a, account.id)).status).toBe('sending');

    a.sandbox.advanceClock(DAY + 60_000);
    await blastEnd(seen, account.id, 'the blast to finish the list');
    expect(await logCounts(a, account.id)).toEqual({ success: 300, fail: 0, pending: 0 });
    expect(new Set(a.sandbox.delivered.map((d) => d.to)).size).toBe(300);
    expect(a.sandbox.delivered.length).toBe(300);
    await paidOnce(a, account.id);
  });

  it('moves a sender up to 2,000 after 7 days at good quality with half its limit used', async () => {
    const { a, member, account, seen } = await sender();
    await seedList(a, 130);
    await start(a, member, account.id);
    await blastEnd(seen, account.id);
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ tier: 250, quality: 'green' });

    a.sandbox.advanceClock(6 * DAY);
    expect(a.ctx.gateway.standing(account.deviceId)!.tier).toBe(250);
    a.sandbox.advanceClock(DAY);
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ tier: 2_000, quality: 'green' });
  });

  it('keeps a sender that used less than half its limit at its tier', async () => {
    const { a, member, account, seen } = await sender();
    await seedList(a, 100);
    await start(a, member, account.id);
    await blastEnd(seen, account.id);
    a.sandbox.advanceClock(8 * DAY);
    expect(a.ctx.gateway.standing(account.deviceId)!.tier).toBe(250);
  });

  it('pauses a RED sender with the reason shown, and drops it exactly one tier after 7 days RED', async () => {
    const { a, b, member, account, seen } = await sender();
    const dev = await a.createUser('dev');
    const network = (body: object) => b.call('POST', API.sandboxNetwork, { token: dev.token, body });
    expect((await network({ deviceId: account.deviceId, tier: 2 })).status).toBe(200);
    // A template recipients dislike: one in five blocks its sender.
    const changed = await network({ template: 'Promo', reactions: { blockRate: 0.2, reportRate: 0 } });
    expect(changed.status).toBe(200);
    expect((await b.call('POST', API.sandboxNetwork, { token: member.token, body: {} })).status).toBe(403);
    await seedList(a, 400);
    await a.ctx.db.update(messageTemplates).set({ textWa: 'Promo {name}' });
    await start(a, member, account.id);

    const paused = await waitFor(
      () => eventOf(seen, account.id, 'paused', MSG.pausedQualityRed),
      'the blast to pause at RED',
    );
    expect(paused.message.payload?.kind).toBe('quality');
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ quality: 'red', flagged: true });
    // The health page dates the flag and the drop it leads to, and says RED stops the way up.
    const health = await a.call('GET', API.whatsappHealth(account.id), { token: member.token });
    const { standing } = health.body as { standing: SenderReport };
    expect(standing.flaggedForMs).toBeGreaterThanOrEqual(0);
    expect(standing.dropInMs).toBeLessThanOrEqual(7 * DAY);
    expect(standing.upgrade).toMatchObject({ qualityOk: false });
    const admin = await a.createUser('admin');
    const senders = await b.call<StatsSendersAnswer>('GET', API.statsSenders, { token: admin.token });
    expect(senders.body.tiers![2]).toMatchObject({ tier: 10_000, red: 1, green: 0 });
    const row = await accountRow(a, account.id);
    expect(row).toMatchObject({ status: 'idle', pausedReason: MSG.pausedQualityRed });
    const listed = await a.call<{ list: { id: number; paused_reason: string | null }[] }>(
      'GET',
      API.whatsappListOf(member.id),
      { token: member.token },
    );
    expect(listed.body.list.find((w) => w.id === account.id)?.paused_reason).toBe(MSG.pausedQualityRed);
    const sentWhenPaused = a.sandbox.delivered.length;
    expect(sentWhenPaused).toBeLessThan(400);
    expect(await logCounts(a, account.id)).toMatchObject({ pending: 0 });
    await paidOnce(a, account.id);

    const week = await network({ deviceId: account.deviceId, advanceHours: 7 * 24 - 1 });
    expect(week.body).toMatchObject({ standing: { tier: 10_000, quality: 'red' } });
    a.sandbox.advanceClock(7 * HOUR);
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ tier: 2_000, flagged: true });
    // Still RED a day later: no second drop before another 7 days.
    a.sandbox.advanceClock(DAY);
    expect(a.ctx.gateway.standing(account.deviceId)!.tier).toBe(2_000);
    expect(a.sandbox.delivered.length).toBe(sentWhenPaused);
  });
});

describe("a direct send under the network's limits", () => {
  it("tells the numbers beyond the tier's limit were held, never that they failed", async () => {
    const { a, account } = await sender();
    // 250 recipients by hand, a second of the network's clock per 80 (the tier's throughput).
    for (let i = 0; i < 250; i += 1) {
      if (i % 80 === 0) a.sandbox.advanceClock(1_000);
      const permit = issuePermit({
        deviceId: account.deviceId,
        to: String(6287980000000 + i),
        text: 'Halo',
        key: `by-hand-${i}`,
      });
      expect((await sendPermitted(a.ctx.gateway, permit)).ok).toBe(true);
    }
    // Past the pair rate of the last ones, well inside the 24 hours.
    a.sandbox.advanceClock(10_000);
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ restricted: true });

    // An admin sends from the member's account (/blaster), saying so.
    const admin = await a.createUser('admin');
    const answer = await a.call<{ msg: string; sent: number; failed: number; held: number }>(
      'POST',
      API.whatsappSendMessage,
      {
        token: admin.token,
        // One recipient already in the window (the limit counts new conversations) and two new ones.
        body: {
          senders: account.deviceId,
          targets: '6287980000000,6287970000001,6287970000002',
          message: 'Hi',
          on_behalf_of_owner: true,
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sent: 1, failed: 0, held: 2, msg: String(MSG.directSendHeld(2)) });
  });
});

describe("the network's quality rating", () => {
  /**
   * A sender made YELLOW by hand: 100 earlier messages nobody minded, then 4 whose recipients blocked
   * it. At the unlimited tier, a second later on the network's clock, its throughput takes them all.
   */
  async function yellowSender() {
    const made = await sender();
    const { a, account } = made;
    a.sandbox.setTier(account.deviceId, 4);
    a.sandbox.advanceClock(1_000);
    const sendByHand = async (count: number, from: number) => {
      for (let i = 0; i < count; i += 1) {
        const to = String(6287990000000 + from + i);
        const permit = issuePermit({
          deviceId: account.deviceId,
          to,
          text: 'Halo',
          key: `manual-${from + i}`,
        });
        expect((await sendPermitted(a.ctx.gateway, permit)).ok).toBe(true);
      }
    };
    await sendByHand(100, 0);
    a.sandbox.setReactions(account.deviceId, { blockRate: 1, reportRate: 0 });
    await sendByHand(4, 100);
    a.sandbox.setReactions(account.deviceId, null);
    a.sandbox.setTier(account.deviceId, 0);
    expect(a.ctx.gateway.standing(account.deviceId)).toMatchObject({ quality: 'yellow', perSecond: 80 });
    return made;
  }

  it('slows a YELLOW sender to half its throughput and tells the account why', async () => {
    const { a, member, account, seen } = await yellowSender();
    await seedList(a, 90);
    const sentAt: number[] = [];
    const send = a.sandbox.sendMessage.bind(a.sandbox);
    a.sandbox.sendMessage = async (deviceId, to, text, key) => {
      const result = await send(deviceId, to, text, key);
      if (result.ok) sentAt.push(performance.now());
      return result;
    };
    await start(a, member, account.id);
    await blastEnd(seen, account.id);
    expect(eventOf(seen, account.id, 'waiting', MSG.slowedQualityYellow)).toBeDefined();
    expect(await logCounts(a, account.id)).toEqual({ success: 90, fail: 0, pending: 0 });
    // 90 sends at 40 a second, where 80 a second (and a full second's burst) would take a moment.
    expect(sentAt.at(-1)! - sentAt[0]!).toBeGreaterThanOrEqual(1_000);
    expect(a.ctx.gateway.standing(account.deviceId)!.quality).toBe('yellow');
  });

  it('tells a YELLOW sender why it is slowed even when each send is slower than that pace', async () => {
    const { a, member, account, seen } = await yellowSender();
    await seedList(a, 10);
    // A network (or a machine) slower than 40 sends a second: the pace never has to wait. The permit
    // is good for the call it was issued for only, so the network's slowness comes after it.
    const send = a.sandbox.sendMessage.bind(a.sandbox);
    a.sandbox.sendMessage = async (deviceId, to, text, key) => {
      const result = send(deviceId, to, text, key);
      await new Promise((resolve) => setTimeout(resolve, 40));
      return result;
    };
    await start(a, member, account.id);
    await blastEnd(seen, account.id);
    expect(eventOf(seen, account.id, 'waiting', MSG.slowedQualityYellow)).toBeDefined();
    expect(await logCounts(a, account.id)).toEqual({ success: 10, fail: 0, pending: 0 });
  });
});

describe("the network's pair rate", () => {
  it('never sends a recipient two messages within 6 seconds', async () => {
    const { a, member, account, seen } = await sender();
    const numbers = await seedList(a, 20);
    const sentAt = new Map<string, number[]>();
    const send = a.sandbox.sendMessage.bind(a.sandbox);
    a.sandbox.sendMessage = async (deviceId, to, text, key) => {
      const result = await send(deviceId, to, text, key);
      if (result.ok) sentAt.set(to, [...(sentAt.get(to) ?? []), performance.now()]);
      expect('limited' in result).toBe(false);
      return result;
    };
    // A message the member sent by hand to the first target a moment before the blast.
    const permit = issuePermit({
      deviceId: account.deviceId,
      to: numbers[0]!,
      text: 'Halo',
      key: 'manual-1',
    });
    expect((await sendPermitted(a.ctx.gateway, permit)).ok).toBe(true);
    await start(a, member, account.id);

    await blastEnd(seen, account.id);
    expect(eventOf(seen, account.id, 'waiting', MSG.governedPairRate)).toBeDefined();
    const times = sentAt.get(numbers[0]!)!;
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(6_000 - 50);
    expect(await logCounts(a, account.id)).toEqual({ success: 20, fail: 0, pending: 0 });
  });
});
