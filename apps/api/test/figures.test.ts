import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { ledgerEntries, messageLogs, phoneNumbers, proxies, whatsappAccounts } from '../src/db/schema';
import { queryRows } from '../src/db';
import { ledgerSum } from '../src/ledger/queries';
import { messageLogRepository } from '../src/modules/messagelog/repository';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
let member: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  member = await t.createUser('member');
  other = await t.createUser('member');
  const db = t.ctx.db;
  await db.insert(whatsappAccounts).values([
    { userId: member.id, clientid: 'id-1-1', state: 'connected' },
    { userId: member.id, clientid: 'id-1-2', state: 'loggedOut' },
    { userId: other.id, clientid: 'id-1-3', state: 'connected' },
  ]);
  await db.insert(messageLogs).values([
    { userId: member.id, whatsappId: 1, target: '62811', status: 'success' },
    { userId: member.id, whatsappId: 1, target: '62812', status: 'success' },
    { userId: member.id, whatsappId: 1, target: '62813', status: 'fail' },
    // Yesterday's blast counts in the totals, not in today's.
    {
      userId: other.id,
      whatsappId: 3,
      target: '62814',
      status: 'success',
      createdAt: sql`now() - interval '2 days'`,
    },
  ]);
  await db.insert(ledgerEntries).values([
    { userId: member.id, kind: 'blast_income', amount: 100 },
    { userId: member.id, kind: 'blast_income', amount: 100 },
    { userId: member.id, kind: 'blast_income', amount: 500, createdAt: sql`now() - interval '2 days'` },
    { userId: member.id, kind: 'bonus', amount: 25_000 },
    { userId: member.id, kind: 'withdraw_requested', amount: -10_000 },
    { userId: other.id, kind: 'bonus', amount: 1_000 },
  ]);
  await db
    .insert(proxies)
    .values([{ value: 'http://10.0.0.1:8080' }, { value: 'http://10.0.0.2:8080', countUse: 2 }]);
  await db.insert(phoneNumbers).values([
    { number: '62811', name: 'A', lastSent: sql`now()` },
    { number: '62815', name: 'B' },
    { number: '62816', name: 'C' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, token = member.token) => t.call('GET', url, { token });

describe('member dashboard figures', () => {
  it('counts only the member’s own accounts, blasts and money', async () => {
    expect((await get(`/api/admin/whatsapp/count/${member.id}`)).body).toEqual({
      connectedCount: 1,
      disconnectedCount: 1,
    });
    expect((await get(`/api/admin/messagelog/count/${member.id}`)).body).toEqual({
      successCount: 2,
      failCount: 1,
    });
    expect((await get(`/api/admin/messagelog/today-income/${member.id}`)).body).toEqual({ income: 200 });
    expect((await get(`/api/admin/withdraw/balance/${member.id}`)).body).toEqual({ balance: 15_700 });
    expect((await get(`/api/admin/bonus/total/${member.id}`)).body).toEqual({ totalBonus: 25_000 });
  });

  it("refuses another member's figures", async () => {
    const answer = await get(`/api/admin/withdraw/balance/${other.id}`);
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe(MSG.forbidden);
  });
});

describe('admin dashboard figures', () => {
  it('counts the whole platform', async () => {
    expect((await get('/api/admin/whatsapp/count/all', admin.token)).body).toEqual({
      connectedCount: 2,
      disconnectedCount: 1,
    });
    expect((await get('/api/admin/messagelog/today-count', admin.token)).body).toEqual({
      success: 2,
      fail: 1,
    });
    expect((await get('/api/admin/messagelog/total-count', admin.token)).body).toEqual({
      success: 3,
      fail: 1,
    });
    // Every member's money, from the hourly sums of the ledger: the same sums as the entries'.
    expect((await get('/api/admin/withdraw/balance/all', admin.token)).body).toEqual({ balance: 16_700 });
    expect((await get('/api/admin/withdraw/income/all', admin.token)).body).toEqual({ income: 700 });
    expect((await get('/api/admin/withdraw/total-requested/all', admin.token)).body).toEqual({
      total: 10_000,
    });
    expect((await get('/api/admin/withdraw/total-accepted/all', admin.token)).body).toEqual({ total: 0 });
    expect((await get('/api/admin/bonus/total/all', admin.token)).body).toEqual({ totalBonus: 26_000 });
    expect((await get('/api/admin/messagelog/today-income/all', admin.token)).body).toEqual({ income: 200 });
    expect((await get('/api/admin/proxy/count-use', admin.token)).body).toEqual({ unUsed: 1, used: 1 });
    expect((await get('/api/admin/phonenumber/count-blast', admin.token)).body).toEqual({
      blasted: 1,
      unBlasted: 2,
    });
    expect((await get('/api/admin/users/active', admin.token)).body).toEqual({ count: 2 });
  });
});

describe('settings', () => {
  it('lets an admin change them with the spec rules and every member read them', async () => {
    const bad = await t.call('PUT', '/api/admin/setting/update', {
      token: admin.token,
      body: {
        interval_min: 5,
        interval_max: 2,
        price: 0,
        bank_names: 'BCA',
        colors: '#000',
        referral_percent: 5,
        info: 'x',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG.intervalOrder);

    const good = await t.call('PUT', '/api/admin/setting/update', {
      token: admin.token,
      body: {
        interval_min: 2,
        interval_max: 4,
        price: 0,
        bank_names: 'BCA, BNI',
        colors: '#111',
        referral_percent: 5,
        info: 'Libur',
      },
    });
    expect(good.status).toBe(200);
    expect((await get('/api/admin/setting/get')).body).toMatchObject({
      setting: { info: 'Libur', bank_names: 'BCA, BNI' },
    });
    expect((await t.call('PUT', '/api/admin/setting/update', { token: member.token, body: {} })).status).toBe(
      403,
    );
  });
});

describe('ledger sums since a time', () => {
  it('add the ledger’s own entries for the part of an hour before the first whole one', async () => {
    const db = t.ctx.db;
    const earner = await t.createUser('member');
    await db.insert(ledgerEntries).values([
      { userId: earner.id, kind: 'blast_income', amount: 1, createdAt: sql`now() - interval '200 minutes'` },
      { userId: earner.id, kind: 'blast_income', amount: 10, createdAt: sql`now() - interval '100 minutes'` },
      { userId: earner.id, kind: 'blast_income', amount: 100, createdAt: sql`now() - interval '70 minutes'` },
      { userId: earner.id, kind: 'bonus', amount: 1_000, createdAt: sql`now() - interval '5 minutes'` },
      {
        userId: earner.id,
        kind: 'blast_income',
        amount: 10_000,
        createdAt: sql`now() - interval '1 minute'`,
      },
    ]);
    const counted = async (since: ReturnType<typeof sql>) =>
      Number(
        (
          (await db.execute(sql`select coalesce(sum(amount), 0) as total from ledger_entries
            where user_id = ${earner.id} and kind = 'blast_income' and created_at >= ${since}`)) as unknown as {
            rows: { total: string | number }[];
          }
        ).rows[0]!.total,
      );
    // Off the hour (a zone whose offset is not whole hours), on the hour, and before every entry.
    for (const since of [
      sql`now() - interval '150 minutes'`,
      sql`now() - interval '80 minutes'`,
      sql`date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' - interval '1 hour'`,
      sql`now() - interval '1 day'`,
    ]) {
      const summed = await ledgerSum(db, { userId: earner.id, kinds: ['blast_income'], since });
      expect(summed).toBe(await counted(since));
    }
    expect(
      await ledgerSum(db, {
        userId: earner.id,
        kinds: ['blast_income'],
        since: sql`now() - interval '1 day'`,
      }),
    ).toBe(10_111);
  });
});

describe('sends counted since a time', () => {
  it('add the log’s own rows for the part of an hour before the first whole one', async () => {
    const db = t.ctx.db;
    const sender = await t.createUser('member');
    const at = (minutes: number, status: 'success' | 'fail' | 'pending') => ({
      userId: sender.id,
      whatsappId: 1,
      target: `6281${minutes}`,
      status,
      createdAt: sql`now() - make_interval(mins => ${minutes})`,
    });
    await db
      .insert(messageLogs)
      .values([at(200, 'success'), at(100, 'fail'), at(70, 'success'), at(5, 'pending'), at(1, 'success')]);
    const counted = async (userId: number | null, since: ReturnType<typeof sql>) => {
      const [row] = await queryRows<{ success: number; fail: number }>(
        db,
        sql`select count(*) filter (where status = 'success')::int as success,
              count(*) filter (where status = 'fail')::int as fail
            from message_logs where created_at >= ${since} and (${userId}::int is null or user_id = ${userId})`,
      );
      return row;
    };
    // Off the hour (a zone whose offset is not whole hours), on the hour, and before every row.
    for (const since of [
      sql`now() - interval '150 minutes'`,
      sql`now() - interval '80 minutes'`,
      sql`date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' - interval '1 hour'`,
      sql`now() - interval '1 day'`,
    ])
      for (const userId of [null, sender.id]) {
        expect(await messageLogRepository.successAndFail(db, { userId, since })).toEqual(
          await counted(userId, since),
        );
      }
    expect(
      await messageLogRepository.successAndFail(db, {
        userId: sender.id,
        since: sql`now() - interval '1 day'`,
      }),
    ).toEqual({ success: 3, fail: 1 });
  });
});
