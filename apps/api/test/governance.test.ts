import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, REALTIME_CHANNEL_ADMIN } from '@blaster/contract';
import { queryRows, type Database } from '../src/db';
import {
  accountDailySends,
  accountEvents,
  messageTemplates,
  phoneNumbers,
  users,
  whatsappAccounts,
} from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { changeSettings, clockIn } from './support/settings';
import { closeSharedApps, startTestApp, startTwoInstances, stopInstance, type TestApp } from './support/app';
import { connect, recordEvents, waitFor, type Caller } from './support/chat';

const opened: TestApp[] = [];
const extraDatabases: Database[] = [];
afterEach(() => closeSharedApps(opened, extraDatabases.splice(0)));

let batch = 0;
async function seedList(t: TestApp, count: number) {
  batch += 1;
  const base = 6287100000000 + batch * 100_000;
  await t.ctx.db
    .insert(phoneNumbers)
    .values(Array.from({ length: count }, (_, i) => ({ number: String(base + i), name: `Target ${i}` })));
  const [template] = await t.ctx.db.select().from(messageTemplates).limit(1);
  if (!template)
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
}

const account = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

async function logsOf(t: TestApp, id?: number) {
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*) as n from message_logs where ${id === undefined ? sql`true` : sql`whatsapp_id = ${id}`}`,
  );
  return Number(row!.n);
}

/** Claimed sends per minute of the database's clock (a round's logs carry its claim's time). */
async function perMinute(t: TestApp) {
  const rows = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*) as n from message_logs group by date_trunc('minute', created_at)`,
  );
  return rows.map((row) => Number(row.n));
}

const noWait = (t: TestApp, caller: Caller) =>
  t.ctx.db.update(users).set({ blastIntervalMin: 0, blastIntervalMax: 0 }).where(eq(users.id, caller.id));

/** Two instances on one database and one simulated network (support/app.ts). */
const twoInstances = (env: Record<string, string>) => startTwoInstances(env, opened, extraDatabases);

/** Two instances, an admin, and a member with two connected accounts (no pacing) and a list to send. */
async function twoSenders(listSize: number) {
  const { a, b } = await twoInstances({ SANDBOX_TIME_SCALE: '0.01', SANDBOX_FAIL_RATE: '0' });
  const admin = await a.createUser('admin');
  const member = await a.createUser('member');
  await noWait(a, member);
  const first = await connect(a, member, 'qr');
  const second = await connect(a, member, 'qr');
  await seedList(a, listSize);
  // The accounts' events on either instance: a loop says it holds once its last round has settled.
  const seenA = recordEvents(a);
  const seenB = recordEvents(b);
  const held = (reason: string) =>
    waitFor(
      () =>
        [first.id, second.id].every((id) =>
          [...seenA, ...seenB].some(
            (e) =>
              e.message.event === 'waiting' &&
              e.message.sender?.id === id &&
              e.message.payload?.reason === reason,
          ),
        ),
      `both accounts to hold: ${reason}`,
    );
  return { a, b, admin, member, first, second, held };
}

