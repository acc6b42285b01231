import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ALL_USERS,
  API,
  MESSAGE_TEXT as MSG,
  STATS_DAYS,
  STATS_HOURS,
  type StatsDailyAnswer,
  type StatsHourlyAnswer,
  type StatsLookupAnswer,
  type StatsTopAccountsAnswer,
} from '@blaster/contract';
import { queryRows } from '../src/db';
import { foldPlatformChanges } from '../src/db/platform-sums';
import { membersByHour, platformByHour } from './support/rollups';
import { ledgerEntries, lookupJobs, lookupResults, messageLogs, whatsappAccounts } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';

// The app's day is Asia/Jakarta (UTC+7): its midnight is 17:00 UTC, so a UTC day would mix two of them.
let t: TestApp;
let admin: { id: number; token: string };
let member: { id: number; token: string };
let other: { id: number; token: string };
let staff: { id: number; token: string };
let memberAccount: number;
let secondAccount: number;
let otherAccount: number;

/** Start of today in Jakarta plus an interval, as a timestamptz expression. */
const jakartaToday = (offset: string) =>
  sql`(date_trunc('day', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta') + ${offset}::interval`;
const thisHour = (offset: string) =>
  sql`date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' + ${offset}::interval`;

beforeAll(async () => {
  t = await startTestApp({ APP_TIME_ZONE: 'Asia/Jakarta' });
  admin = await t.createUser('admin');
  member = await t.createUser('member');
  other = await t.createUser('member');
  staff = await t.createUser('staff');
  const accounts = await t.ctx.db
    .insert(whatsappAccounts)
    .values([
      { userId: member.id, clientid: 'stats-1', pushname: 'Toko Satu', phonenumber: '62811000001' },
      { userId: member.id, clientid: 'stats-2', phonenumber: '62811000002' },
      { userId: other.id, clientid: 'stats-3', pushname: 'Lain', phonenumber: '62811000003' },
    ])
    .returning({ id: whatsappAccounts.id });
  [memberAccount, secondAccount, otherAccount] = accounts.map((a) => a.id) as [number, number, number];

  const log = (
    userId: number,
    whatsappId: number,
    status: 'success' | 'fail' | 'pending',
    at: ReturnType<typeof sql>,
  ) => ({
    userId,
    whatsappId,
    target: '62812',
    status,
    createdAt: at,
  });
  await t.ctx.db.insert(messageLogs).values([
    // Today in Jakarta, one second after its midnight: 2 success, 1 fail.
    log(member.id, memberAccount, 'success', jakartaToday('1 second')),
    log(member.id, memberAccount, 'success', jakartaToday('1 second')),
    log(member.id, secondAccount, 'fail', jakartaToday('2 seconds')),
    // Yesterday in Jakarta, one second before its midnight (the same UTC date as the rows above).
    log(member.id, memberAccount, 'success', jakartaToday('-1 second')),
    log(member.id, memberAccount, 'fail', jakartaToday('-1 second')),
    // The first day of the 30, and one second before it (not shown).
    log(member.id, memberAccount, 'success', jakartaToday(`-${STATS_DAYS - 1} days`)),
    log(member.id, memberAccount, 'success', jakartaToday(`-${STATS_DAYS - 1} days -1 second`)),
    // Still in flight: not a send yet.
    log(member.id, memberAccount, 'pending', jakartaToday('3 seconds')),
    // Another member's blasts, today.
    log(other.id, otherAccount, 'success', jakartaToday('1 second')),
    log(other.id, otherAccount, 'success', jakartaToday('1 second')),
    log(other.id, otherAccount, 'success', jakartaToday('1 second')),
    log(other.id, otherAccount, 'fail', jakartaToday('1 second')),
  ]);
  await t.ctx.db.insert(ledgerEntries).values([
    { userId: member.id, kind: 'blast_income', amount: 150, createdAt: jakartaToday('1 second') },
    { userId: member.id, kind: 'blast_income', amount: 150, createdAt: jakartaToday('1 second') },
    { userId: member.id, kind: 'referral_income', amount: 15, createdAt: jakartaToday('5 seconds') },
    { userId: member.id, kind: 'bonus', amount: 25_000, createdAt: jakartaToday('-1 second') },
    // Withdrawals are not income.
    { userId: member.id, kind: 'withdraw_requested', amount: -10_000, createdAt: jakartaToday('1 second') },
    { userId: other.id, kind: 'blast_income', amount: 450, createdAt: jakartaToday('1 second') },
  ]);
});
afterAll(() => t.close());

