import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { users } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
type Caller = { id: number; token: string };
let admin: Caller;
let staff: Caller;
let rina: Caller;
let dodi: Caller;

// More than two pages of ten; a prime, so that figures seeded from i do not follow the ids.
const SEEDED = 23;

const referralCodeOf = async (id: number) => {
  const [row] = await t.ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, id));
  return row!.code;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  staff = await t.createUser('staff');
  rina = await t.createUser('member', {
    firstName: 'Rina',
    lastName: 'Wulandari',
    email: 'rina.w@contoh.test',
  });
  dodi = await t.createUser('member', {
    firstName: 'Dodi',
    lastName: 'Pratama',
    email: 'dodi_p@contoh.test',
  });

  // Reasons that tell `%` and `_` typed from wildcards: '100%' is not '100x', 'a_1' is not 'a 1'.
  await t.ctx.db.execute(sql`insert into bonuses (user_id, nominal, reason) values
    (${rina.id}, 10000, 'Hadiah Lebaran'), (${rina.id}, 20000, 'Bonus 100% target'),
    (${rina.id}, 30000, 'Juara_1 bulan ini'), (${dodi.id}, 15000, 'hadiah LEBARAN'),
    (${dodi.id}, 25000, 'Bonus 100x target'), (${dodi.id}, 35000, 'Juara 1 bulan lalu')`);
  await t.ctx.db.execute(sql`insert into bonuses (user_id, nominal, reason, created_at)
    select ${rina.id}, 1000 + ((i * 7) % ${SEEDED}) * 500, 'Komisi ' || i, now() - i * interval '1 minute'
    from generate_series(1, ${SEEDED}) i`);

  await t.ctx.db.execute(sql`insert into withdrawals (user_id, nominal, status) values
    (${rina.id}, 50000, 'requested'), (${rina.id}, 125000, 'accepted'), (${rina.id}, 75000, 'requested'),
    (${dodi.id}, 50000, 'rejected'), (${dodi.id}, 150000, 'requested'), (${dodi.id}, 90000, 'requested')`);
  await t.ctx.db.execute(sql`insert into withdrawals (user_id, nominal, status)
    select ${rina.id}, 10000 + ((i * 7) % ${SEEDED}) * 1000, (array['requested', 'accepted'])[1 + i % 2]
    from generate_series(1, ${SEEDED}) i`);
});
afterAll(() => t.close());

