import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  ALL_RECEIVERS,
  API,
  PAGE_SIZE,
  PHONE_LIST_LIMIT,
  PHONE_LIST_MAX_LIMIT,
  type Paged,
  type PhoneNumberRow,
} from '@blaster/contract';
import { openDatabase, queryRows } from '../src/db';
import { createScratchDatabase } from '../src/db/scratch';
import { SandboxGateway } from '../src/gateway/sandbox';
import { COUNT_CAP } from '../src/lib/paging';
import { startTestApp, type TestApp } from './support/app';
import { connect } from './support/chat';

type Row = { id: number };
type PageAnswer = Paged<Row> & { meta: { totalCapped?: boolean } };

let t: TestApp;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

type Query = Record<string, string | number | undefined>;
const queryString = (query: Query) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  ).toString();
const page = async (path: string, query: Query = {}) => {
  const search = queryString(query);
  const answer = await t.call<PageAnswer>('GET', `${path}?${search}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: PageAnswer) => answer.data.map((row) => row.id);
const countOf = async (table: string) =>
  Number(
    (
      await queryRows<{ n: string | number }>(
        t.ctx.db,
        sql`select count(*) as n from ${sql.identifier(table)}`,
      )
    )[0]!.n,
  );

/** A multipart upload of one CSV file. */
async function importCsv(csv: string) {
  const boundary = `----paging${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nomor.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: API.phoneImport,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${admin.token}`,
    },
  });
  expect(response.statusCode).toBe(200);
}

describe('exact totals of the phone number list', () => {
  it('stay exact after bulk inserts, deletes, imports, single saves and updates', async () => {
    const total = async () => (await page(API.phonePerPage)).meta.total;
    await t.ctx.db.execute(sql`insert into phone_numbers (number, name)
      select '62813' || lpad(i::text, 8, '0'), 'Massal ' || i from generate_series(1, 3000) i`);
    expect(await total()).toBe(3000);
    await t.ctx.db.execute(sql`delete from phone_numbers where id % 3 = 0`);
    expect(await total()).toBe(await countOf('phone_numbers'));
    expect(await total()).toBe(2000);

    await importCsv(['number,name', '081400000001,Satu', '081400000002,Dua', '081400000003,Tiga'].join('\n'));
    expect(await total()).toBe(2003);
    const saved = await t.call<{ phoneNumber: { id: number } }>('POST', API.phoneSave, {
      token: admin.token,
      body: { number: '081400000004', name: 'Empat' },
    });
    expect(await total()).toBe(2004);
    await t.call('DELETE', API.phoneNumber(saved.body.phoneNumber.id), { token: admin.token });
    expect(await total()).toBe(2003);
    // Updates (what the blast engine does all day) leave the count alone.
    await t.ctx.db.execute(sql`update phone_numbers set count_success = count_success + 1, in_use = 1`);
    const answer = await page(API.phonePerPage);
    expect(answer.meta).toMatchObject({
      total: 2003,
      totalPages: Math.ceil(2003 / PAGE_SIZE),
      totalCapped: false,
    });
    expect(answer.meta.total).toBe(await countOf('phone_numbers'));
  });

  it('start again from nothing after the table is emptied', async () => {
    await t.ctx.db.execute(sql`truncate phone_numbers cascade`);
    expect((await page(API.phonePerPage)).meta).toMatchObject({ total: 0, totalPages: 1 });
    await t.ctx.db.execute(sql`insert into phone_numbers (number, name) values ('6281500000001', 'Baru')`);
    expect((await page(API.phonePerPage)).meta.total).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'stay exact when two connections add and remove rows at the same time (PostgreSQL)',
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      const database = await openDatabase({ databaseUrl: scratch.url });
      const clients = [new pg.Client(scratch.url), new pg.Client(scratch.url)];
      try {
        await Promise.all(clients.map((client) => client.connect()));
        await clients[0]!.query(
          `insert into proxies (value) select 'seed-' || i from generate_series(1, 2000) i`,
        );
        // Both transactions write into the same id block; the second waits for the first's block row.
        const [first, second] = clients as [pg.Client, pg.Client];
        await first.query('begin');
        await second.query('begin');
        await first.query(`insert into proxies (value) select 'first-' || i from generate_series(1, 700) i`);
        const secondInsert = second.query(
          `insert into proxies (value) select 'second-' || i from generate_series(1, 700) i`,
        );
        await first.query(`delete from proxies where value like 'seed-%' and id % 2 = 0`);
        await first.query(`insert into proxies (value) values ('first-last')`);
        await first.query('commit');
        await secondInsert;
        // Which ids the first transaction got depends on timing, so count what this delete removed.
        const removedBySecond = await second.query(
          `delete from proxies where value like 'first-%' and id % 7 = 0`,
        );
        await second.query('commit');
        const [kept] = await queryRows<{ total: string }>(
          database.db,
          sql`select sum(row_count) as total from list_buckets where list = 'proxies'`,
        );
        const [counted] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from proxies`);
        expect(Number(kept!.total)).toBe(Number(counted!.n));
        expect(removedBySecond.rowCount).toBeGreaterThan(0);
        expect(Number(counted!.n)).toBe(2000 + 1401 - 1000 - removedBySecond.rowCount!);
      } finally {
        await Promise.all(clients.map((client) => client.end().catch(() => {})));
        await database.close();
        await scratch.drop();
      }
    },
  );
});

