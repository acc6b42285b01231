import { afterEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import {
  API,
  MESSAGE_TEXT as MSG,
  type FunnelAnswer,
  type InboxMessageRow,
  type InboxThreadRow,
  type Paged,
} from '@blaster/contract';
import {
  inboxMessages,
  inboxThreads,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  whatsappAccounts,
} from '../src/db/schema';
import type { GatewayEvent } from '../src/gateway/gateway';
import { SANDBOX_REPLY_TEXTS, SandboxGateway } from '../src/gateway/sandbox';
import { privateChannelOf } from '../src/realtime/hub';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, recordEvents, waitFor, type Caller, fastMember } from './support/chat';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

const TARGETS = 8;
const numberOf = (i: number) => String(6287400000000 + i);

type Inbound = Extract<GatewayEvent, { type: 'message.inbound' }>;
type ThreadAnswer = Paged<InboxMessageRow> & { thread: InboxThreadRow };

/** A member with a connected account, TARGETS numbers and one template, on a network of its own. */
async function inboxApp(gatewayOptions: Partial<ConstructorParameters<typeof SandboxGateway>[0]> = {}) {
  const gateway = new SandboxGateway({
    seed: 7,
    timeScale: 0,
    failRate: 0,
    replyRate: 0,
    clickRate: 0,
    conversationRate: 0,
    readRate: 1,
    ackLossRate: 0,
    ...gatewayOptions,
  });
  const t = await startTestApp({}, { gateway });
  opened.push(t);
  const inbound: Inbound[] = [];
  gateway.on((event) => {
    if (event.type === 'message.inbound') inbound.push(event);
  });
  const member = await fastMember(t);
  await t.ctx.db
    .insert(phoneNumbers)
    .values(Array.from({ length: TARGETS }, (_, i) => ({ number: numberOf(i), name: `Target ${i}` })));
  const [template] = await t.ctx.db
    .insert(messageTemplates)
    .values({ text: '<p>Halo {name}, ada promo</p>', textWa: 'Halo {name}, ada promo' })
    .returning();
  const account = await connect(t, member, 'qr');
  return { t, gateway, member, account, template: template!, inbound };
}

async function blastOnce(t: TestApp, member: Caller, accountId: number) {
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: accountId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await waitFor(async () => {
    const [row] = await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    return row!.status === 'idle';
  }, 'the blast to finish');
}

/** Waits until the network has nothing more to tell, and everything it told is written. */
async function settled(t: TestApp, gateway: SandboxGateway) {
  await waitFor(() => gateway.pendingAnswers === 0, 'every recipient to act');
  await t.ctx.delivery.flush();
  await t.ctx.inbox.flush();
}

const threadsOf = (t: TestApp, caller: Caller, query = '') =>
  t.call<Paged<InboxThreadRow>>('GET', `${API.inboxThreads}${query}`, { token: caller.token });
const threadOf = (t: TestApp, caller: Caller, id: number) =>
  t.call<ThreadAnswer>('GET', API.inboxMessages(id), { token: caller.token });
const replyIn = (t: TestApp, caller: Caller, id: number, body: Record<string, unknown>) =>
  t.call<{ msg: string; message: InboxMessageRow }>('POST', API.inboxReply(id), {
    token: caller.token,
    body,
  });

