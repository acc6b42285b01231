import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, type FunnelAnswer } from '@blaster/contract';
import { queryRows, type Db } from '../src/db';
import { lockRollupSources, recountRollups } from '../src/db/rollups';
import { foldPlatformChanges } from '../src/db/platform-sums';
import { membersByHour, platformByHour } from './support/rollups';
import { messageLogs, messageTemplates, phoneNumbers, users, whatsappAccounts } from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { pruneExpired, pruneMessageLogs } from '../src/jobs/retention';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { connect, waitFor, type Caller } from './support/chat';
import { changeSettings } from './support/settings';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

let numbers = 0;
/** Adds `count` numbers to the list (and two templates once), each number new. */
async function seedTargets(t: TestApp, count: number) {
  const from = numbers;
  numbers += count;
  await t.ctx.db.insert(phoneNumbers).values(
    Array.from({ length: count }, (_, k) => ({
      number: String(6287300000000 + from + k),
      name: `T${from + k}`,
    })),
  );
  const [templates] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`select count(*) as n from message_templates`,
  );
  if (Number(templates!.n) === 0)
    await t.ctx.db.insert(messageTemplates).values([
      { text: '<p>Halo {name}</p>', textWa: 'Halo {name}' },
      { text: '<p>Promo untuk {name}</p>', textWa: 'Promo untuk {name}' },
    ]);
}

/**
 * A member with no pause between sends, brought by `referrer`, on a platform that gives referrers a
 * tenth of each blast's fee.
 */
async function fastMember(t: TestApp, referrer: Caller) {
  const admin = await t.createUser('admin');
  await changeSettings(t, admin.token, { referral_percent: 10 });
  const member = await t.createUser('member');
  await t.ctx.db
    .update(users)
    .set({ blastIntervalMin: 0, blastIntervalMax: 0, referredBy: referrer.id })
    .where(eq(users.id, member.id));
  return member;
}

async function blastToTheEnd(t: TestApp, member: Caller, accountId: number) {
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: accountId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await waitFor(async () => {
    const [account] = await t.ctx.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, accountId));
    return account!.status === 'idle' && !t.ctx.blast.isRunning(accountId);
  }, 'the blast to end');
}

/** The hourly sums that count anything, in key order: what every chart and figure reads. */
const rollups = async (db: Pick<Db, 'execute'>) => ({
  messages: await queryRows(
    db,
    sql`select hour, user_id, whatsapp_id, template_id, success, fail, pending, delivered, read, opted_out
        from message_log_hourly
        where success <> 0 or fail <> 0 or pending <> 0 or delivered <> 0 or read <> 0 or opted_out <> 0
        order by 1, 2, 3, 4`,
  ),
  ledger: await queryRows(
    db,
    sql`select hour, user_id, kind, amount from ledger_hourly where amount <> 0 order by 1, 2, 3`,
  ),
  platform: await platformByHour(db),
});

/**
 * Reads the kept sums, recounts them and reads them again in one transaction that holds the log's
 * writers back (late delivery acknowledgements wait), then leaves the recount in place.
 */
async function expectRebuiltEqualsKept(db: Db) {
  return db.transaction(async (tx) => {
    await lockRollupSources(tx);
    const kept = await rollups(tx);
    expect(kept.messages.length).toBeGreaterThan(0);
    expect(kept.platform).toEqual(await membersByHour(tx));
    await recountRollups(tx);
    expect(await rollups(tx)).toEqual(kept);
    return kept;
  });
}

/** Waits until the simulated network has nothing more to tell and every acknowledgement is written. */
async function networkQuiet(t: TestApp, gateway: SandboxGateway) {
  await waitFor(() => gateway.pendingAnswers === 0, 'the network to fall quiet');
  await t.ctx.delivery.flush();
}