describe('page N by number and by cursor', () => {
  beforeAll(async () => {
    await t.ctx.db.execute(sql`truncate phone_numbers cascade`);
    await t.ctx.db.execute(sql`insert into phone_numbers (number, name)
      select '62816' || lpad(i::text, 8, '0'), 'Halaman ' || i from generate_series(1, 5000) i`);
    // Deletes leave the ids sparse, unevenly across the id blocks.
    await t.ctx.db.execute(
      sql`delete from phone_numbers where id % 7 = 0 or (id % 1024 between 100 and 400)`,
    );
  });

  it('answers the same rows for a page read by number, after the page before, or before the page after', async () => {
    const total = await countOf('phone_numbers');
    const lastPage = Math.ceil(total / PAGE_SIZE);
    const expected = async (n: number) =>
      (
        await queryRows<Row>(
          t.ctx.db,
          sql`select id from phone_numbers order by id desc offset ${(n - 1) * PAGE_SIZE} limit ${PAGE_SIZE}`,
        )
      ).map((row) => row.id);
    for (const n of [1, 2, 37, 150, lastPage - 1, lastPage]) {
      const byNumber = await page(API.phonePerPage, { page: n });
      expect(ids(byNumber)).toEqual(await expected(n));
      expect(byNumber.meta).toMatchObject({ page: n, total, totalPages: lastPage });
      if (n > 1) {
        const previous = await page(API.phonePerPage, { page: n - 1 });
        const next = await page(API.phonePerPage, { page: n, after: ids(previous).at(-1)! });
        expect(ids(next)).toEqual(ids(byNumber));
        expect(next.meta).toEqual(byNumber.meta);
      }
      if (n < lastPage) {
        const following = await page(API.phonePerPage, { page: n + 1 });
        const back = await page(API.phonePerPage, { page: n, before: ids(following)[0]! });
        expect(ids(back)).toEqual(ids(byNumber));
      }
    }
    expect(ids(await page(API.phonePerPage, { page: lastPage + 1 }))).toEqual([]);
  });

  it('continues Next right after the last row seen when new rows arrived meanwhile', async () => {
    const first = await page(API.phonePerPage, { page: 1 });
    await t.ctx.db.execute(sql`insert into phone_numbers (number, name)
      select '62816' || lpad(i::text, 8, '0'), 'Sisipan ' || i from generate_series(90001, 90003) i`);
    const next = await page(API.phonePerPage, { page: 2, after: ids(first).at(-1)! });
    const expected = await queryRows<Row>(
      t.ctx.db,
      sql`select id from phone_numbers where id < ${ids(first).at(-1)!} order by id desc limit ${PAGE_SIZE}`,
    );
    expect(ids(next)).toEqual(expected.map((row) => row.id));
    // Read by number alone, page 2 would repeat three rows already seen on page 1.
    const byNumber = await page(API.phonePerPage, { page: 2 });
    expect(ids(byNumber).filter((id) => ids(first).includes(id))).toHaveLength(3);
    await t.ctx.db.execute(sql`delete from phone_numbers where name like 'Sisipan %'`);
  });

  it('reads by number when the cursor row is gone or the page is the first', async () => {
    const second = await page(API.phonePerPage, { page: 2 });
    const third = await page(API.phonePerPage, { page: 3 });
    await t.call('DELETE', API.phoneNumber(ids(second).at(-1)!), { token: admin.token });
    // The deleted row's id still seeks correctly for a list ordered by id alone.
    const seeked = await page(API.phonePerPage, { page: 3, after: ids(second).at(-1)! });
    expect(ids(seeked)).toEqual(ids(third));
    // Page 1 is always the newest rows, whatever a stale cursor says.
    expect(ids(await page(API.phonePerPage, { page: 1, after: ids(third)[0]! }))).toEqual(
      ids(await page(API.phonePerPage)),
    );
  });

  it('seeks through a list sorted by creation time, with ties, and a filtered one', async () => {
    // 45 members created at the same instant: only the id tells them apart.
    await t.ctx.db
      .execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, created_at)
      select 'Seri', 'No ' || i, 'seri' || i || '@paging.local', 'x', 'SERI' || i, '2030-01-01T00:00:00Z'
      from generate_series(1, 45) i`);
    for (const query of [{}, { search: 'seri' }]) {
      const pages = [1, 2, 3, 4, 5].map((n) => page(API.membersPerPage, { ...query, page: n }));
      const byNumber = await Promise.all(pages);
      const seen = byNumber.flatMap(ids);
      expect(new Set(seen).size).toBe(seen.length);
      for (let n = 2; n <= 4; n += 1) {
        const after = await page(API.membersPerPage, {
          ...query,
          page: n,
          after: ids(byNumber[n - 2]!).at(-1)!,
        });
        const before = await page(API.membersPerPage, { ...query, page: n, before: ids(byNumber[n]!)[0]! });
        expect(ids(after)).toEqual(ids(byNumber[n - 1]!));
        expect(ids(before)).toEqual(ids(byNumber[n - 1]!));
      }
    }
  });
});

describe('capped totals of searched lists', () => {
  beforeAll(async () => {
    const member = await t.createUser('member');
    await t.ctx.db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, state)
      select ${member.id}, 'id-1700000000000-' || i, '62817' || lpad(i::text, 8, '0'),
        case when i <= ${COUNT_CAP + 205} then 'Cari ' || i else 'Lain ' || i end, 'connected'
      from generate_series(1, ${COUNT_CAP + 215}) i`);
  });

  it('counts a search only so far and says so; the unfiltered list stays exact', async () => {
    const searched = await page(API.whatsappPerPage, { search: 'Cari' });
    expect(searched.meta).toEqual({
      page: 1,
      total: COUNT_CAP,
      totalPages: COUNT_CAP / PAGE_SIZE,
      totalCapped: true,
    });
    expect(searched.data).toHaveLength(PAGE_SIZE);
    const all = await page(API.whatsappPerPage);
    expect(all.meta).toMatchObject({ total: COUNT_CAP + 215, totalCapped: false });

    // Past the counted rows a page knows itself and whether another follows.
    const deep = await page(API.whatsappPerPage, { search: 'Cari', page: COUNT_CAP / PAGE_SIZE + 1 });
    expect(deep.meta).toMatchObject({ totalCapped: true, totalPages: COUNT_CAP / PAGE_SIZE + 2 });
    const last = COUNT_CAP / PAGE_SIZE + 21;
    const end = await page(API.whatsappPerPage, { search: 'Cari', page: last });
    expect(end.data).toHaveLength(5);
    expect(end.meta).toEqual({ page: last, total: COUNT_CAP + 205, totalPages: last, totalCapped: false });
  });

  it('answers a short search exactly', async () => {
    const answer = await page(API.whatsappPerPage, { search: 'Lain' });
    expect(answer.meta).toEqual({ page: 1, total: 10, totalPages: 1, totalCapped: false });
  });
});