const get = <T>(url: string, token: string) => t.call<T>('GET', url, { token });

/** The rollup as the log itself would count it, and as it is kept. */
async function rollupAndRecount() {
  const kept = await queryRows<Record<string, unknown>>(
    t.ctx.db,
    sql`select hour::text, user_id, whatsapp_id, success, fail, pending from message_log_hourly
        where success <> 0 or fail <> 0 or pending <> 0 order by 1, 2, 3`,
  );
  const counted = await queryRows<Record<string, unknown>>(
    t.ctx.db,
    sql`select (date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC')::text as hour, user_id, whatsapp_id,
          count(*) filter (where status = 'success')::int as success,
          count(*) filter (where status = 'fail')::int as fail,
          count(*) filter (where status = 'pending')::int as pending
        from message_logs group by 1, 2, 3 order by 1, 2, 3`,
  );
  return { kept, counted };
}

describe('member sends and income per day', () => {
  it('gives 30 days in the app time zone, cut at its midnight, with only the member’s own figures', async () => {
    const answer = await get<StatsDailyAnswer>(API.statsDaily(member.id), member.token);
    expect(answer.status).toBe(200);
    const { days, timeZone } = answer.body;
    expect(timeZone).toBe('Asia/Jakarta');
    expect(days).toHaveLength(STATS_DAYS);
    const today = days.at(-1)!;
    const yesterday = days.at(-2)!;
    expect(today).toMatchObject({ success: 2, fail: 1, blastIncome: 300, referralIncome: 15, bonus: 0 });
    expect(yesterday).toMatchObject({
      success: 1,
      fail: 1,
      blastIncome: 0,
      referralIncome: 0,
      bonus: 25_000,
    });
    expect(days[0]).toMatchObject({ success: 1, fail: 0 });
    // Days are consecutive calendar days ending today in Jakarta.
    const [jakartaDate] = await queryRows<{ day: string }>(
      t.ctx.db,
      sql`select to_char(now() at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as day`,
    );
    expect(today.day).toBe(jakartaDate!.day);
    expect(new Set(days.map((d) => d.day)).size).toBe(STATS_DAYS);
    const totals = days.reduce((sum, d) => sum + d.success + d.fail, 0);
    expect(totals).toBe(6);
  });

  it('refuses a member reading another member’s or everyone’s days', async () => {
    for (const whose of [other.id, ALL_USERS]) {
      const answer = await get<{ msg: string }>(API.statsDaily(whose), member.token);
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe(MSG.forbidden);
    }
  });

  it('lets an operator read one member’s days or the whole platform’s', async () => {
    const theirs = await get<StatsDailyAnswer>(API.statsDaily(other.id), admin.token);
    expect(theirs.body.days.at(-1)).toMatchObject({ success: 3, fail: 1, blastIncome: 450 });
    const all = await get<StatsDailyAnswer>(API.statsDaily(ALL_USERS), admin.token);
    expect(all.body.days.at(-1)).toMatchObject({ success: 5, fail: 2, blastIncome: 750, referralIncome: 15 });
  });
});

