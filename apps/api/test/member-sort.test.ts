import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type MemberRow, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };

// Names in mixed case, registered in an order unlike the names', so each sort is told apart.
const SEEDED = 37;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  await t.ctx.db.execute(sql`insert into users
    (firstname, lastname, email, password_hash, referral_code, created_at)
    select (array['delta', 'Alpha', 'charlie', 'Bravo', 'echo'])[1 + i % 5], 'Anggota ' || i,
      'm' || lpad(((i * 7) % ${SEEDED})::text, 3, '0') || '@example.test', 'x', 'SORT' || i,
      now() - ((i * 11) % ${SEEDED}) * interval '1 hour'
    from generate_series(1, ${SEEDED}) i`);
});
afterAll(() => t.close());

const page = async (query: Record<string, string | number>) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<MemberRow>>('GET', `${API.membersPerPage}?${search}`, {
    token: admin.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: Paged<MemberRow>) => answer.data.map((row) => row.id);
const inDb = async (order: string) =>
  (
    await queryRows<{ id: number }>(
      t.ctx.db,
      sql.raw(`select id from users where role = 'member' order by ${order}`),
    )
  ).map((row) => row.id);

describe('sorting the member list', () => {
  it('without a sort is the newest members first, as before', async () => {
    expect(ids(await page({ page: 1 }))).toEqual(
      (await inDb('created_at desc, id desc')).slice(0, PAGE_SIZE),
    );
  });

  it('by name, ignoring case, both ways, and the next page by cursor goes on where the first stopped', async () => {
    const byName = await inDb(`lower(firstname || ' ' || lastname) collate "C", id`);
    const first = await page({ page: 1, sort: 'name' });
    expect(ids(first)).toEqual(byName.slice(0, PAGE_SIZE));
    const next = await page({ page: 2, sort: 'name', after: ids(first).at(-1)! });
    expect(ids(next)).toEqual(byName.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(ids(await page({ page: 1, sort: 'name', dir: 'desc' }))).toEqual(
      [...byName].reverse().slice(0, PAGE_SIZE),
    );
  });

  it('by e-mail and by registration date, 25 to a page', async () => {
    expect(ids(await page({ page: 1, sort: 'email', per_page: 25 }))).toEqual(
      (await inDb('email, id')).slice(0, 25),
    );
    expect(ids(await page({ page: 2, sort: 'created', per_page: 25 }))).toEqual(
      (await inDb('created_at, id')).slice(25, 50),
    );
  });

  it('ignores a sort it does not know, like a stale cursor', async () => {
    expect(ids(await page({ page: 1, sort: 'password_hash', dir: 'sideways' }))).toEqual(
      (await inDb('created_at desc, id desc')).slice(0, PAGE_SIZE),
    );
  });
});