describe('rate governance', () => {
  it('holds the platform cap per minute within one send across two instances', async () => {
    const { a, b, admin, member, first, second, held } = await twoSenders(400);
    const CAP = 37;
    await changeSettings(a, admin.token, { sends_per_minute: CAP });
    for (const [app, id] of [
      [a, first.id],
      [b, second.id],
    ] as const)
      expect(
        (await app.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } }))
          .status,
      ).toBe(200);

    // Both blasts stop at the one platform cap, each on its own instance: however the two shared the
    // minute (on a busy machine one may take all of it before the other's first round), both are held
    // by it. A minute that starts meanwhile has a cap of its own.
    await held(MSG.governedMinuteCap);
    const minutes = await perMinute(a);
    expect(Math.max(...minutes)).toBe(CAP);
    // Everything claimed was sent: nothing over the cap reached the network either.
    expect(a.sandbox.delivered.length).toBe(await logsOf(a));
    expect((await account(a, first.id)).status).toBe('sending');
  });

  it('holds each account to its daily cap across two instances', async () => {
    const { a, b, admin, member, first, second, held } = await twoSenders(200);
    await changeSettings(a, admin.token, { daily_sends_per_account: 13 });
    await a.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: first.id } });
    await b.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: second.id } });
    await held(MSG.governedDailyCap);
    expect(await logsOf(a, first.id)).toBe(13);
    expect(await logsOf(a, second.id)).toBe(13);
    // Stopped by hand while held, the blast ends at once.
    await a.call('POST', API.whatsappStop, { token: member.token, body: { whatsappClientId: first.id } });
    await waitFor(() => !a.ctx.blast.isRunning(first.id) && !b.ctx.blast.isRunning(first.id), 'the stop');
  });

  it('gives the day back what the minute did not grant when both caps are set', async () => {
    const { a, b, admin, member, first, second, held } = await twoSenders(300);
    const CAP = 23;
    await changeSettings(a, admin.token, { sends_per_minute: CAP, daily_sends_per_account: 100 });
    await a.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: first.id } });
    await b.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: second.id } });
    await held(MSG.governedMinuteCap);
    expect(Math.max(...(await perMinute(a)))).toBe(CAP);
    // Each account's day counts exactly what it sent: nothing the minute refused stays taken.
    const days = await a.ctx.db.select().from(accountDailySends);
    for (const id of [first.id, second.id])
      expect(days.find((day) => day.whatsappId === id)?.used ?? 0).toBe(await logsOf(a, id));
    expect((await logsOf(a, first.id)) + (await logsOf(a, second.id))).toBeGreaterThanOrEqual(CAP);
  });

  it('sends nothing during quiet hours, also after a restart, and goes on when they end', async () => {
    const gateway = new SandboxGateway({ seed: 3, timeScale: 0.001, failRate: 0 });
    const first = await startTestApp({}, { gateway });
    const admin = await first.createUser('admin');
    const member = await first.createUser('member');
    await noWait(first, member);
    const { id } = await connect(first, member, 'qr');
    await seedList(first, 15);
    // Quiet from an hour ago until an hour from now, in the app's time zone.
    const clock = (offsetHours: number) => clockIn(first, offsetHours);
    // Read once: a minute may turn between the change and the checks on a busy machine.
    const quietEnd = clock(1);
    await changeSettings(first, admin.token, { quiet_start: clock(-1), quiet_end: quietEnd });
    const seen = recordEvents(first);
    await first.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(
      () =>
        seen.some(
          (e) =>
            e.message.event === 'waiting' && e.message.payload?.reason === MSG.governedQuietHours(quietEnd),
        ),
      'the quiet-hours wait',
    );
    // Each reader shows the hold in their own language: the event names the message and its blank.
    const hold = seen.find((e) => e.message.event === 'waiting' && e.message.payload?.hold)!.message.payload;
    expect(hold?.hold).toEqual({ key: 'governedQuietHours', params: { end: quietEnd } });
    expect(await logsOf(first, id)).toBe(0);
    await stopInstance(first);

    const second = await startTestApp({}, { database: first.database, gateway });
    opened.push(second);
    const seenAfterRestart = recordEvents(second);
    await second.ctx.blast.resume();
    await waitFor(() => second.ctx.blast.isRunning(id), 'the blast to resume');
    // Held again after the restart: the resumed loop has looked at the hours and sends nothing.
    await waitFor(
      () =>
        seenAfterRestart.some(
          (e) =>
            e.message.event === 'waiting' && e.message.payload?.reason === MSG.governedQuietHours(quietEnd),
        ),
      'the quiet-hours wait after the restart',
    );
    expect(await logsOf(second, id)).toBe(0);
    expect((await account(second, id)).status).toBe('sending');

    await changeSettings(second, admin.token, { quiet_start: '', quiet_end: '' });
    await waitFor(async () => (await account(second, id)).status === 'idle', 'the blast to finish');
    expect(await logsOf(second, id)).toBe(15);
  });

  it('pauses an account exactly when its failures reach the threshold, with the reason shown', async () => {
    const gateway = new SandboxGateway({ seed: 5, timeScale: 0.001, failRate: 0 });
    // A paced account sends one target per round only when the pacing takes time: a scale above 0.
    const t = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { gateway });
    opened.push(t);
    const admin = await t.createUser('admin');
    const member = await t.createUser('member');
    // One send per round (a paced account), so the window is judged after every send.
    await t.ctx.db
      .update(users)
      .set({ blastIntervalMin: 300, blastIntervalMax: 300 })
      .where(eq(users.id, member.id));
    const { id } = await connect(t, member, 'qr');
    await seedList(t, 20);
    await changeSettings(t, admin.token, { pause_fail_window: 4, pause_fail_percent: 50 });
    // Sends 2 and 5 fail: after 4 sends 1 of 4 failed (25 %), after 5 sends 2 of the last 4 (50 %).
    const send = gateway.sendMessage.bind(gateway);
    let sends = 0;
    gateway.sendMessage = async (...args) => {
      sends += 1;
      if (sends === 2 || sends === 5) return { ok: false, code: 404, reason: 'not delivered' };
      return send(...args);
    };
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(async () => (await account(t, id)).status === 'idle', 'the pause');
    const reason = MSG.pausedFailRate(2, 4, 50);
    expect(await logsOf(t, id)).toBe(5);
    expect((await account(t, id)).pausedReason).toBe(reason);
    const paused = seen.find((e) => e.message.event === 'paused' && e.channel === REALTIME_CHANNEL_ADMIN);
    expect(paused?.message.payload?.reason).toBe(reason);
    expect(seen.some((e) => e.message.event === 'paused' && e.channel === String(member.id))).toBe(true);

    // The member and operators see the reason on the account, and in its health history.
    for (const caller of [member, admin]) {
      const listed = await t.call<{ data: { id: number; paused_reason: string | null }[] }>(
        'GET',
        `${API.whatsappPerPage}?page=1`,
        { token: caller.token },
      );
      expect(listed.body.data.find((row) => row.id === id)?.paused_reason).toBe(reason);
    }
    const health = await t.call<{ pauses: { detail: string }[]; last7: { fail: number }; score: number }>(
      'GET',
      API.whatsappHealth(id),
      { token: member.token },
    );
    expect(health.status).toBe(200);
    expect(health.body.pauses.map((p) => p.detail)).toEqual([reason]);
    expect(health.body.last7.fail).toBe(2);
    expect(health.body.score).toBe(60);

    // Started again, the reason goes and the blast goes on.
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(async () => (await logsOf(t, id)) > 5, 'more sends');
    expect((await account(t, id)).pausedReason).toBeNull();
  });

  it('records suspensions and disconnects in the account history, and can pause on a suspension', async () => {
    const t = await startTestApp({ SANDBOX_FAIL_RATE: '0' });
    opened.push(t);
    const admin = await t.createUser('admin');
    const member = await t.createUser('member');
    await noWait(t, member);
    const { id, deviceId } = await connect(t, member, 'qr');
    await seedList(t, 5);
    await changeSettings(t, admin.token, { pause_on_suspend: true });
    t.sandbox.suspendNext(deviceId);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(async () => (await account(t, id)).suspended, 'the suspension');
    await waitFor(async () => (await account(t, id)).pausedReason === MSG.pausedSuspended, 'the pause');
    await t.call('POST', API.whatsappActivate, { token: admin.token, body: { id } });
    t.sandbox.setState(deviceId, 'disconnected');
    await waitFor(
      async () =>
        (await t.ctx.db.select().from(accountEvents).where(eq(accountEvents.whatsappId, id))).some(
          (event) => event.detail === 'disconnected',
        ),
      'the disconnect in the history',
    );
    const health = await t.call<{ last7: { suspensions: number; disconnects: number }; events: unknown[] }>(
      'GET',
      API.whatsappHealth(id),
      { token: admin.token },
    );
    expect(health.body.last7).toMatchObject({ suspensions: 1, disconnects: 1 });
  });
});