describe('platform sends per hour', () => {
  it('gives 48 hours with success rate, the current hour last, and refuses members', async () => {
    const before = await get<StatsHourlyAnswer>(API.statsHourly(ALL_USERS), admin.token);
    expect(before.status).toBe(200);
    await t.ctx.db.insert(messageLogs).values([
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'success',
        createdAt: thisHour('1 second'),
      },
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'success',
        createdAt: thisHour('2 seconds'),
      },
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'success',
        createdAt: thisHour('3 seconds'),
      },
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'fail',
        createdAt: thisHour('4 seconds'),
      },
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'fail',
        createdAt: thisHour('-47 hours'),
      },
      // 48 hours back: outside the chart.
      {
        userId: other.id,
        whatsappId: otherAccount,
        target: '1',
        status: 'fail',
        createdAt: thisHour('-48 hours'),
      },
    ]);
    const after = await get<StatsHourlyAnswer>(API.statsHourly(other.id), admin.token);
    const { hours } = after.body;
    expect(hours).toHaveLength(STATS_HOURS);
    const last = hours.at(-1)!;
    const lastBefore = before.body.hours.at(-1)!;
    expect(last.hour).toBe(lastBefore.hour);
    expect(Date.parse(last.hour) - Date.parse(hours[0]!.hour)).toBe((STATS_HOURS - 1) * 3_600_000);
    // The member's rows of "today" may share this hour; this one asks for the other member only.
    const otherBefore = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from message_logs where user_id = ${other.id}
          and created_at >= ${thisHour('0 seconds')} and status = 'success'`,
    );
    expect(last.success).toBe(otherBefore[0]!.n);
    expect(hours[0]).toMatchObject({ success: 0, fail: 1, successRate: 0 });
    const settled = last.success + last.fail;
    expect(last.successRate).toBe(Math.round((last.success / settled) * 1000) / 10);
    expect(hours.filter((h) => h.success + h.fail === 0).every((h) => h.successRate === null)).toBe(true);

    const refused = await get(API.statsHourly(member.id), member.token);
    expect(refused.status).toBe(403);
  });
});

describe('top accounts', () => {
  it('ranks chat accounts by sends over the chosen days of the app time zone', async () => {
    const [today] = await queryRows<{ day: string; yesterday: string }>(
      t.ctx.db,
      sql`select to_char(now() at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as day,
                 to_char((now() at time zone 'Asia/Jakarta') - interval '1 day', 'YYYY-MM-DD') as yesterday`,
    );
    const onlyYesterday = await get<StatsTopAccountsAnswer>(
      `${API.statsTopAccounts}?from=${today!.yesterday}&to=${today!.yesterday}`,
      admin.token,
    );
    expect(onlyYesterday.status).toBe(200);
    // Yesterday in Jakarta: the member's two sends one second before midnight (and maybe the
    // other member's rows of 47 hours ago when the clock is early in the day).
    const mine = onlyYesterday.body.accounts.find((a) => a.whatsappId === memberAccount);
    expect(mine).toMatchObject({ name: 'Toko Satu', phone: '62811000001', success: 1, fail: 1, total: 2 });
    expect(mine!.owner).toMatch(/^Member Nomor/);

    const week = await get<StatsTopAccountsAnswer>(API.statsTopAccounts, admin.token);
    expect(week.body.to).toBe(today!.day);
    const ids = week.body.accounts.map((a) => a.whatsappId);
    expect(ids[0]).toBe(otherAccount);
    expect(ids).toContain(secondAccount);
    const totals = week.body.accounts.map((a) => a.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const todayOnly = await get<StatsTopAccountsAnswer>(`${API.statsTopAccounts}?days=1`, admin.token);
    expect(todayOnly.body).toMatchObject({ from: today!.day, to: today!.day });
    expect(todayOnly.body.accounts.find((a) => a.whatsappId === memberAccount)).toMatchObject({
      success: 2,
      fail: 0,
    });
    // An account without a name is shown by its number.
    expect(week.body.accounts.find((a) => a.whatsappId === secondAccount)?.name).toBe('62811000002');
  });

  it('refuses a reversed or overlong range and members', async () => {
    expect((await get(`${API.statsTopAccounts}?from=2026-02-01&to=2026-01-01`, admin.token)).status).toBe(
      400,
    );
    expect((await get(`${API.statsTopAccounts}?from=2020-01-01&to=2026-01-01`, admin.token)).status).toBe(
      400,
    );
    expect((await get(`${API.statsTopAccounts}?from=2020-01-01`, admin.token)).status).toBe(400);
    expect((await get(`${API.statsTopAccounts}?from=nope`, admin.token)).status).toBe(400);
    expect((await get(API.statsTopAccounts, member.token)).status).toBe(403);
  });
});

describe('senders by tier and quality', () => {
  it('has nothing to show while the sandbox does not model the network, and refuses members', async () => {
    const answer = await t.call('GET', API.statsSenders, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ tiers: null });
    expect((await t.call('GET', API.statsSenders, { token: member.token })).status).toBe(403);
  });
});

describe('the hourly rollup', () => {
  it('stays equal to a recount of the log through inserts, settles, moves and deletes', async () => {
    const inserted = await t.ctx.db
      .insert(messageLogs)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          userId: i % 2 ? member.id : other.id,
          whatsappId: i % 2 ? memberAccount : otherAccount,
          target: `6281${i}`,
          status: 'pending' as const,
          createdAt: thisHour(`-${i % 5} hours`),
        })),
      )
      .returning({ id: messageLogs.id });
    const ids = inserted.map((row) => row.id);
    // Settled in one statement as the blast engine does, some succeed and some fail.
    await t.ctx.db.execute(
      sql`update message_logs set status = case when id % 3 = 0 then 'fail' else 'success' end
          where id in (${sql.join(ids.slice(0, 30), sql`, `)})`,
    );
    // A settled log changing its mind, and one moving to another hour.
    await t.ctx.db.execute(sql`update message_logs set status = 'fail' where id = ${ids[1]!}`);
    await t.ctx.db.execute(
      sql`update message_logs set created_at = created_at - interval '3 hours' where id = ${ids[2]!}`,
    );
    // Unsent targets released.
    await t.ctx.db.execute(sql`delete from message_logs where id in (${sql.join(ids.slice(35), sql`, `)})`);
    const { kept, counted } = await rollupAndRecount();
    expect(kept).toEqual(counted);
    expect(kept.length).toBeGreaterThan(5);
  });

  it('adds up to the members’ sums for the whole platform, and a fold moves no figure the admin sees', async () => {
    await t.ctx.db.insert(ledgerEntries).values([
      { userId: other.id, kind: 'withdraw_requested', amount: -40, createdAt: jakartaToday('2 hours') },
      { userId: other.id, kind: 'withdraw_accepted', amount: -60, createdAt: jakartaToday('-3 hours') },
    ]);
    expect(await platformByHour(t.ctx.db)).toEqual(await membersByHour(t.ctx.db));

    const platformFigures = [
      API.statsDaily(ALL_USERS),
      API.statsHourly(ALL_USERS),
      API.messageLogCount(ALL_USERS),
      API.totalCount,
      API.todayIncome(ALL_USERS),
      API.balance(ALL_USERS),
      API.totalBonus(ALL_USERS),
      API.withdrawIncome(ALL_USERS),
      API.withdrawTotalRequested(ALL_USERS),
      API.withdrawTotalAccepted(ALL_USERS),
      `${API.funnel(ALL_USERS)}?days=30`,
    ];
    const read = () => Promise.all(platformFigures.map(async (path) => (await get(path, admin.token)).body));
    const beforeFold = await read();
    const [everyLog] = await queryRows<{ successCount: number; failCount: number }>(
      t.ctx.db,
      sql`select count(*) filter (where status = 'success')::int as "successCount",
            count(*) filter (where status = 'fail')::int as "failCount" from message_logs`,
    );
    expect(beforeFold[2]).toEqual(everyLog);
    const [ledger] = await queryRows<{ balance: number }>(
      t.ctx.db,
      sql`select sum(amount)::int as balance from ledger_entries`,
    );
    expect(beforeFold[5]).toMatchObject({ balance: ledger!.balance });

    const changes = async () =>
      (
        await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from platform_hourly_changes`)
      )[0]!.n;
    expect(await changes()).toBeGreaterThan(0);
    expect(await foldPlatformChanges(t.ctx.db)).toBeGreaterThan(0);
    expect(await changes()).toBe(0);
    expect(await read()).toEqual(beforeFold);
    expect(await platformByHour(t.ctx.db)).toEqual(await membersByHour(t.ctx.db));

    // Two instances folding at once (two connections on PostgreSQL) move each change once.
    await t.ctx.db.execute(
      sql`update message_logs set status = 'fail' where status = 'success' and id % 4 = 0`,
    );
    await t.ctx.db.insert(ledgerEntries).values({ userId: member.id, kind: 'bonus', amount: 5 });
    const changed = await read();
    expect(changed).not.toEqual(beforeFold);
    await Promise.all([foldPlatformChanges(t.ctx.db), foldPlatformChanges(t.ctx.db)]);
    expect(await changes()).toBe(0);
    expect(await read()).toEqual(changed);
    expect(await platformByHour(t.ctx.db)).toEqual(await membersByHour(t.ctx.db));
  });
});

