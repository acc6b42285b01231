import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, PAGE_SIZE, type Paged } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
let member: { id: number; token: string };

// More than two pages of ten; a prime, so that figures and times seeded from i do not follow the ids.
const SEEDED = 29;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  member = await t.createUser('member');
  await t.ctx.db
    .execute(sql`insert into whatsapp_accounts (user_id, clientid, count_success, count_fail, income)
    select ${admin.id}, 'sort-' || i, (i * 7) % ${SEEDED}, (i * 11) % ${SEEDED}, ((i * 13) % ${SEEDED}) * 50
    from generate_series(1, ${SEEDED}) i`);
  // Bonuses and withdrawals of the admin, plus a few of the member's own to tell the owners apart.
  for (const table of ['bonuses', 'withdrawals'] as const) {
    const extra = table === 'bonuses' ? sql`, reason` : sql`, status`;
    const extraValue =
      table === 'bonuses'
        ? sql`, 'Bonus ' || i`
        : sql`, (array['requested', 'accepted', 'rejected'])[1 + i % 3]`;
    await t.ctx.db.execute(sql`insert into ${sql.identifier(table)} (user_id, nominal, created_at ${extra})
      select case when i % 5 = 0 then ${member.id}::int else ${admin.id}::int end, 10000 + ((i * 7) % ${SEEDED}) * 1000,
        now() - ((i * 11) % ${SEEDED}) * interval '1 hour' ${extraValue}
      from generate_series(1, ${SEEDED}) i`);
  }
});
afterAll(() => t.close());

