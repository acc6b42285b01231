import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
let member: { id: number; token: string };

// More than two pages of ten; a prime, so that texts, figures and times seeded from i do not follow the ids.
const SEEDED = 29;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  member = await t.createUser('member');
  // Captions in mixed case, some the same but for case, with a button on every third; the dates
  // out of id order.
  await t.ctx.db.execute(sql`insert into message_templates (text, text_wa, button, status, created_at)
    select '<p>Promo ' || i || '</p>',
      (array['Promo', 'promo', 'Diskon', 'zaman', 'Áva'])[1 + (i * 7) % 5] || ' ' || ((i * 3) % ${SEEDED}),
      case when i % 3 = 0 then jsonb_build_array(jsonb_build_object('title', 'Beli ' || i, 'url', '', 'type', 'reply_button')) else '[]'::jsonb end,
      (array['active', 'nonactive'])[1 + i % 2],
      now() - ((i * 11) % ${SEEDED}) * interval '1 hour'
    from generate_series(1, ${SEEDED}) i`);
  await t.ctx.db.execute(sql`insert into proxies (value, status, created_at)
    select case when i % 2 = 0 then 'http://user' || i || ':rahasia@10.2.0.' || ((i * 7) % ${SEEDED}) || ':' || (3000 + i)
      else 'Socks5://10.3.0.' || i || ':1080' end,
      (array['active', 'nonactive', 'in use'])[1 + i % 3],
      now() - ((i * 11) % ${SEEDED}) * interval '1 hour'
    from generate_series(1, ${SEEDED}) i`);
  // Texts a search would read as wildcards, and one that only differs by them.
  await t.ctx.db.execute(sql`insert into message_templates (text, text_wa) values
    ('<p>Hemat 50% hari ini</p>', 'Hemat 50% hari ini'), ('<p>Hemat 50 hari</p>', 'Hemat 50 hari'),
    ('<p>kode_promo</p>', 'kode_promo'), ('<p>kodeXpromo</p>', 'kodeXpromo')`);
  await t.ctx.db.execute(
    sql`insert into proxies (value) values ('http://a_b.example:8080'), ('http://axb.example:8080')`,
  );
});
afterAll(() => t.close());