describe('replies from the sandbox', () => {
  it('are stored, each attributed to the blast message it answered, in both languages, and counted as replied', async () => {
    const { t, gateway, member, account, template, inbound } = await inboxApp({ conversationRate: 0.6 });
    const seen = recordEvents(t);
    await blastOnce(t, member, account.id);
    await settled(t, gateway);

    // Some recipients answered and some did not, decided by the seed.
    expect(inbound.length).toBeGreaterThan(0);
    expect(inbound.length).toBeLessThan(TARGETS);
    const stored = await t.ctx.db.select().from(inboxMessages);
    expect(stored).toHaveLength(inbound.length);
    const logs = await t.ctx.db.select().from(messageLogs);
    for (const row of stored) {
      const log = logs.find((candidate) => candidate.target === row.counterpart)!;
      expect(row).toMatchObject({
        direction: 'in',
        whatsappId: account.id,
        userId: member.id,
        messageLogId: log.id,
        templateId: template.id,
      });
      expect(SANDBOX_REPLY_TEXTS).toContain(row.text);
      expect(log.repliedAt).not.toBeNull();
    }
    expect(logs.filter((log) => log.repliedAt !== null)).toHaveLength(stored.length);

    // Every text of the sandbox is in Indonesian or English, picked by the seed.
    const texts = new Set(SANDBOX_REPLY_TEXTS);
    expect(texts.has('Berapa harganya kak?') && texts.has('How much does it cost?')).toBe(true);

    const funnel = await t.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=template`, {
      token: member.token,
    });
    expect(funnel.status).toBe(200);
    expect(funnel.body.total).toMatchObject({ queued: TARGETS, read: TARGETS, replied: stored.length });
    expect(funnel.body.groups[0]!.replied).toBe(stored.length);

    // Told live to the owner's private channel and to the operators.
    const told = seen.filter((e) => e.message.event === 'inbox_message');
    expect(told.filter((e) => e.channel === privateChannelOf(member.id))).toHaveLength(stored.length);
    expect(told.filter((e) => e.channel === 'admin')).toHaveLength(stored.length);

    const threads = await threadsOf(t, member);
    expect(threads.status).toBe(200);
    expect(threads.body.data).toHaveLength(stored.length);
    expect(threads.body.data.every((thread) => thread.unread === 1 && thread.last_direction === 'in')).toBe(
      true,
    );
  });

  it('a STOP reply is filed too, but is the opted-out stage, not a reply', async () => {
    const { t, gateway, member, account } = await inboxApp();
    await blastOnce(t, member, account.id);
    await settled(t, gateway);
    gateway.receive(account.deviceId, numberOf(2), 'STOP');
    await waitFor(async () => (await t.ctx.db.select().from(inboxMessages)).length === 1, 'the STOP filed');
    await settled(t, gateway);
    const [row] = await t.ctx.db.select().from(inboxMessages);
    expect(row).toMatchObject({ text: 'STOP', counterpart: numberOf(2) });
    expect(row!.messageLogId).not.toBeNull();
    const [log] = await t.ctx.db.select().from(messageLogs).where(eq(messageLogs.id, row!.messageLogId!));
    expect(log!.repliedAt).toBeNull();
  });
});

describe('attribution', () => {
  it('a reply is attributed to the last blast that reached the recipient', async () => {
    const { t, gateway, member, account } = await inboxApp();
    await blastOnce(t, member, account.id);
    await t.ctx.db.update(phoneNumbers).set({ lastSent: null });
    await blastOnce(t, member, account.id);
    await settled(t, gateway);
    const sentTo = await t.ctx.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.target, numberOf(3)))
      .orderBy(desc(messageLogs.id));
    expect(sentTo).toHaveLength(2);
    const [later, earlier] = sentTo;

    gateway.receive(account.deviceId, `+${numberOf(3)}`, 'Masih ada promonya?');
    await waitFor(async () => (await t.ctx.db.select().from(inboxMessages)).length === 1, 'the reply filed');
    const [row] = await t.ctx.db.select().from(inboxMessages);
    expect(row).toMatchObject({
      counterpart: numberOf(3),
      messageLogId: later!.id,
      templateId: later!.templateId,
    });
    const [answered] = await t.ctx.db.select().from(messageLogs).where(eq(messageLogs.id, later!.id));
    const [passed] = await t.ctx.db.select().from(messageLogs).where(eq(messageLogs.id, earlier!.id));
    expect(answered!.repliedAt).not.toBeNull();
    expect(passed!.repliedAt).toBeNull();

    const thread = await threadOf(t, member, row!.threadId);
    expect(thread.status).toBe(200);
    expect(thread.body.thread).toMatchObject({
      counterpart: numberOf(3),
      unread: 1,
      last_text: 'Masih ada promonya?',
    });
    expect(thread.body.data[0]).toMatchObject({ direction: 'in', message_log_id: later!.id });
  });

  it('a reply outside the window is stored but unattributed', async () => {
    const { t, gateway, member, account } = await inboxApp();
    await blastOnce(t, member, account.id);
    await settled(t, gateway);
    // The blast went out four days ago: past the 72 hours a reply is attributed within.
    await t.ctx.db.execute(
      sql`update ${messageLogs} set created_at = created_at - interval '96 hours', sent_at = sent_at - interval '96 hours'`,
    );
    gateway.receive(account.deviceId, numberOf(1), 'Halo, ini siapa?');
    await waitFor(async () => (await t.ctx.db.select().from(inboxMessages)).length === 1, 'the reply filed');
    const [row] = await t.ctx.db.select().from(inboxMessages);
    expect(row).toMatchObject({ counterpart: numberOf(1), messageLogId: null, templateId: null });
    const answered = await t.ctx.db
      .select()
      .from(messageLogs)
      .where(sql`${messageLogs.repliedAt} is not null`);
    expect(answered).toHaveLength(0);
    // It still opens a thread in the owner's inbox.
    const threads = await threadsOf(t, member);
    expect(threads.body.data.map((thread) => thread.counterpart)).toEqual([numberOf(1)]);
  });
});

describe('answering in a thread', () => {
  it('sends through the send policy, stores the answer and leaves the thread read', async () => {
    const { t, gateway, member, account } = await inboxApp();
    const seen = recordEvents(t);
    gateway.receive(account.deviceId, numberOf(4), 'Berapa harganya kak?');
    await settled(t, gateway);
    const [thread] = (await threadsOf(t, member)).body.data;
    const before = gateway.delivered.length;

    const answer = await replyIn(t, member, thread!.id, { text: 'Rp 50.000 saja kak' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.msg).toBe(MSG.inboxReplySent);
    expect(answer.body.message).toMatchObject({
      direction: 'out',
      text: 'Rp 50.000 saja kak',
      sent_by: member.id,
    });
    expect(gateway.delivered.slice(before)).toEqual([
      expect.objectContaining({ deviceId: account.deviceId, to: numberOf(4), text: 'Rp 50.000 saja kak' }),
    ]);
    const read = await threadOf(t, member, thread!.id);
    expect(read.body.thread).toMatchObject({
      unread: 0,
      last_direction: 'out',
      last_text: 'Rp 50.000 saja kak',
    });
    expect(read.body.data.map((message) => message.direction)).toEqual(['out', 'in']);
    expect(
      seen.some(
        (e) =>
          e.channel === privateChannelOf(member.id) &&
          e.message.event === 'inbox_message' &&
          e.message.payload.direction === 'out',
      ),
    ).toBe(true);
  });

  it('a reply to a suppressed number is refused and nothing is sent', async () => {
    const { t, gateway, member, account } = await inboxApp();
    const admin = await t.createUser('admin');
    gateway.receive(account.deviceId, numberOf(5), 'Info lebih lanjut?');
    await settled(t, gateway);
    const [thread] = (await threadsOf(t, member)).body.data;
    const suppressed = await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: numberOf(5) },
    });
    expect(suppressed.status).toBe(200);
    const before = gateway.delivered.length;

    const refused = await replyIn(t, member, thread!.id, { text: 'Halo kak' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(MSG.noTargetsSuppressed);
    expect(gateway.delivered.length).toBe(before);
    const messages = await t.ctx.db.select().from(inboxMessages);
    expect(messages.map((message) => message.direction)).toEqual(['in']);
    const [row] = await t.ctx.db.select().from(inboxThreads);
    expect(row).toMatchObject({ lastDirection: 'in', unread: 1 });

    // An empty answer is refused before anything is looked at.
    const empty = await replyIn(t, member, thread!.id, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(MSG.inboxReplyRequired);
  });
});

describe('who sees a thread', () => {
  it('member A cannot read or answer member B’s thread; operators see all and answer only on the owner’s behalf', async () => {
    const { t, gateway, member: a, account: accountA } = await inboxApp();
    const b = await fastMember(t);
    const accountB = await connect(t, b, 'qr');
    const staff = await t.createUser('staff');
    const admin = await t.createUser('admin');
    gateway.receive(accountA.deviceId, numberOf(6), 'Untuk A');
    gateway.receive(accountB.deviceId, numberOf(7), 'Untuk B');
    await settled(t, gateway);
    const [threadB] = (await threadsOf(t, b)).body.data;
    expect(threadB).toMatchObject({ counterpart: numberOf(7), user_id: b.id });
    const before = gateway.delivered.length;

    expect((await threadsOf(t, a)).body.data.map((thread) => thread.counterpart)).toEqual([numberOf(6)]);
    expect((await threadOf(t, a, threadB!.id)).status).toBe(403);
    expect((await replyIn(t, a, threadB!.id, { text: 'Bukan urusanku' })).status).toBe(403);
    expect((await t.call('POST', API.inboxRead(threadB!.id), { token: a.token })).status).toBe(403);
    // Asking for another account's threads by its id shows none of them.
    const filtered = await threadsOf(t, a, `?whatsapp_id=${accountB.id}`);
    expect(filtered.body.data).toHaveLength(0);
    const missing = await threadOf(t, a, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ msg: MSG.inboxThreadNotFound });
    expect((await threadsOf(t, staff)).status).toBe(403);

    const all = await threadsOf(t, admin);
    expect(all.body.data.map((thread) => thread.counterpart).sort()).toEqual([numberOf(6), numberOf(7)]);
    expect((await threadOf(t, admin, threadB!.id)).status).toBe(200);
    // An operator reading it leaves it unread for its owner.
    await t.call('POST', API.inboxRead(threadB!.id), { token: admin.token });
    expect((await threadOf(t, b, threadB!.id)).body.thread.unread).toBe(1);
    const unsaid = await replyIn(t, admin, threadB!.id, { text: 'Dari admin' });
    expect(unsaid.status).toBe(403);
    expect(unsaid.body.msg).toBe(MSG.sendFromOthersAccount);
    expect(gateway.delivered.length).toBe(before);
    const onBehalf = await replyIn(t, admin, threadB!.id, { text: 'Dari admin', on_behalf_of_owner: true });
    expect(onBehalf.status).toBe(200);
    expect(gateway.delivered.slice(before).map((sent) => sent.to)).toEqual([numberOf(7)]);

    // The owner opening it marks it read.
    expect((await t.call('POST', API.inboxRead(threadB!.id), { token: b.token })).status).toBe(200);
  });
});
