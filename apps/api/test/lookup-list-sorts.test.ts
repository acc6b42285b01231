import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type LookupRow, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
type Caller = { id: number; token: string };
let dev: Caller;
let staff: Caller;

// More than two pages of ten; a prime, so that figures seeded from i do not follow the ids.
const SEEDED = 29;

beforeAll(async () => {
  t = await startTestApp();
  dev = await t.createUser('dev');
  staff = await t.createUser('staff');
  const [account] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into whatsapp_accounts (user_id, clientid, pushname) values (${staff.id}, 'lookup-sort', 'Toko Sinar')
      returning id`,
  );
  // Both kinds, most jobs the staff member's and every fifth the dev's; a few with no targets yet.
  await t.ctx.db.execute(sql`insert into lookup_jobs (kind, user_id, whatsapp_id, start_number, end_number,
      file_name, count_success, count_fail, position, total, status, created_at)
    select k.kind, case when i % 5 = 0 then ${dev.id}::int else ${staff.id}::int end, ${account!.id}::int,
      case when k.kind = 'generator' then (6281200000000 + ((i * 7) % ${SEEDED}) * 1000)::text end,
      case when k.kind = 'generator' then (6281200000999 + ((i * 7) % ${SEEDED}) * 1000)::text end,
      case when k.kind = 'validator' then (array['Pelanggan', 'daftar', 'Zona'])[1 + i % 3] || '-' || i || '.csv' end,
      (i * 11) % ${SEEDED}, (i * 13) % 7, (i * 3) % 17, case when i % 4 = 0 then 0 else 16 end, 'finished',
      now() - ((i * 17) % ${SEEDED}) * interval '1 hour'
    from generate_series(1, ${SEEDED}) i, (values ('generator'), ('validator')) k(kind)`);
});
afterAll(() => t.close());

const read = async (
  kind: 'generator' | 'validator',
  query: Record<string, string | number>,
  caller: Caller = dev,
): Promise<Paged<LookupRow>> => {
  const search = new URLSearchParams(
    Object.entries({ user_id: 'null', ...query }).map(([key, value]): [string, string] => [
      key,
      String(value),
    ]),
  );
  const answer = await t.call<Paged<LookupRow>>('GET', `${API.lookupPerPage(kind)}?${search}`, {
    token: caller.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: Paged<{ id: number }>) => answer.data.map((row) => row.id);
const inDb = async (kind: string, order: string, where = 'true') =>
  (
    await queryRows<{ id: number }>(
      t.ctx.db,
      sql.raw(`select id from lookup_jobs where kind = '${kind}' and ${where} order by ${order}`),
    )
  ).map((row) => Number(row.id));

const SORTS = [
  ['created', 'created_at'],
  ['target', `lower(coalesce(file_name, start_number, '')) collate "C"`],
  ['success', 'count_success'],
  ['failed', 'count_fail'],
  ['progress', 'case when total > 0 then least(position::float8 / total, 1) else 0 end'],
] as const;

describe.each(['generator', 'validator'] as const)('the %s list', (kind) => {
  it.each(SORTS)(
    'sorts by %s either way, the next page by cursor going on where the first stopped',
    async (key, column) => {
      for (const dir of ['asc', 'desc'] as const) {
        const order = await inDb(kind, `${column} ${dir}, id ${dir}`);
        const first = await read(kind, { page: 1, sort: key, dir });
        expect(ids(first)).toEqual(order.slice(0, PAGE_SIZE));
        expect(first.meta.total).toBe(SEEDED);
        const next = await read(kind, { page: 2, sort: key, dir, after: ids(first).at(-1)! });
        expect(ids(next)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
        const previous = await read(kind, { page: 1, sort: key, dir, before: ids(next)[0]! });
        expect(ids(previous)).toEqual(order.slice(0, PAGE_SIZE));
      }
    },
  );

  it('stays newest first without a sort, or with one it does not know, and takes the page size', async () => {
    const newest = await inDb(kind, 'id desc');
    expect(ids(await read(kind, { page: 1 }))).toEqual(newest.slice(0, PAGE_SIZE));
    expect(ids(await read(kind, { page: 1, sort: 'pushname' }))).toEqual(newest.slice(0, PAGE_SIZE));
    expect(ids(await read(kind, { page: 2, per_page: 25 }))).toEqual(newest.slice(25, 50));
  });

  it('gives staff only their own jobs, sorted and searched', async () => {
    const own = await inDb(kind, 'count_success desc, id desc', `user_id = ${staff.id}`);
    const page = await read(kind, { page: 1, sort: 'success', dir: 'desc', user_id: dev.id }, staff);
    expect(ids(page)).toEqual(own.slice(0, PAGE_SIZE));
    expect(page.meta.total).toBe(own.length);
    const searched = await read(kind, { page: 1, sort: 'success', dir: 'desc', search: 'sinar' }, staff);
    expect(ids(searched)).toEqual(own.slice(0, PAGE_SIZE));
    expect((await read(kind, { page: 1, sort: 'success', search: 'tidak ada' }, staff)).data).toEqual([]);
  });

  it('answers when each job was added', async () => {
    const [row] = (await read(kind, { page: 1, sort: 'created' })).data;
    const [first] = await queryRows<{ created_at: string | Date }>(
      t.ctx.db,
      sql`select created_at from lookup_jobs where id = ${row!.id}`,
    );
    expect(row!.createdAt).toBe(new Date(first!.created_at).toISOString());
  });
});