const read = async (
  path: string,
  query: Record<string, string | number>,
  token = admin.token,
): Promise<Paged<{ id: number }>> => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const answer = await t.call<Paged<{ id: number }>>('GET', `${path}?${search}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const ids = (answer: Paged<{ id: number }>) => answer.data.map((row) => row.id);
const inDb = async (table: string, order: string, where = 'true') =>
  (
    await queryRows<{ id: number }>(
      t.ctx.db,
      sql.raw(`select id from ${table} where ${where} order by ${order}`),
    )
  ).map((row) => Number(row.id));

describe('sorting the chat-account list', () => {
  it.each([
    ['success', 'count_success'],
    ['failed', 'count_fail'],
    ['income', 'income'],
  ])('by %s, fewest first, the next page by cursor going on where the first stopped', async (key, column) => {
    const order = await inDb('whatsapp_accounts', `${column}, id`);
    const first = await read(API.whatsappPerPage, { page: 1, sort: key });
    expect(ids(first)).toEqual(order.slice(0, PAGE_SIZE));
    expect(first.meta.total).toBe(order.length);
    const next = await read(API.whatsappPerPage, { page: 2, sort: key, after: ids(first).at(-1)! });
    expect(ids(next)).toEqual(order.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it('by income, most first, also while filtered by owner', async () => {
    expect(ids(await read(API.whatsappPerPage, { page: 1, sort: 'income', dir: 'desc' }))).toEqual(
      (await inDb('whatsapp_accounts', 'income desc, id desc')).slice(0, PAGE_SIZE),
    );
    expect(
      ids(await read(API.whatsappPerPage, { page: 1, sort: 'income', dir: 'desc', user_id: admin.id })),
    ).toEqual(
      (await inDb('whatsapp_accounts', 'income desc, id desc', `user_id = ${admin.id}`)).slice(0, 10),
    );
  });

  it('keeps its newest-first order for a sort it does not know', async () => {
    expect(ids(await read(API.whatsappPerPage, { page: 1, sort: 'clientid' }))).toEqual(
      (await inDb('whatsapp_accounts', 'id desc')).slice(0, PAGE_SIZE),
    );
  });
});

describe.each([
  ['bonus', 'bonuses', API.bonusPerPage],
  ['withdrawal', 'withdrawals', API.withdrawHistoriesPerPage],
])('sorting the %s list', (_list, table, path) => {
  it('is newest first by default, and sorts by amount and by date either way', async () => {
    expect(ids(await read(path, { page: 1 }))).toEqual(
      (await inDb(table, 'created_at desc, id desc')).slice(0, PAGE_SIZE),
    );
    const byAmount = await inDb(table, 'nominal, id');
    expect(ids(await read(path, { page: 1, sort: 'nominal' }))).toEqual(byAmount.slice(0, PAGE_SIZE));
    expect(ids(await read(path, { page: 1, sort: 'nominal', dir: 'desc' }))).toEqual(
      [...byAmount].reverse().slice(0, PAGE_SIZE),
    );
    expect(ids(await read(path, { page: 2, sort: 'created', per_page: 25 }))).toEqual(
      (await inDb(table, 'created_at, id')).slice(25, 50),
    );
  });

  it('gives a member only their own rows, whatever the sort', async () => {
    const own = await read(path, { page: 1, sort: 'nominal', dir: 'desc', user_id: admin.id }, member.token);
    expect(ids(own)).toEqual(await inDb(table, 'nominal desc, id desc', `user_id = ${member.id}`));
  });
});

describe('the withdrawal list filtered by status', () => {
  it('shows only the requests still waiting, counted as such, sorted as asked', async () => {
    const waiting = await inDb('withdrawals', 'nominal desc, id desc', `status = 'requested'`);
    const page = await read(API.withdrawHistoriesPerPage, {
      page: 1,
      status: 'requested',
      sort: 'nominal',
      dir: 'desc',
    });
    expect(ids(page)).toEqual(waiting.slice(0, PAGE_SIZE));
    expect(page.meta.total).toBe(waiting.length);
  });

  it('ignores a status it does not know and lists every withdrawal', async () => {
    const page = await read(API.withdrawHistoriesPerPage, { page: 1, status: 'paid' });
    expect(page.meta.total).toBe(SEEDED);
  });
});

describe('sorting the staff list', () => {
  const staffIds = async (query: string, token = admin.token) => {
    const answer = await t.call<{ users: { id: number }[] }>('GET', `${API.staffUsers}${query}`, { token });
    return {
      status: answer.status,
      ids: answer.status === 200 ? answer.body.users.map((row) => row.id) : [],
    };
  };
  const operatorsInDb = (order: string) => inDb('users', order, `role in ('staff', 'dev', 'admin')`);

  beforeAll(async () => {
    for (const [role, firstName] of [
      ['staff', 'zaki'],
      ['dev', 'Bima'],
      ['staff', 'ayu'],
    ] as const)
      await t.createUser(role, { firstName });
  });

  it('is by role and name by default, and by name, e-mail or date either way on request', async () => {
    expect((await staffIds('')).ids).toEqual(await operatorsInDb('role, firstname, id'));
    expect((await staffIds('?sort=name')).ids).toEqual(
      await operatorsInDb(`lower(firstname || ' ' || lastname) collate "C", id`),
    );
    expect((await staffIds('?sort=email&dir=desc')).ids).toEqual(await operatorsInDb('email desc, id desc'));
    expect((await staffIds('?sort=created&dir=desc')).ids).toEqual(
      await operatorsInDb('created_at desc, id desc'),
    );
  });

  it('is refused to a member', async () => {
    expect((await staffIds('?sort=name', member.token)).status).toBe(403);
  });
});

describe('sorting webhook deliveries by time', () => {
  beforeAll(async () => {
    // Delivered already, so that the sender leaves them as they are.
    await t.ctx.db.execute(sql`with endpoint as (
        insert into webhook_endpoints (url, secret, event_types)
        values ('https://example.test/hook', 'rahasia', array['number.opted_out']) returning id
      ), events as (
        insert into webhook_events (uid, type, sequence, payload)
        select 'sort-' || i, 'number.opted_out', 1000 + i, '{}'::jsonb from generate_series(1, ${SEEDED}) i
        returning id, sequence
      )
      insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence, delivered_at)
      select endpoint.id, events.id, 0, events.sequence, now() from endpoint, events`);
  });

  it('is newest first by default, oldest first ascending, and filtered by receiver the same way', async () => {
    const newest = await inDb('webhook_deliveries', 'id desc');
    expect(ids(await read(API.webhookDeliveries, { page: 1 }))).toEqual(newest.slice(0, PAGE_SIZE));
    const oldest = [...newest].reverse();
    const first = await read(API.webhookDeliveries, { page: 1, sort: 'time' });
    expect(ids(first)).toEqual(oldest.slice(0, PAGE_SIZE));
    const next = await read(API.webhookDeliveries, { page: 2, sort: 'time', after: ids(first).at(-1)! });
    expect(ids(next)).toEqual(oldest.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(ids(await read(API.webhookDeliveries, { page: 1, sort: 'time', dir: 'desc' }))).toEqual(
      newest.slice(0, PAGE_SIZE),
    );
    const [endpoint] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from webhook_endpoints`);
    expect(ids(await read(API.webhookDeliveries, { page: 1, sort: 'time', endpoint: endpoint!.id }))).toEqual(
      oldest.slice(0, PAGE_SIZE),
    );
  });

  it('is refused to a member', async () => {
    const answer = await t.call('GET', `${API.webhookDeliveries}?sort=time`, { token: member.token });
    expect(answer.status).toBe(403);
  });
});

describe.each([
  ['template', 'message_templates', API.messagePerPage, ['active', 'nonactive']],
  ['proxy', 'proxies', API.proxyPerPage, ['active', 'nonactive', 'in use']],
])('filtering the %s list by status', (_list, table, path, statuses) => {
  beforeAll(async () => {
    const values = table === 'proxies' ? sql`'http://10.1.0.' || i || ':3128'` : sql`'Template ' || i`;
    const column = table === 'proxies' ? sql`value` : sql`text`;
    await t.ctx.db.execute(sql`insert into ${sql.identifier(table)} (${column}, status)
      select ${values}, (${sql.param(statuses)}::text[])[1 + i % ${statuses.length}]
      from generate_series(1, ${SEEDED}) i`);
  });

  it('lists only the rows of the status chosen, newest first, counted as such', async () => {
    for (const status of statuses) {
      const expected = await inDb(table, 'id desc', `status = '${status}'`);
      const page = await read(path, { page: 1, status });
      expect(ids(page)).toEqual(expected.slice(0, PAGE_SIZE));
      expect(page.meta.total).toBe(expected.length);
    }
  });

  it('lists every row for a status it does not know, and refuses a member', async () => {
    expect((await read(path, { page: 1, status: 'deleted' })).meta.total).toBe(SEEDED);
    const answer = await t.call('GET', `${path}?status=active`, { token: member.token });
    expect(answer.status).toBe(403);
  });
});