/** A day for logs and account history, nothing for delivered and given-up webhook deliveries. */
const SHORT_RETENTION = {
  messageLogDays: 1,
  accountEventDays: 1,
  batch: 20,
  everyMs: 60_000,
  webhooks: { retentionHours: 0, deadRetentionHours: 0 },
};

const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(db, query))[0]!.n);

describe('retention and rollups', () => {
  it('rollups rebuilt from the logs equal the kept ones after a blast, a restart and a prune; the figures survive the prune', async () => {
    const gateway = new SandboxGateway({ seed: 11, timeScale: 0.001, failRate: 0.2, replyRate: 0 });
    const first = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { gateway });
    opened.push(first);
    const referrer = await first.createUser('member');
    const member = await fastMember(first, referrer);
    const { id: accountId } = await connect(first, member, 'qr');
    await seedTargets(first, 60);
    await blastToTheEnd(first, member, accountId);
    await expectRebuiltEqualsKept(first.ctx.db);

    // The same database opened by a new process, which blasts again.
    await first.ctx.blast.stopAll();
    first.ctx.leases.stop();
    const second = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { database: first.database, gateway });
    opened.push(second);
    await seedTargets(second, 40);
    await blastToTheEnd(second, member, accountId);
    await expectRebuiltEqualsKept(second.ctx.db);

    // Half the sends are 200 days old, and one log of then never settled.
    const db = second.ctx.db;
    await db.execute(
      sql`update message_logs set created_at = created_at - interval '200 days' where id % 2 = 0`,
    );
    await db.insert(messageLogs).values({
      userId: member.id,
      whatsappId: accountId,
      target: '6287399999999',
      status: 'pending',
      createdAt: sql`now() - interval '200 days'`,
    });
    const old = await countOf(
      db,
      sql`select count(*) as n from message_logs where created_at < now() - interval '90 days'`,
    );
    expect(old).toBeGreaterThan(40);
    await networkQuiet(second, gateway);
    const before = {
      rollups: await expectRebuiltEqualsKept(db),
      ledger: await countOf(db, sql`select count(*) as n from ledger_entries`),
      logs: await countOf(db, sql`select count(*) as n from message_logs`),
      referral: (await second.call('GET', `${API.referralPerPage}?page=1`, { token: referrer.token })).body,
      funnel: (
        await second.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=template&days=366`, {
          token: member.token,
        })
      ).body,
      campaigns: (await second.call('GET', API.whatsappCampaigns(member.id), { token: member.token })).body,
    };
    expect(before.ledger).toBeGreaterThan(0);
    expect(JSON.stringify(before.referral)).toMatch(/"income":[1-9]/);

    // Pruned in batches of 7: every settled log past 90 days goes, the unsettled one stays.
    const pruned = await pruneExpired(db, {
      messageLogDays: 90,
      accountEventDays: 90,
      batch: 7,
      everyMs: 60_000,
    });
    expect(pruned.messageLogs).toBe(old - 1);
    expect(await countOf(db, sql`select count(*) as n from message_logs`)).toBe(before.logs - (old - 1));
    expect(
      await countOf(
        db,
        sql`select count(*) as n from message_logs where created_at < now() - interval '90 days'`,
      ),
    ).toBe(1);

    // Nothing anyone reads has moved: sums, ledger, the referrer's list, the funnel, the campaign.
    expect(await rollups(db)).toEqual(before.rollups);
    expect(await countOf(db, sql`select count(*) as n from ledger_entries`)).toBe(before.ledger);
    expect(
      (await second.call('GET', `${API.referralPerPage}?page=1`, { token: referrer.token })).body,
    ).toEqual(before.referral);
    expect(
      (
        await second.call<FunnelAnswer>('GET', `${API.funnel(member.id)}?by=template&days=366`, {
          token: member.token,
        })
      ).body,
    ).toEqual(before.funnel);
    expect(
      (await second.call('GET', API.whatsappCampaigns(member.id), { token: member.token })).body,
    ).toEqual(before.campaigns);
    // And the sums of the pruned hours are not counted again from what is left of them.
    await expectRebuiltEqualsKept(db);
  });

  it('pruning and folding under a running blast lose no unsettled send, no ledger entry and no sum', async () => {
    const gateway = new SandboxGateway({ seed: 12, timeScale: 0.001, failRate: 0.1, replyRate: 0 });
    const t = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { gateway });
    opened.push(t);
    const referrer = await t.createUser('member');
    const member = await fastMember(t, referrer);
    const { id: accountId } = await connect(t, member, 'qr');
    const TARGETS = 300;
    await seedTargets(t, TARGETS);

    // Both caps on, set not to bind: every round writes the send budgets the pass also prunes.
    const admin = await t.createUser('admin');
    await changeSettings(t, admin.token, { sends_per_minute: 1_000_000, daily_sends_per_account: 1_000_000 });

    // Every settled log is pruned as soon as it is written, by whole retention passes whose clock
    // runs two days ahead, batch after batch, while the blast runs.
    let blasting = true;
    let prunedLogs = 0;
    const pruning = (async () => {
      while (blasting) {
        const pass = await pruneExpired(
          t.ctx.db,
          { ...SHORT_RETENTION, batch: 20 },
          new Date(Date.now() + 2 * 86_400_000),
        );
        prunedLogs += pass.messageLogs;
        await foldPlatformChanges(t.ctx.db);
        // The embedded database never leaves the event loop: the blast's timers get their turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await blastToTheEnd(t, member, accountId);
    blasting = false;
    await pruning;
    // Receipts still coming in after the blast's end lock their logs while the tracker writes them,
    // and a prune skips locked rows: the last pass runs once the network is quiet.
    await networkQuiet(t, gateway);
    prunedLogs += await pruneMessageLogs(t.ctx.db, new Date(Date.now() + 3_600_000), 1_000);
    expect(prunedLogs).toBe(TARGETS);

    // Every number was sent once and settled: none left to send, none pending, none sent twice.
    const delivered = gateway.delivered.map((delivery) => delivery.to);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(
      await countOf(t.ctx.db, sql`select count(*) as n from phone_numbers where last_sent is null`),
    ).toBe(0);
    expect(await countOf(t.ctx.db, sql`select count(*) as n from message_logs`)).toBe(0);
    // Each success was paid once, with its referral share, and the sums count each send once.
    const [sums] = await queryRows<{ success: string; fail: string; pending: string }>(
      t.ctx.db,
      sql`select sum(success) as success, sum(fail) as fail, sum(pending) as pending from message_log_hourly`,
    );
    expect(Number(sums!.success) + Number(sums!.fail)).toBe(TARGETS);
    expect(Number(sums!.pending)).toBe(0);
    expect(Number(sums!.success)).toBe(delivered.length);
    const paid = await countOf(
      t.ctx.db,
      sql`select count(*) as n from ledger_entries where kind = 'blast_income'`,
    );
    const shares = await countOf(
      t.ctx.db,
      sql`select count(*) as n from ledger_entries where kind = 'referral_income' and source_user_id = ${member.id}`,
    );
    expect(paid).toBe(delivered.length);
    expect(shares).toBe(delivered.length);
    // The platform's one row an hour, folded while the settles went on, adds up to the members' sums.
    expect(await platformByHour(t.ctx.db)).toEqual(await membersByHour(t.ctx.db));
  });

  it('a retention pass prunes every kind of row past its age in batches, and never the ledger, the audit trail or the sums', async () => {
    const t = await startTestApp();
    opened.push(t);
    const member = await t.createUser('member');
    const { id: accountId } = await connect(t, member, 'qr');
    const db = t.ctx.db;
    // Of each kind, one row past its retention and one within it.
    await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status, created_at)
      values (${member.id}, ${accountId}, '6287300000001', 'success', now() - interval '100 days'),
        (${member.id}, ${accountId}, '6287300000002', 'success', now() - interval '80 days')`);
    await db.execute(sql`insert into link_clicks (message_log_id, link_index)
      select id, 0 from message_logs`);
    await db.execute(sql`insert into account_events (whatsapp_id, kind, created_at)
      values (${accountId}, 'connection', now() - interval '100 days'), (${accountId}, 'paused', now() - interval '80 days')`);
    await db.execute(sql`insert into send_minutes (minute, used)
      values (date_trunc('minute', now()) - interval '2 days', 5), (date_trunc('minute', now()), 5)`);
    await db.execute(sql`insert into account_daily_sends (whatsapp_id, day, used)
      values (${accountId}, current_date - 20, 5), (${accountId}, current_date, 5)`);
    await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
      values ('https://hooks.example.com/a', 'whsec_test', array['message.delivery'])`);
    await db.execute(sql`insert into webhook_events (uid, type, account_id, sequence, payload)
      select 'evt_' || i, 'message.delivery', ${accountId}, i, '{}'::jsonb from generate_series(1, 4) i`);
    // Delivered 8 days ago (past 7), delivered an hour ago, given up 31 days ago (past 30), pending.
    await db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence, delivered_at, dead_at)
      select (select id from webhook_endpoints), e.id, ${accountId}, e.sequence,
        case e.sequence when 1 then now() - interval '8 days' when 2 then now() - interval '1 hour' end,
        case when e.sequence = 3 then now() - interval '31 days' end
      from webhook_events e`);
    await db.execute(sql`insert into ledger_entries (user_id, kind, amount, created_at)
      values (${member.id}, 'bonus', 1000, now() - interval '400 days')`);
    await db.execute(sql`insert into audit_entries (action, target_type, instance, created_at)
      values ('bonus.create', 'user', 'test', now() - interval '400 days')`);
    const counted = async () => ({
      logs: await countOf(db, sql`select count(*) as n from message_logs`),
      clicks: await countOf(db, sql`select count(*) as n from link_clicks`),
      events: await countOf(db, sql`select count(*) as n from account_events`),
      minutes: await countOf(db, sql`select count(*) as n from send_minutes`),
      days: await countOf(db, sql`select count(*) as n from account_daily_sends`),
      deliveries: await countOf(db, sql`select count(*) as n from webhook_deliveries`),
      webhookEvents: await countOf(db, sql`select count(*) as n from webhook_events`),
      ledger: await countOf(db, sql`select count(*) as n from ledger_entries`),
      audit: await countOf(db, sql`select count(*) as n from audit_entries`),
    });
    const before = await counted();
    const sums = await rollups(db);

    const pruned = await pruneExpired(db, {
      messageLogDays: 90,
      accountEventDays: 90,
      batch: 1,
      everyMs: 60_000,
      webhooks: { retentionHours: 7 * 24, deadRetentionHours: 30 * 24 },
    });
    expect(pruned).toEqual({ messageLogs: 1, accountEvents: 1, webhookDeliveries: 2, sendBudgets: 2 });
    expect(await counted()).toEqual({
      ...before,
      logs: before.logs - 1,
      clicks: before.clicks - 1,
      events: before.events - 1,
      minutes: before.minutes - 1,
      days: before.days - 1,
      deliveries: before.deliveries - 2,
      webhookEvents: before.webhookEvents - 2,
    });
    expect(await rollups(db)).toEqual(sums);
    // A second pass finds nothing left to do.
    expect(
      await pruneExpired(db, {
        messageLogDays: 90,
        accountEventDays: 90,
        batch: 1,
        everyMs: 60_000,
        webhooks: { retentionHours: 7 * 24, deadRetentionHours: 30 * 24 },
      }),
    ).toEqual({ messageLogs: 0, accountEvents: 0, webhookDeliveries: 0, sendBudgets: 0 });
  });
});