describe('lookups per hour and day', () => {
  it('counts found and not found numbers of the caller’s own generator, not validators or others', async () => {
    const [mine, theirs] = await t.ctx.db
      .insert(lookupJobs)
      .values([
        { kind: 'generator', userId: staff.id, whatsappId: 1, startNumber: '6281', endNumber: '6282' },
        { kind: 'generator', userId: admin.id, whatsappId: 1, startNumber: '6281', endNumber: '6282' },
      ])
      .returning({ id: lookupJobs.id });
    await t.ctx.db.insert(lookupResults).values([
      { jobId: mine!.id, position: 0, number: '1', name: '1', found: true },
      { jobId: mine!.id, position: 1, number: '2', name: '2', found: true },
      { jobId: mine!.id, position: 2, number: '3', name: '3', found: false },
      { jobId: theirs!.id, position: 0, number: '4', name: '4', found: true },
    ]);
    const hourly = await get<StatsLookupAnswer>(`${API.statsLookups(staff.id)}?kind=generator`, staff.token);
    expect(hourly.status).toBe(200);
    expect(hourly.body.buckets).toHaveLength(STATS_HOURS);
    expect(hourly.body.buckets.at(-1)).toMatchObject({ found: 2, notFound: 1 });
    const daily = await get<StatsLookupAnswer>(
      `${API.statsLookups(staff.id)}?kind=generator&bucket=day`,
      staff.token,
    );
    expect(daily.body.buckets).toHaveLength(STATS_DAYS);
    expect(daily.body.buckets.at(-1)).toMatchObject({ found: 2, notFound: 1 });
    const validators = await get<StatsLookupAnswer>(
      `${API.statsLookups(staff.id)}?kind=validator`,
      staff.token,
    );
    expect(validators.body.buckets.every((b) => b.found + b.notFound === 0)).toBe(true);
    const all = await get<StatsLookupAnswer>(`${API.statsLookups(ALL_USERS)}?kind=generator`, admin.token);
    expect(all.body.buckets.at(-1)).toMatchObject({ found: 3, notFound: 1 });

    expect((await get(API.statsLookups(admin.id), staff.token)).status).toBe(403);
    expect((await get(API.statsLookups(ALL_USERS), staff.token)).status).toBe(403);
    expect((await get(`${API.statsLookups(staff.id)}?kind=other`, staff.token)).status).toBe(400);
    expect((await get(API.statsLookups(member.id), member.token)).status).toBe(403);
  });
});