describe('the limited phone number list', () => {
  beforeAll(async () => {
    await t.ctx.db.execute(sql`truncate phone_numbers cascade`);
    await t.ctx.db.execute(sql`insert into phone_numbers (number, name, status)
      select '62818' || lpad(i::text, 8, '0'), case when i % 2 = 0 then 'Budi ' || i else 'ani ' || i end,
        case when i % 10 = 0 then 'nonactive' else 'active' end
      from generate_series(1, 1500) i`);
  });
  const list = async (query: Query = {}) => {
    const search = queryString(query);
    const answer = await t.call<{ list: PhoneNumberRow[] }>('GET', `${API.phoneList}?${search}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    return answer.body.list;
  };

  it('answers the newest rows up to its limit', async () => {
    const first = await list();
    expect(first).toHaveLength(PHONE_LIST_LIMIT);
    expect(first[0]!.number).toBe('6281800001500');
    expect(await list({ limit: 3 })).toHaveLength(3);
    expect(await list({ limit: 100_000 })).toHaveLength(PHONE_LIST_MAX_LIMIT);
    // Walking with `after` reads every row once.
    const walked: PhoneNumberRow[] = [];
    for (let slice = await list({ limit: PHONE_LIST_MAX_LIMIT }); slice.length;) {
      walked.push(...slice);
      slice = await list({ limit: PHONE_LIST_MAX_LIMIT, after: slice.at(-1)!.id });
    }
    expect(new Set(walked.map((row) => row.id)).size).toBe(1500);
  });

  it('searches numbers by prefix as typed (0 for 62) and names by prefix ignoring case', async () => {
    const numbers = await list({ search: '0818-0000-012', status: 'active' });
    expect(numbers.map((row) => row.number)).toEqual(
      Array.from({ length: 9 }, (_, i) => `628180000012${i + 1}`),
    );
    expect((await list({ search: '6281800001499' })).map((row) => row.name)).toEqual(['ani 1499']);
    const names = await list({ search: 'BUDI 14', status: 'active' });
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((row) => row.name.startsWith('Budi 14') && row.status === 'active')).toBe(true);
    expect(names).toHaveLength(
      Array.from({ length: 1500 }, (_, i) => i + 1).filter(
        (i) => i % 2 === 0 && i % 10 !== 0 && String(i).startsWith('14'),
      ).length,
    );
    expect(await list({ search: '%' })).toEqual([]);
  });

  it('pages a search of the full list in number order, by number or by cursor, and filters by status', async () => {
    const numbersOf = (answer: PageAnswer) =>
      (answer.data as unknown as PhoneNumberRow[]).map((row) => row.number);
    const first = await page(API.phonePerPage, { search: '0818-0000-01' });
    // 6281800000100…6281800000199: 100 numbers in ten pages, counted exactly.
    expect(first.meta).toMatchObject({ total: 100, totalPages: 10, totalCapped: false });
    expect(numbersOf(first)).toEqual(
      Array.from({ length: 10 }, (_, i) => `62818000001${String(i).padStart(2, '0')}`),
    );
    const third = await page(API.phonePerPage, { search: '0818-0000-01', page: 3 });
    const second = await page(API.phonePerPage, { search: '0818-0000-01', page: 2 });
    expect(
      ids(await page(API.phonePerPage, { search: '0818-0000-01', page: 3, after: ids(second).at(-1)! })),
    ).toEqual(ids(third));
    expect(
      ids(await page(API.phonePerPage, { search: '0818-0000-01', page: 2, before: ids(third)[0]! })),
    ).toEqual(ids(second));

    const named = await page(API.phonePerPage, { search: 'budi 149', status: 'active' });
    expect((named.data as unknown as PhoneNumberRow[]).map((row) => row.name)).toEqual([
      'Budi 1492',
      'Budi 1494',
      'Budi 1496',
      'Budi 1498',
    ]);
    const off = await page(API.phonePerPage, { status: 'nonactive' });
    expect(off.meta.total).toBe(150);
    expect((off.data as unknown as PhoneNumberRow[]).every((row) => row.status === 'nonactive')).toBe(true);
    expect(numbersOf(off)[0]).toBe('6281800001500');
    expect((await page(API.phonePerPage, { search: '%' })).data).toEqual([]);
    // A status the list does not know is no filter at all.
    expect((await page(API.phonePerPage, { status: 'gone' })).meta.total).toBe(1500);
  });
});

describe("the blaster's 'All' receivers", () => {
  it('sends to every active number, read on the server', async () => {
    const gateway = new SandboxGateway({ seed: 11, timeScale: 0.001 });
    const app = await startTestApp({}, { gateway });
    try {
      const operator = await app.createUser('admin');
      const { deviceId } = await connect(app, operator, 'qr');
      await app.ctx.db.execute(sql`insert into phone_numbers (number, name, status)
        select '62819' || lpad(i::text, 8, '0'), 'Semua ' || i, case when i = 3 then 'nonactive' else 'active' end
        from generate_series(1, 5) i`);
      const sent = await app.call<{ sent: number; failed: number }>('POST', API.whatsappSendMessage, {
        token: operator.token,
        body: { senders: deviceId, targets: ALL_RECEIVERS, message: 'Halo semua' },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.sent + sent.body.failed).toBe(4);
      const reached = gateway.delivered.filter((d) => d.deviceId === deviceId).map((d) => d.to);
      expect(reached).not.toContain('6281900000003');
    } finally {
      await app.close();
    }
  });
});