describe('scheduled blasts', () => {
  it('starts at its time on whichever instance comes up, after a restart too', async () => {
    const gateway = new SandboxGateway({ seed: 9, timeScale: 0.001, failRate: 0 });
    const env = { JOB_LEASE_SECONDS: '1' };
    const first = await startTestApp(env, { gateway });
    const member = await first.createUser('member');
    await noWait(first, member);
    const { id } = await connect(first, member, 'qr');
    await seedList(first, 10);
    // Far enough ahead that a busy machine cannot reach the time before the first process is gone.
    const startAt = new Date(Date.now() + 3_000);
    const scheduled = await first.call<{ whatsapp: { scheduled_at: string } }>('POST', API.whatsappSchedule, {
      token: member.token,
      body: { id, start_at: startAt.toISOString() },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.whatsapp.scheduled_at).toBe(startAt.toISOString());
    // The process goes away before the time comes; the schedule lives in the database.
    await stopInstance(first);
    expect(await logsOf(first, id)).toBe(0);

    const second = await startTestApp(env, { database: first.database, gateway });
    opened.push(second);
    await second.ctx.blast.resume();
    await waitFor(async () => (await logsOf(second, id)) === 10, 'the scheduled blast');
    expect(Date.now()).toBeGreaterThanOrEqual(startAt.getTime());
    await waitFor(async () => (await account(second, id)).status === 'idle', 'the blast to finish');
    expect((await account(second, id)).blastScheduledAt).toBeNull();
  });

  it('never starts a cancelled schedule, and refuses times in the past', async () => {
    const t = await startTestApp({ JOB_LEASE_SECONDS: '1' });
    opened.push(t);
    const member = await t.createUser('member');
    const { id } = await connect(t, member, 'qr');
    await seedList(t, 5);
    await t.ctx.blast.resume();
    const past = await t.call('POST', API.whatsappSchedule, {
      token: member.token,
      body: { id, start_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe(MSG.scheduleInPast);
    // Far enough ahead that a busy machine cannot reach the time before the cancel is in.
    const startAt = new Date(Date.now() + 2_000);
    const scheduled = await t.call('POST', API.whatsappSchedule, {
      token: member.token,
      body: { id, start_at: startAt.toISOString() },
    });
    expect(scheduled.status).toBe(200);
    const cancelled = await t.call<{ whatsapp: { scheduled_at: string | null } }>(
      'POST',
      API.whatsappScheduleCancel,
      { token: member.token, body: { id } },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.whatsapp.scheduled_at).toBeNull();
    // Well past the time and several lease-loop passes later, nothing was sent. A fixed wait: what it
    // shows is that no send happens, and there is no event for something that does not happen.
    await new Promise((resolve) => setTimeout(resolve, startAt.getTime() + 1_200 - Date.now()));
    expect(await logsOf(t, id)).toBe(0);
    expect((await account(t, id)).status).toBe('idle');
    const again = await t.call('POST', API.whatsappScheduleCancel, { token: member.token, body: { id } });
    expect(again.status).toBe(404);
  });

  it("refuses another member's account, and lets operators schedule and read any", async () => {
    const t = await startTestApp();
    opened.push(t);
    const owner = await t.createUser('member');
    const stranger = await t.createUser('member');
    const admin = await t.createUser('admin');
    const staff = await t.createUser('staff');
    const { id } = await connect(t, owner, 'qr');
    const body = { id, start_at: new Date(Date.now() + 3_600_000).toISOString() };
    for (const [url, method, payload] of [
      [API.whatsappSchedule, 'POST', body],
      [API.whatsappScheduleCancel, 'POST', { id }],
      [API.whatsappHealth(id), 'GET', undefined],
    ] as const) {
      expect((await t.call(method, url, { token: stranger.token, body: payload })).status).toBe(403);
      expect((await t.call(method, url, { token: staff.token, body: payload })).status).toBe(403);
    }
    expect((await t.call('POST', API.whatsappSchedule, { token: admin.token, body })).status).toBe(200);
    expect((await t.call('GET', API.whatsappHealth(id), { token: admin.token })).status).toBe(200);
    expect(
      (await t.call('POST', API.whatsappScheduleCancel, { token: owner.token, body: { id } })).status,
    ).toBe(200);
  });
});
