import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, type CampaignsAnswer } from '@blaster/contract';
import {
  accountDailySends,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  whatsappAccounts,
} from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { connect, recordEvents, waitFor } from './support/chat';
import { changeSettings, clockIn } from './support/settings';

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function seedList(t: TestApp, count: number) {
  await t.ctx.db
    .insert(phoneNumbers)
    .values(Array.from({ length: count }, (_, i) => ({ number: String(6287300000000 + i), name: `T${i}` })));
  await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
}

describe('campaigns: running blasts and their figures', () => {
  it('shows a held blast to its owner with the pool left and the reason, and to nobody else', async () => {
    app = await startTestApp({ SANDBOX_TIME_SCALE: '0.01' });
    const t = app;
    const admin = await t.createUser('admin');
    const member = await t.createUser('member');
    const other = await t.createUser('member');
    const { id } = await connect(t, member, 'qr');
    await seedList(t, 12);
    // Read once: a minute may turn between the change and the check on a busy machine.
    const quietEnd = clockIn(t, 1);
    await changeSettings(t, admin.token, { quiet_start: clockIn(t, -1), quiet_end: quietEnd });
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(
      () => seen.some((e) => e.message.event === 'waiting' && e.message.sender?.id === id),
      'the blast to hold for quiet hours',
    );

    const own = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.pool_left).toBe(12);
    expect(own.body.campaigns).toHaveLength(1);
    const [campaign] = own.body.campaigns;
    expect(campaign!.account.id).toBe(id);
    expect(campaign!.account.status).toBe('sending');
    expect(campaign!.hold).toEqual({ key: 'governedQuietHours', params: { end: quietEnd } });
    expect(campaign!.paused_kind).toBeNull();

    // Another member may not read it, and sees no blast of their own.
    const refused = await t.call('GET', API.whatsappCampaigns(member.id), { token: other.token });
    expect(refused.status).toBe(403);
    const theirs = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(other.id), {
      token: other.token,
    });
    expect(theirs.body.campaigns).toEqual([]);
    const all = await t.call('GET', API.whatsappCampaigns('all'), { token: other.token });
    expect(all.status).toBe(403);
    // Operators read every member's.
    const everyone = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns('all'), {
      token: admin.token,
    });
    expect(everyone.body.campaigns.map((c) => c.account.id)).toEqual([id]);
    const anonymous = await t.call('GET', API.whatsappCampaigns(member.id), {});
    expect(anonymous.status).toBe(401);
  });

  it("names a spent daily cap, a pause by the failure rule, and counts the account's opt-outs", async () => {
    app = await startTestApp({});
    const t = app;
    const admin = await t.createUser('admin');
    const member = await t.createUser('member');
    const held = await connect(t, member, 'qr');
    const paused = await connect(t, member, 'qr');
    await connect(t, member, 'qr'); // idle, never paused: no card
    await seedList(t, 5);
    await changeSettings(t, admin.token, { daily_sends_per_account: 3 });
    // Figures as rounds leave them, written directly: this reads them and runs no blast.
    await t.ctx.db
      .update(whatsappAccounts)
      .set({ status: 'sending' })
      .where(eq(whatsappAccounts.id, held.id));
    await t.ctx.db.insert(accountDailySends).values({
      whatsappId: held.id,
      day: new Date().toLocaleDateString('en-CA', { timeZone: t.ctx.config.timeZone }),
      used: 3,
    });
    await t.ctx.db
      .update(whatsappAccounts)
      .set({ pausedReason: String(MSG.pausedFailRate(4, 5, 80)), pausedAt: new Date() })
      .where(eq(whatsappAccounts.id, paused.id));
    const [phone] = await t.ctx.db.select().from(phoneNumbers).limit(1);
    await t.ctx.db.update(phoneNumbers).set({ lastSent: new Date() }).where(eq(phoneNumbers.id, phone!.id));
    await t.ctx.db.insert(messageLogs).values([
      {
        userId: member.id,
        whatsappId: paused.id,
        phoneNumberId: phone!.id,
        target: phone!.number,
        status: 'success',
        optedOutAt: new Date(),
      },
      { userId: member.id, whatsappId: paused.id, target: '6280000', status: 'fail' },
    ]);

    const answer = await t.call<CampaignsAnswer>('GET', API.whatsappCampaigns(member.id), {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.pool_left).toBe(4);
    const byId = new Map(answer.body.campaigns.map((c) => [c.account.id, c]));
    expect([...byId.keys()]).toEqual([held.id, paused.id]);
    expect(byId.get(held.id)).toMatchObject({
      hold: { key: 'governedDailyCap', params: {} },
      paused_kind: null,
    });
    expect(byId.get(paused.id)).toMatchObject({ hold: null, paused_kind: 'fail_rate', opted_out: 1 });
  });
});