type Row = { id: number };
const read = async <R = Row>(
  path: string,
  query: Record<string, string | number>,
  token = admin.token,
): Promise<Paged<R>> => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<R>>('GET', `${path}?${search}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: Paged<Row>) => answer.data.map((row) => row.id);
const inDb = async (table: string, order: string, where = 'true', key = 'id') =>
  (
    await queryRows<{ key: number | string }>(
      t.ctx.db,
      sql.raw(`select ${key} as key from ${table} where ${where} order by ${order}`),
    )
  ).map((row) => (key === 'id' ? Number(row.key) : row.key));

/** Each sort key the list offers, with the order its index holds in SQL. */
type Sorts = [key: string, column: string][];

describe.each<[string, string, string, Sorts]>([
  [
    'template',
    'message_templates',
    API.messagePerPage,
    [
      ['caption', `lower(left(text_wa, 200)) collate "C"`],
      ['status', 'status'],
      ['created', 'created_at'],
    ],
  ],
  [
    'proxy',
    'proxies',
    API.proxyPerPage,
    [
      ['value', `lower(value) collate "C"`],
      ['status', 'status'],
      ['created', 'created_at'],
    ],
  ],
])('sorting the %s list', (_list, table, path, sorts) => {
  it('stays newest first without a sort, or with one it does not know', async () => {
    const newest = (await inDb(table, 'id desc')).slice(0, PAGE_SIZE);
    expect(ids(await read(path, { page: 1 }))).toEqual(newest);
    expect(ids(await read(path, { page: 1, sort: 'count_use' }))).toEqual(newest);
  });

  it.each(sorts)(
    'by %s either way, the next page by cursor going on where the first stopped',
    async (key, column) => {
      for (const dir of ['asc', 'desc'] as const) {
        const order = await inDb(table, `${column} ${dir}, id ${dir}`);
        const first = await read(path, { page: 1, sort: key, dir });
        expect(ids(first)).toEqual(order.slice(0, PAGE_SIZE));
        expect(first.meta.total).toBe(order.length);
        const next = await read(path, { page: 2, sort: key, dir, after: ids(first).at(-1)! });
        expect(ids(next)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
        const back = await read(path, { page: 1, sort: key, dir, before: ids(next)[0]! });
        expect(ids(back)).toEqual(ids(first));
      }
    },
  );

  it('sorts one status only when filtered by it', async () => {
    const [key, column] = sorts[0]!;
    const page = await read(path, { page: 1, status: 'active', sort: key, dir: 'desc' });
    const expected = await inDb(table, `${column} desc, id desc`, `status = 'active'`);
    expect(ids(page)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(page.meta.total).toBe(expected.length);
  });

  it('is refused to a member', async () => {
    const answer = await t.call('GET', `${path}?sort=status&search=a`, { token: member.token });
    expect(answer.status).toBe(403);
  });
});

describe('searching the template list', () => {
  const found = async (search: string, more: Record<string, string> = {}) =>
    ids(await read(API.messagePerPage, { page: 1, per_page: 100, search, ...more }));

  it('finds the text in the caption whatever its case, newest first and counted', async () => {
    const expected = await inDb('message_templates', 'id desc', `text_wa ilike '%promo%'`);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(await found('PROMO')).toEqual(expected);
    const page = await read(API.messagePerPage, { page: 1, search: 'pRoMo' });
    expect(page.meta.total).toBe(expected.length);
    expect(page.data.every((row) => /promo/i.test((row as unknown as { text_wa: string }).text_wa))).toBe(
      true,
    );
  });

  it("finds a button's title, and not the words of the HTML caption", async () => {
    expect(await found('beli 9')).toEqual(
      await inDb('message_templates', 'id desc', `button::text like '%Beli 9"%'`),
    );
    expect(await found('</p>')).toEqual([]);
  });

  it('reads % and _ as the letters typed', async () => {
    expect(await found('50%')).toEqual(
      await inDb('message_templates', 'id desc', `text_wa = 'Hemat 50% hari ini'`),
    );
    expect(await found('kode_')).toEqual(
      await inDb('message_templates', 'id desc', `text_wa = 'kode_promo'`),
    );
  });

  it('searches within a status and in the sort asked', async () => {
    expect(await found('diskon', { status: 'nonactive', sort: 'created', dir: 'desc' })).toEqual(
      await inDb(
        'message_templates',
        'created_at desc, id desc',
        `status = 'nonactive' and text_wa ilike '%diskon%'`,
      ),
    );
  });
});

describe('searching the proxy list', () => {
  const found = async (search: string, more: Record<string, string> = {}) =>
    ids(await read(API.proxyPerPage, { page: 1, per_page: 100, search, ...more }));

  it('finds a host, a port or a user name whatever its case', async () => {
    expect(await found('SOCKS5://10.3.0.1')).toEqual(
      await inDb('proxies', 'id desc', `value like 'Socks5://10.3.0.1%'`),
    );
    expect(await found(':3004')).toEqual(await inDb('proxies', 'id desc', `value like '%:3004'`));
    expect(await found('USER1')).toEqual(await inDb('proxies', 'id desc', `value like 'http://user1%'`));
  });

  it('reads _ as the letter typed, and searches in the sort and status asked', async () => {
    expect(await found('a_b')).toEqual(await inDb('proxies', 'id desc', `value = 'http://a_b.example:8080'`));
    expect(await found('10.2.', { status: 'in use', sort: 'value' })).toEqual(
      await inDb('proxies', `lower(value) collate "C", id`, `status = 'in use' and value like '%10.2.%'`),
    );
  });
});

describe('the level list', () => {
  type LevelRow = { id: number; name: string; color: string | null };
  beforeAll(async () => {
    await t.ctx.db.execute(sql`update settings set colors = 'red, green, blue'`);
    await t.ctx.db.execute(sql`insert into levels (name, blast_fee, requirement_blast)
      select (array['Gold', 'silver', 'Bronze', 'gold_plus'])[1 + i % 4] || ' ' || i, 100 + (i * 7) % ${SEEDED}, (i * 11) % ${SEEDED}
      from generate_series(1, ${SEEDED}) i`);
  });
  const levelIds = (answer: Paged<LevelRow>) => answer.data.map((row) => row.id);

  it('is in requirement order by default, and sorts by name, fee and required blasts either way', async () => {
    expect(levelIds(await read<LevelRow>(API.levelPerPage, { page: 1 }))).toEqual(
      (await inDb('levels', 'requirement_blast, id')).slice(0, PAGE_SIZE),
    );
    for (const [key, column] of [
      ['name', `lower(name) collate "C"`],
      ['blast_fee', 'blast_fee'],
      ['requirement_blast', 'requirement_blast'],
    ] as const)
      for (const dir of ['asc', 'desc']) {
        const order = await inDb('levels', `${column} ${dir}, id ${dir}`);
        expect(levelIds(await read<LevelRow>(API.levelPerPage, { page: 2, sort: key, dir }))).toEqual(
          order.slice(PAGE_SIZE, 2 * PAGE_SIZE),
        );
      }
  });

  it("keeps each level's colour, which its place in requirement order picks, in any sort or search", async () => {
    const all = await read<LevelRow>(API.levelPerPage, { page: 1, per_page: 100 });
    const colorOf = new Map(all.data.map((row) => [row.id, row.color]));
    expect(all.data.slice(0, 4).map((row) => row.color)).toEqual(['red', 'green', 'blue', 'red']);
    const sorted = await read<LevelRow>(API.levelPerPage, {
      page: 1,
      per_page: 100,
      sort: 'name',
      search: 'GOLD',
    });
    expect(sorted.data.length).toBeGreaterThan(0);
    for (const row of sorted.data) expect(row.color).toBe(colorOf.get(row.id));
  });

  it('finds names whatever their case, reading _ as the letter typed, counted as such', async () => {
    const gold = await read<LevelRow>(API.levelPerPage, { page: 1, search: 'gOLD' });
    const expected = await inDb('levels', 'requirement_blast, id', `name ilike '%gold%'`);
    expect(levelIds(gold)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(gold.meta.total).toBe(expected.length);
    const plus = await read<LevelRow>(API.levelPerPage, { page: 1, per_page: 100, search: 'd_p' });
    expect(levelIds(plus)).toEqual(await inDb('levels', 'requirement_blast, id', `name like 'gold\\_plus%'`));
  });

  it('is refused to a member', async () => {
    const answer = await t.call('GET', `${API.levelPerPage}?sort=name`, { token: member.token });
    expect(answer.status).toBe(403);
  });
});

describe('sorting the suppression list', () => {
  type SuppressionRow = { number: string };
  beforeAll(async () => {
    await t.ctx.db.execute(sql`insert into suppressions (number, reason, created_at)
      select '628' || lpad(((i * 7919) % 100000)::text, 9, '0'), (array['reply', 'manual'])[1 + i % 2],
        now() - ((i * 11) % ${SEEDED}) * interval '1 hour'
      from generate_series(1, ${SEEDED}) i`);
  });
  const numbers = (answer: Paged<SuppressionRow>) => answer.data.map((row) => row.number);
  const numbersInDb = (order: string, where?: string) => inDb('suppressions', order, where, 'number');

  it('is newest first by default, and by number, reason or date either way on request', async () => {
    expect(numbers(await read<SuppressionRow>(API.suppressionPerPage, { page: 1 }))).toEqual(
      (await numbersInDb('created_at desc, number desc')).slice(0, PAGE_SIZE),
    );
    for (const [key, column] of [
      ['number', 'number'],
      ['reason', 'reason'],
      ['created', 'created_at'],
    ] as const)
      for (const dir of ['asc', 'desc']) {
        const order = await numbersInDb(`${column} ${dir}, number ${dir}`);
        const page = await read<SuppressionRow>(API.suppressionPerPage, { page: 2, sort: key, dir });
        expect(numbers(page)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
        expect(page.meta.total).toBe(SEEDED);
      }
  });

  it("sorts the numbers a search finds by their start, and ignores a sort it doesn't know", async () => {
    const page = await read<SuppressionRow>(API.suppressionPerPage, {
      page: 1,
      per_page: 100,
      search: '08',
      sort: 'reason',
      dir: 'desc',
    });
    expect(numbers(page)).toEqual(await numbersInDb('reason desc, number desc', `number like '628%'`));
    expect(numbers(await read<SuppressionRow>(API.suppressionPerPage, { page: 1, sort: 'note' }))).toEqual(
      (await numbersInDb('created_at desc, number desc')).slice(0, PAGE_SIZE),
    );
  });

  it('is refused to a member', async () => {
    const answer = await t.call('GET', `${API.suppressionPerPage}?sort=number`, { token: member.token });
    expect(answer.status).toBe(403);
  });
});
