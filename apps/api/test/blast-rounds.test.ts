import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MSG } from '@blaster/contract';
import { queryRows } from '../src/db';
import type { BlastDataSource } from '../src/jobs/blast/source';
import { messageTemplates, phoneNumbers, users, whatsappAccounts } from '../src/db/schema';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, fastMember, recordEvents, signal, waitFor } from './support/chat';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));
afterEach(() => vi.restoreAllMocks());

async function seedList(t: TestApp, count: number) {
  await t.ctx.db
    .insert(phoneNumbers)
    .values(
      Array.from({ length: count }, (_, i) => ({ number: String(6287000000000 + i), name: `Target ${i}` })),
    );
  await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
}

/**
 * Recipients who never answer STOP: these tests are about rounds, not feedback. The default 2 % of
 * opt-outs sits on the yellow quality line, so an opt-out counted while its round is still unsettled
 * could send the template back to a trial held 30 minutes of the network's clock.
 */
const QUIET = { SANDBOX_FAIL_RATE: '0', SANDBOX_REPLY_RATE: '0' };

async function figures(t: TestApp) {
  const [row] = await queryRows<Record<string, string>>(
    t.ctx.db,
    sql`select
      (select count(*) from message_logs) as logs,
      (select count(distinct target) from message_logs) as targets,
      (select count(*) from message_logs where status = 'pending') as pending,
      (select count(*) from message_logs where status = 'success') as success,
      (select count(*) from ledger_entries where kind = 'blast_income') as paid,
      (select count(*) from phone_numbers where last_sent is null) as unsent,
      (select count(*) from phone_numbers where in_use = 1) as in_use`,
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

const status = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

describe('blast rounds', () => {
  it('two instances blasting one list in rounds send every number exactly once', async () => {
    // Each send takes a moment, so both blasts are under way together.
    const env = { ...QUIET, SANDBOX_TIME_SCALE: '0.01' };
    const a = await startTestApp({ ...env, INSTANCE_ID: 'a' });
    opened.push(a);
    const b = await startTestApp({ ...env, INSTANCE_ID: 'b' }, { database: a.database, gateway: a.sandbox });
    opened.push(b);
    const member = await fastMember(a);
    const seen = recordEvents(a);
    const first = await connect(a, member, 'qr', seen);
    const second = await connect(a, member, 'qr', seen);
    const TARGETS = 300;
    await seedList(a, TARGETS);

    for (const [app, id] of [
      [a, first.id],
      [b, second.id],
    ] as const)
      expect(
        (await app.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } }))
          .status,
      ).toBe(200);
    await waitFor(
      async () =>
        (await status(a, first.id)).status === 'idle' && (await status(a, second.id)).status === 'idle',
      'both blasts to finish',
    );

    const total = await figures(a);
    expect(total).toMatchObject({ logs: TARGETS, targets: TARGETS, pending: 0, unsent: 0, in_use: 0 });
    expect(total.success).toBe(TARGETS);
    expect(total.paid).toBe(TARGETS);
    const delivered = a.sandbox.delivered.map((delivery) => delivery.to);
    expect(delivered).toHaveLength(TARGETS);
    expect(new Set(delivered).size).toBe(TARGETS);
    // Both instances took part, each account's counts match its own log.
    for (const id of [first.id, second.id]) {
      const row = await status(a, id);
      expect(row.countSuccess).toBeGreaterThan(0);
      const [own] = await queryRows<{ n: string }>(
        a.ctx.db,
        sql`select count(*) as n from message_logs where whatsapp_id = ${id} and status = 'success'`,
      );
      expect(row.countSuccess).toBe(Number(own!.n));
    }
    // The level counter follows the log.
    const [owner] = await a.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(owner!.successBlasts).toBe(TARGETS);
    // Counts arrive once per round, not once per message.
    const countEvents = seen.filter(
      (e) => e.channel === String(member.id) && e.message.event === 'count_success',
    ).length;
    expect(countEvents).toBeGreaterThan(0);
    expect(countEvents).toBeLessThan(TARGETS / 4);
  });

  it('a stop pressed mid-round sends nothing more and gives the rest of the round back', async () => {
    // Sends take a few milliseconds, so the stop lands while a round is being sent.
    const t = await startTestApp({ ...QUIET, SANDBOX_TIME_SCALE: '0.02' });
    opened.push(t);
    const member = await fastMember(t);
    const { id, deviceId } = await connect(t, member, 'qr');
    const TARGETS = 300;
    await seedList(t, TARGETS);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(() => t.sandbox.delivered.length >= 20, 'some sends');
    const stop = await t.call('POST', API.whatsappStop, {
      token: member.token,
      body: { whatsappClientId: id },
    });
    expect(stop.status).toBe(200);
    await waitFor(() => !t.ctx.blast.isRunning(id), 'the loop to end');

    const atStop = await figures(t);
    const sent = t.sandbox.delivered.filter((delivery) => delivery.deviceId === deviceId).length;
    expect(sent).toBeLessThan(TARGETS);
    // Everything that left is recorded and paid; what was claimed but not sent is free again.
    expect(atStop).toMatchObject({ logs: sent, pending: 0, success: sent, paid: sent, in_use: 0 });
    expect(atStop.unsent).toBe(TARGETS - sent);
    // A fixed wait: it shows that nothing more leaves after the stop, which no event announces.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sandbox.delivered).toHaveLength(sent);
    expect((await status(t, id)).status).toBe('idle');

    // Started again, it sends the rest and nothing twice.
    const again = await t.call('POST', API.whatsappStart, {
      token: member.token,
      body: { whatsappClientId: id },
    });
    expect(again.status).toBe(200);
    let last = {};
    await waitFor(
      async () => {
        const now = await figures(t);
        const [template] = await t.ctx.db.select().from(messageTemplates);
        last = {
          ...now,
          account: (await status(t, id)).status,
          running: t.ctx.blast.isRunning(id),
          template,
        };
        return now.unsent === 0 && !t.ctx.blast.isRunning(id);
      },
      () => `the rest (last seen: ${JSON.stringify(last)})`,
    );
    const delivered = t.sandbox.delivered.map((delivery) => delivery.to);
    expect(delivered).toHaveLength(TARGETS);
    expect(new Set(delivered).size).toBe(TARGETS);
    expect(await figures(t)).toMatchObject({ logs: TARGETS, success: TARGETS, pending: 0 });
  });

  it('the server answers a request while a blast runs at full speed in its process', async () => {
    // At time scale 0 the sandbox answers at once, and the embedded database runs in this process:
    // a loop that never waited for the event loop left the server no turn to read a request until
    // the whole blast had been sent.
    const t = await startTestApp({ ...QUIET, SANDBOX_TIME_SCALE: '0' });
    opened.push(t);
    const member = await fastMember(t);
    const { id } = await connect(t, member, 'qr');
    const TARGETS = 2_000;
    await seedList(t, TARGETS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    let finished = false;
    let firstRound!: () => void;
    const roundSettled = new Promise<void>((resolve) => (firstRound = resolve));
    t.ctx.hub.tap((_channel, message) => {
      if (message.event === 'count_success') firstRound();
      if (message.event === 'finished') finished = true;
    });
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await roundSettled;
    const answer = await fetch(`http://127.0.0.1:${port}${API.user(member.id)}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const sentWhenAnswered = t.sandbox.delivered.length;
    expect(answer.status).toBe(200);
    expect(finished).toBe(false);
    expect(sentWhenAnswered).toBeLessThan(TARGETS);
    await waitFor(async () => (await status(t, id)).status === 'idle', 'the blast to finish');
    expect(await figures(t)).toMatchObject({ logs: TARGETS, success: TARGETS, pending: 0 });
  });

  it('a round the database rolls back for a deadlock is tried again: the blast ends, nothing sent twice, no error shown', async () => {
    // Two transactions that lock the same rows in opposite orders: PostgreSQL aborts one of them
    // (40P01) and asks for it to be run again. Here a trigger aborts the second round's settle once.
    const t = await startTestApp({ ...QUIET, SANDBOX_TIME_SCALE: '0' });
    opened.push(t);
    const member = await fastMember(t);
    const { id, deviceId } = await connect(t, member, 'qr');
    const TARGETS = 120;
    await seedList(t, TARGETS);
    await t.ctx.db.execute(sql`create sequence settle_faults`);
    await t.ctx.db.execute(sql`create function deadlock_once() returns trigger language plpgsql as $$
      begin
        if new.status <> 'pending' and old.status = 'pending' and nextval('settle_faults') = 2 then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`create trigger deadlock_once before update on message_logs
      for each row execute function deadlock_once()`);
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await waitFor(
      () => seen.some((e) => e.message.event === 'finished' && e.message.sender?.id === id),
      'the blast to finish',
    );
    const [faults] = await queryRows<{ n: string }>(t.ctx.db, sql`select last_value as n from settle_faults`);
    expect(Number(faults!.n)).toBeGreaterThan(2);
    expect(seen.filter((e) => e.message.event === 'error_blast')).toEqual([]);
    const delivered = t.sandbox.delivered
      .filter((delivery) => delivery.deviceId === deviceId)
      .map((d) => d.to);
    expect(new Set(delivered).size).toBe(TARGETS);
    expect(await figures(t)).toMatchObject({
      logs: TARGETS,
      targets: TARGETS,
      success: TARGETS,
      paid: TARGETS,
      pending: 0,
      in_use: 0,
      unsent: 0,
    });
  });

  it('a change heard while a round claims ends the hold that round comes to: nothing waits for the next look', async () => {
    // Another instance pauses or releases a template while this loop is in its claim: the claim still
    // read the template as held, and the change's wake-up reached no waiting loop.
    const t = await startTestApp({ ...QUIET, SANDBOX_TIME_SCALE: '0' });
    opened.push(t);
    const member = await fastMember(t);
    const { id } = await connect(t, member, 'qr');
    await seedList(t, 5);
    const source = (t.ctx.blast as unknown as { source: BlastDataSource }).source;
    const claim = source.claim.bind(source);
    let claimed!: () => void;
    const inClaim = new Promise<void>((resolve) => (claimed = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let calls = 0;
    vi.spyOn(source, 'claim').mockImplementation(async (...args) => {
      calls += 1;
      if (calls > 1) return claim(...args);
      claimed();
      await answered;
      // As the claim saw it: the template held for its batch's feedback, looked at again in an hour.
      return { hold: true, reason: MSG.templateBatchHeld, retryMs: 3_600_000 };
    });
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await inClaim;
    t.ctx.blast.config.changed();
    answer();
    await waitFor(
      () => seen.some((e) => e.message.event === 'finished' && e.message.sender?.id === id),
      () =>
        `the blast to go on past the stale hold and finish (${calls} claims, ${t.sandbox.delivered.length} sent, events ${seen.map((e) => e.message.event).join(', ')})`,
    );
    expect(t.sandbox.delivered).toHaveLength(5);
  });

  /**
   * Stops the blast while the round's step `step` of the data source runs, and gives what the member's
   * open lists were told about the account from then on, once the loop has ended.
   */
  async function stopDuring(step: 'claim' | 'giveBackSends', env: Record<string, string>) {
    const t = await startTestApp({ ...QUIET, ...env });
    opened.push(t);
    const member = await t.createUser('member');
    const { id } = await connect(t, member, 'qr');
    await seedList(t, 5);
    const source = (t.ctx.blast as unknown as { source: BlastDataSource }).source;
    const original = (source[step] as (...args: unknown[]) => Promise<unknown>).bind(source);
    const inStep = signal();
    const stopped = signal();
    let calls = 0;
    vi.spyOn(source, step).mockImplementation((async (...args: unknown[]) => {
      calls += 1;
      if (calls === 1) {
        inStep.fire();
        await stopped.fired;
      }
      return original(...args);
    }) as never);
    const seen = recordEvents(t);
    await t.call('POST', API.whatsappStart, { token: member.token, body: { whatsappClientId: id } });
    await inStep.fired;
    const stop = await t.call('POST', API.whatsappStop, {
      token: member.token,
      body: { whatsappClientId: id },
    });
    expect(stop.status).toBe(200);
    const toldAtStop = seen.length;
    const sentAtStop = t.sandbox.delivered.length;
    stopped.fire();
    await waitFor(
      () => !t.ctx.blast.isRunning(id),
      () => `the loop to end (${calls} calls, ${t.sandbox.delivered.length} sent)`,
    );
    expect((await status(t, id)).status).toBe('idle');
    const told = (from: number) =>
      seen
        .slice(from)
        .filter((e) => e.channel === String(member.id) && e.message.sender?.id === id)
        .map((e) => e.message.event);
    return {
      afterStop: told(toldAtStop),
      all: told(0),
      sentAfterStop: t.sandbox.delivered.length - sentAtStop,
    };
  }

  /** Counts change no row's status or activity; anything else told after the last "idle" would. */
  const COUNTS = new Set(['count_success', 'count_fail']);
  const lastWordIsIdle = (events: string[]) => {
    const lastIdle = events.lastIndexOf('idle');
    return lastIdle >= 0 && events.slice(lastIdle + 1).every((event) => COUNTS.has(event));
  };

  it('a stop while a round claims leaves every open list showing the account idle', async () => {
    // The round read the account as sending, then the member stopped it while its claim ran: the stop
    // told the lists "idle" before the round told them "sending" for the message it had claimed.
    const { afterStop, all, sentAfterStop } = await stopDuring('claim', { SANDBOX_TIME_SCALE: '0' });
    // The claimed message still went out (and was counted), and nothing after it.
    expect(sentAfterStop).toBe(1);
    expect(afterStop).toContain('sending');
    expect(lastWordIsIdle(all), all.join(', ')).toBe(true);
  });

  it('a stop while a settled round gives its rest back leaves every open list showing the account idle', async () => {
    // The round was counted with the account still sending; the stop came before the loop told the
    // lists how long it waits for the next send, which would show the stopped row counting down.
    const { afterStop, all, sentAfterStop } = await stopDuring('giveBackSends', {
      SANDBOX_TIME_SCALE: '0.001',
    });
    expect(sentAfterStop).toBe(0);
    expect(afterStop).toContain('waiting');
    expect(lastWordIsIdle(all), all.join(', ')).toBe(true);
  });
});
