import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API,
  BULK_MAX_IDS,
  MAX_PAGE_SIZE,
  MESSAGE_TEXT as MSG,
  PAGE_SIZE,
  type AuditEntry,
  type Paged,
  type PhoneNumberWithConsentRow as PhoneRow,
} from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };

// Names in mixed case ('delta', 'Alpha', 'charlie', 'Bravo', 'echo'), so that the name sort is seen
// to ignore case.
const SEEDED = 130;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  await t.ctx.db.execute(sql`insert into phone_numbers (number, name)
    select '62815' || lpad(((i * 37) % ${SEEDED})::text, 8, '0'),
      (array['delta', 'Alpha', 'charlie', 'Bravo', 'echo'])[1 + i % 5] || ' ' || i
    from generate_series(0, ${SEEDED - 1}) i`);
});
afterAll(() => t.close());

const page = async (query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<PhoneRow>>('GET', `${API.phonePerPage}?${search}`, {
    token: admin.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};
const column = (answer: Paged<PhoneRow>, key: 'number' | 'name' | 'id') => answer.data.map((row) => row[key]);
const inDb = (order: string) =>
  queryRows<{ id: number; number: string; name: string }>(
    t.ctx.db,
    sql.raw(`select id, number, name from phone_numbers order by ${order}`),
  );
const bulk = (body: unknown, token = admin.token) =>
  t.call<{ count: number; msg: string }>('POST', API.phoneBulk, { token, body });

describe('sorting the phone number list', () => {
  it('without a sort is the newest numbers first, ten to a page, as before', async () => {
    const answer = await page();
    const newest = await inDb('id desc');
    expect(column(answer, 'id')).toEqual(newest.slice(0, PAGE_SIZE).map((row) => row.id));
    expect(answer.meta.totalPages).toBe(Math.ceil(newest.length / PAGE_SIZE));
  });

  it('by number, ascending and descending, page after page', async () => {
    const ascending = (await inDb('number asc')).map((row) => row.number);
    const first = await page({ sort: 'number' });
    expect(column(first, 'number')).toEqual(ascending.slice(0, PAGE_SIZE));
    // Next carries the last row's id: the seek continues in the sort order.
    const next = await page({ sort: 'number', page: 2, after: first.data.at(-1)!.id });
    expect(column(next, 'number')).toEqual(ascending.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const byNumber = await page({ sort: 'number', page: 3 });
    expect(column(byNumber, 'number')).toEqual(ascending.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));

    const descending = await page({ sort: 'number', dir: 'desc' });
    expect(column(descending, 'number')).toEqual([...ascending].reverse().slice(0, PAGE_SIZE));
    // Sorted, the whole list is still counted exactly.
    expect(descending.meta).toMatchObject({ total: SEEDED, totalCapped: false });
  });

  it('by name ignoring case, ascending and descending', async () => {
    const ascending = await page({ sort: 'name', per_page: 25 });
    const names = column(ascending, 'name') as string[];
    expect(names[0]!.startsWith('Alpha')).toBe(true);
    const lower = names.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const descending = column(await page({ sort: 'name', dir: 'desc', per_page: 25 }), 'name') as string[];
    expect(descending[0]!.startsWith('echo')).toBe(true);
    const lowerDescending = descending.map((name) => name.toLowerCase());
    expect(lowerDescending).toEqual([...lowerDescending].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('ignores a sort it does not offer instead of refusing the page', async () => {
    const answer = await page({ sort: 'count_success', dir: 'sideways' });
    expect(column(answer, 'id')).toEqual((await inDb('id desc')).slice(0, PAGE_SIZE).map((row) => row.id));
  });
});

describe('page size of a list', () => {
  it('is honoured for each choice and the pager counts pages of that size', async () => {
    for (const size of [25, 50, 100]) {
      const answer = await page({ per_page: size });
      expect(answer.data).toHaveLength(size);
      expect(answer.meta.totalPages).toBe(Math.ceil(SEEDED / size));
    }
    const sorted = await page({ sort: 'number', per_page: 50, page: 3 });
    expect(sorted.data).toHaveLength(SEEDED - 100);
  });

  it('is capped at the largest choice and rounded down to a choice', async () => {
    expect((await page({ per_page: 100_000 })).data).toHaveLength(MAX_PAGE_SIZE);
    expect((await page({ per_page: 30 })).data).toHaveLength(25);
    expect((await page({ per_page: 'many' })).data).toHaveLength(PAGE_SIZE);
  });

  it('applies to other lists too (the audit trail)', async () => {
    const answer = await t.call<Paged<AuditEntry>>('GET', `${API.auditPerPage}?per_page=25`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.totalPages).toBe(Math.max(1, Math.ceil((answer.body.meta.total ?? 0) / 25)));
  });
});

describe('bulk actions on the phone number list', () => {
  const auditOf = async (action: string) => {
    const answer = await t.call<Paged<AuditEntry>>('GET', `${API.auditPerPage}?action=${action}`, {
      token: admin.token,
    });
    return answer.body.data;
  };

  it('delete the chosen numbers at once, recorded in the audit trail', async () => {
    const chosen = (await page({ sort: 'number' })).data.slice(0, 3);
    const answer = await bulk({ ids: [...chosen.map((row) => row.id), 999_999], action: 'delete' });
    expect(answer).toMatchObject({ status: 200, body: { count: 3 } });
    const left = await inDb('id');
    expect(left.some((row) => chosen.some((gone) => gone.id === row.id))).toBe(false);
    expect((await page()).meta.total).toBe(left.length);
    const [entry] = await auditOf('phone.bulk_delete');
    expect(entry?.before).toEqual({ numbers: chosen.map((row) => row.number).sort() });
  });

  it('suppress the chosen numbers: on the suppression list, marked, told to receivers', async () => {
    await t.ctx.db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
      values ('https://receiver.example/hook', 'whsec_test', array['number.opted_out'])`);
    const chosen = (await page({ sort: 'name' })).data.slice(0, 4);
    const ids = chosen.map((row) => row.id);
    const answer = await bulk({ ids, action: 'suppress' });
    expect(answer).toMatchObject({ status: 200, body: { count: 4 } });
    const marked = await page({ sort: 'name' });
    expect(marked.data.filter((row) => ids.includes(row.id)).every((row) => row.suppressed)).toBe(true);
    const listed = await queryRows<{ reason: string }>(
      t.ctx.db,
      sql`select reason from suppressions where number in (${sql.join(
        chosen.map((row) => sql`${row.number}`),
        sql`, `,
      )})`,
    );
    expect(listed.map((row) => row.reason)).toEqual(['manual', 'manual', 'manual', 'manual']);
    const events = await queryRows<{ sequence: number }>(
      t.ctx.db,
      sql`select sequence from webhook_events where type = 'number.opted_out' order by sequence`,
    );
    expect(new Set(events.map((row) => Number(row.sequence))).size).toBe(4);
    const [entry] = await auditOf('phone.bulk_suppress');
    expect(entry?.after).toEqual({ numbers: chosen.map((row) => row.number).sort() });
    // Already on the list: nothing changes the second time.
    expect((await bulk({ ids, action: 'suppress' })).body.count).toBe(0);
  });

  it('are refused to staff and members, as a single delete is', async () => {
    const target = (await page()).data[0]!.id;
    for (const role of ['staff', 'member'] as const) {
      const user = await t.createUser(role);
      const answer = await bulk({ ids: [target], action: 'delete' }, user.token);
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe(MSG.forbidden);
    }
    expect((await t.call('POST', API.phoneBulk, { body: { ids: [target], action: 'delete' } })).status).toBe(
      401,
    );
    expect((await inDb('id')).some((row) => row.id === target)).toBe(true);
  });

  it('check what they are given', async () => {
    const none = await bulk({ ids: [], action: 'delete' });
    expect(none).toMatchObject({ status: 400, body: { msg: MSG.bulkNoneChosen } });
    const tooMany = await bulk({
      ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1),
      action: 'delete',
    });
    expect(tooMany).toMatchObject({ status: 400, body: { msg: MSG.bulkTooMany } });
    for (const body of [
      { ids: [1], action: 'archive' },
      { ids: ['abc'], action: 'delete' },
      { ids: 5, action: 'delete' },
    ]) {
      const answer = await bulk(body);
      expect(answer).toMatchObject({ status: 400, body: { msg: MSG.invalidRequest } });
    }
    expect((await inDb('id')).length).toBe(SEEDED - 3);
  });
});