const read = async (
  path: string,
  query: Record<string, string | number>,
  caller: Caller = admin,
): Promise<Paged<{ id: number }> & { total?: number }> => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<{ id: number }> & { total?: number }>('GET', `${path}?${search}`, {
    token: caller.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: Paged<{ id: number }>) => answer.data.map((row) => row.id);
const inDb = async (from: string, order: string, where = 'true') =>
  (
    await queryRows<{ id: number }>(
      t.ctx.db,
      sql.raw(`select t.id from ${from} where ${where} order by ${order}`),
    )
  ).map((row) => Number(row.id));
const bonusesWhere = (where: string, order = 't.created_at desc, t.id desc') =>
  inDb('bonuses t join users u on u.id = t.user_id', order, where);
const withdrawalsWhere = (where: string, order = 't.created_at desc, t.id desc') =>
  inDb('withdrawals t join users u on u.id = t.user_id', order, where);

describe('searching the bonus list', () => {
  it('finds reasons whatever their case, and an operator also finds members by name and e-mail', async () => {
    const lebaran = await read(API.bonusPerPage, { page: 1, search: 'hadiah lebaran' });
    expect(ids(lebaran)).toEqual(await bonusesWhere(`t.reason ilike '%hadiah lebaran%'`));
    expect(lebaran.data).toHaveLength(2);
    expect(ids(await read(API.bonusPerPage, { page: 1, search: 'rina wulan', per_page: 50 }))).toEqual(
      await bonusesWhere(`t.user_id = ${rina.id}`),
    );
    expect(ids(await read(API.bonusPerPage, { page: 1, search: 'DODI_P@' }))).toEqual(
      await bonusesWhere(`t.user_id = ${dodi.id}`),
    );
  });

  it('reads % and _ as typed, not as wildcards', async () => {
    const percent = await read(API.bonusPerPage, { page: 1, search: '100%' });
    expect(percent.data.map((row) => (row as unknown as { reason: string }).reason)).toEqual([
      'Bonus 100% target',
    ]);
    const underscore = await read(API.bonusPerPage, { page: 1, search: 'a_1' });
    expect(underscore.data.map((row) => (row as unknown as { reason: string }).reason)).toEqual([
      'Juara_1 bulan ini',
    ]);
  });

  it('keeps the sort asked, across a page boundary by cursor', async () => {
    const order = await bonusesWhere(`t.reason ilike '%komisi%'`, 't.nominal desc, t.id desc');
    const first = await read(API.bonusPerPage, { page: 1, search: 'komisi', sort: 'nominal', dir: 'desc' });
    expect(ids(first)).toEqual(order.slice(0, PAGE_SIZE));
    expect(first.meta.total).toBe(SEEDED);
    const next = await read(API.bonusPerPage, {
      page: 2,
      search: 'komisi',
      sort: 'nominal',
      dir: 'desc',
      after: ids(first).at(-1)!,
    });
    expect(ids(next)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it('gives a member only their own rows, searched by reason alone, whoever they name', async () => {
    expect(ids(await read(API.bonusPerPage, { page: 1, search: 'lebaran' }, rina))).toEqual(
      await bonusesWhere(`t.user_id = ${rina.id} and t.reason ilike '%lebaran%'`),
    );
    expect(ids(await read(API.bonusPerPage, { page: 1, search: 'lebaran', user_id: dodi.id }, rina))).toEqual(
      await bonusesWhere(`t.user_id = ${rina.id} and t.reason ilike '%lebaran%'`),
    );
    expect((await read(API.bonusPerPage, { page: 1, search: 'Dodi' }, rina)).data).toEqual([]);
    expect((await read(API.bonusPerPage, { page: 1, search: 'target' }, rina)).data).toHaveLength(1);
  });
});

describe('searching the withdrawal list', () => {
  it('finds members by name and e-mail for reviewers, staff included', async () => {
    for (const caller of [admin, staff])
      expect(ids(await read(API.withdrawHistoriesPerPage, { page: 1, search: 'pratama' }, caller))).toEqual(
        await withdrawalsWhere(`t.user_id = ${dodi.id}`),
      );
    expect(ids(await read(API.withdrawHistoriesPerPage, { page: 1, search: 'Dodi_P' }))).toEqual(
      await withdrawalsWhere(`t.user_id = ${dodi.id}`),
    );
  });

  it('finds amounts as text, typed with or without thousands dots', async () => {
    const expected = await withdrawalsWhere(`t.nominal::text like '%50000%'`);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(ids(await read(API.withdrawHistoriesPerPage, { page: 1, search: '50.000' }))).toEqual(expected);
    expect(ids(await read(API.withdrawHistoriesPerPage, { page: 1, search: '50000' }))).toEqual(expected);
  });

  it('keeps the status filter and the sort together with the search', async () => {
    const page = await read(API.withdrawHistoriesPerPage, {
      page: 1,
      search: 'rina',
      status: 'requested',
      sort: 'nominal',
      dir: 'desc',
    });
    const expected = await withdrawalsWhere(
      `t.user_id = ${rina.id} and t.status = 'requested'`,
      't.nominal desc, t.id desc',
    );
    expect(ids(page)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(page.meta.total).toBe(expected.length);
    const next = await read(API.withdrawHistoriesPerPage, {
      page: 2,
      search: 'rina',
      status: 'requested',
      sort: 'nominal',
      dir: 'desc',
      after: ids(page).at(-1)!,
    });
    expect(ids(next)).toEqual(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it('gives a member only their own rows, searched by amount alone', async () => {
    expect(
      ids(await read(API.withdrawHistoriesPerPage, { page: 1, search: '50000', user_id: dodi.id }, rina)),
    ).toEqual(await withdrawalsWhere(`t.user_id = ${rina.id} and t.nominal::text like '%50000%'`));
    expect((await read(API.withdrawHistoriesPerPage, { page: 1, search: '150000' }, rina)).data).toEqual([]);
    expect((await read(API.withdrawHistoriesPerPage, { page: 1, search: 'pratama' }, rina)).data).toEqual([]);
  });
});

describe('the referral list', () => {
  const referredWhere = (where: string, order: string) =>
    inDb('users t', order, `t.referred_by = ${rina.id} and ${where}`);
  // Read when the tests run, once the referrer exists.
  const income = () => `coalesce((select sum(l.amount) from ledger_entries l where l.kind = 'referral_income'
    and l.user_id = ${rina.id} and l.source_user_id = t.id), 0)`;

  beforeAll(async () => {
    const code = await referralCodeOf(rina.id);
    for (const [firstName, lastName, email] of [
      ['Agus', 'Salim', 'agus.salim@contoh.test'],
      ['citra', 'Dewi', 'citra_x@contoh.test'],
      ['Citra', 'Ayu', 'citrax@contoh.test'],
    ])
      await t.createUser('member', { firstName, lastName, email, referral_code: code });
    await t.createUser('member', {
      firstName: 'Agus',
      lastName: 'Lain',
      referral_code: await referralCodeOf(dodi.id),
    });
    // More referred members than two pages, with names and incomes that do not follow their ids.
    await t.ctx.db
      .execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, referred_by)
      select chr(65 + (i * 7) % 26) || 'ama', 'Ref' || i, 'ref' || ((i * 11) % ${SEEDED}) || '-' || i || '@contoh.test',
        'x', 'sort-ref-' || i, ${rina.id}
      from generate_series(1, ${SEEDED}) i`);
    await t.ctx.db.execute(sql`insert into ledger_entries (user_id, kind, amount, source_user_id)
      select ${rina.id}, 'referral_income', 100 * ((u.id * 13) % ${SEEDED}), u.id
      from users u, generate_series(1, 2) n where u.referred_by = ${rina.id}`);
  });

  it.each([
    ['name', `lower(t.firstname || ' ' || t.lastname) collate "C"`],
    ['email', 't.email'],
    ['income', ''],
  ])(
    'sorts by %s either way, the next page by cursor going on where the first stopped',
    async (key, column) => {
      for (const dir of ['asc', 'desc'] as const) {
        const order = await referredWhere('true', `${column || income()} ${dir}, t.id ${dir}`);
        const first = await read(API.referralPerPage, { page: 1, sort: key, dir }, rina);
        expect(ids(first)).toEqual(order.slice(0, PAGE_SIZE));
        const next = await read(
          API.referralPerPage,
          { page: 2, sort: key, dir, after: ids(first).at(-1)! },
          rina,
        );
        expect(ids(next)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
      }
    },
  );

  it('answers each row with its income, and stays by id without a sort', async () => {
    const page = await read(API.referralPerPage, { page: 1, sort: 'income', dir: 'desc' }, rina);
    const [top] = await queryRows<{ income: string | number }>(
      t.ctx.db,
      sql.raw(`select ${income()} as income from users t where t.id = ${ids(page)[0]!}`),
    );
    expect((page.data[0] as unknown as { income: number }).income).toBe(Number(top!.income));
    expect(ids(await read(API.referralPerPage, { page: 1 }, rina))).toEqual(
      (await referredWhere('true', 't.id')).slice(0, PAGE_SIZE),
    );
  });

  it('searches names and e-mail with % and _ typed literally, and keeps the whole referral total', async () => {
    const [whole] = await queryRows<{ total: string | number }>(
      t.ctx.db,
      sql`select sum(amount) as total from ledger_entries where user_id = ${rina.id} and kind = 'referral_income'`,
    );
    const agus = await read(API.referralPerPage, { page: 1, search: 'AGUS sal' }, rina);
    expect(ids(agus)).toEqual(await referredWhere(`t.firstname = 'Agus'`, 't.id'));
    expect(agus.total).toBe(Number(whole!.total));
    expect(agus.meta.total).toBe(1);
    expect(ids(await read(API.referralPerPage, { page: 1, search: 'a_x' }, rina))).toEqual(
      await referredWhere(`t.email = 'citra_x@contoh.test'`, 't.id'),
    );
    expect(ids(await read(API.referralPerPage, { page: 1, search: 'citra', sort: 'name' }, rina))).toEqual(
      await referredWhere(
        `t.firstname ilike 'citra'`,
        `lower(t.firstname || ' ' || t.lastname) collate "C", t.id`,
      ),
    );
    expect((await read(API.referralPerPage, { page: 1, search: '100%' }, rina)).data).toEqual([]);
  });

  it("never shows a member another referrer's members through a search", async () => {
    const asDodi = await read(API.referralPerPage, { page: 1, search: 'agus', userId: rina.id }, dodi);
    expect(ids(asDodi)).toEqual(await inDb('users t', 't.id', `t.referred_by = ${dodi.id}`));
    expect(asDodi.data).toHaveLength(1);
    // An operator names whose referrals to read.
    expect(ids(await read(API.referralPerPage, { page: 1, search: 'agus', userId: rina.id }))).toEqual(
      await referredWhere(`t.firstname = 'Agus'`, 't.id'),
    );
  });
});
