import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };

/** More than two pages of 25 rows in each list (a prime, so the seeded times do not repeat). */
const SEEDED = 61;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  await t.ctx.db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    select 'Anggota', i::text, 'anggota' || i || '@example.test', 'x', 'REF' || lpad(i::text, 5, '0')
    from generate_series(1, ${SEEDED}) i`);
  await t.ctx.db.execute(sql`insert into whatsapp_accounts (user_id, clientid)
    select ${admin.id}, 'client-' || i from generate_series(1, ${SEEDED}) i`);
  // Written in an order unlike their times', so that the time sort is seen to read the time.
  await t.ctx.db.execute(sql`insert into audit_entries (action, target_type, instance, created_at)
    select 'user.update', 'user', 'test', now() - ((i * 7) % ${SEEDED}) * interval '1 minute'
    from generate_series(1, ${SEEDED}) i`);
});
afterAll(() => t.close());

const read = async (path: string, query: Record<string, string | number>) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<{ id: number }>>('GET', `${path}?${search}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe.each([
  ['members', API.membersPerPage],
  ['chat accounts', API.whatsappPerPage],
  ['audit trail', API.auditPerPage],
])("the %s list's 'Baris per halaman'", (_list, path) => {
  it('answers as many rows as chosen, page after page, with the pages counted for that size', async () => {
    const first = await read(path, { page: 1, per_page: 25 });
    expect(first.data).toHaveLength(25);
    expect(first.meta.totalPages).toBe(Math.ceil(first.meta.total / 25));
    const second = await read(path, { page: 2, per_page: 25 });
    expect(second.data).toHaveLength(25);
    // The second page goes on where the first stopped.
    expect(second.data.map((row) => row.id)).not.toContain(first.data[0]!.id);
    const ten = await read(path, { page: 1 });
    expect(ten.data).toHaveLength(PAGE_SIZE);
    expect(ten.data.map((row) => row.id)).toEqual(first.data.slice(0, PAGE_SIZE).map((row) => row.id));
  });
});

describe('sorting the audit trail by time', () => {
  const entryIds = async (order: string) =>
    (
      await queryRows<{ id: number | string }>(
        t.ctx.db,
        sql.raw(`select id from audit_entries order by ${order}`),
      )
    ).map((row) => Number(row.id)); // PostgreSQL's driver reads a bigint as text
  const shown = async (query: Record<string, string | number>) =>
    (await read(API.auditPerPage, query)).data.map((row) => row.id);

  it('is newest first by default and with dir=desc, oldest first ascending, page after page', async () => {
    const newest = await entryIds('created_at desc, id desc');
    expect(await shown({ page: 1 })).toEqual(newest.slice(0, PAGE_SIZE));
    expect(await shown({ page: 1, sort: 'time', dir: 'desc' })).toEqual(newest.slice(0, PAGE_SIZE));
    const oldest = await entryIds('created_at, id');
    expect(await shown({ page: 2, sort: 'time', per_page: 25 })).toEqual(oldest.slice(25, 50));
  });
});
