import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { API, BULK_MAX_IDS, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { queryRows } from '../src/db';
import { auditEntries } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { id: number; token: string };
let staff: { id: number; token: string };
let member: { id: number; token: string };

const SUPPRESSED = ['6281100000001', '6281100000002', '6281100000003', '6281100000004'];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  staff = await t.createUser('staff');
  member = await t.createUser('member');
  await t.ctx.db.execute(sql`insert into phone_numbers (number, name)
    select unnest(${sql.param(SUPPRESSED)}::text[]), 'Penerima'`);
  await t.ctx.db.execute(sql`insert into suppressions (number, reason)
    select unnest(${sql.param(SUPPRESSED)}::text[]), 'manual'`);
  await t.ctx.db.execute(sql`insert into message_templates (text, text_wa)
    select 'Halo ' || i, 'Halo ' || i from generate_series(1, 6) i`);
  await t.ctx.db.execute(sql`insert into proxies (value)
    select 'http://10.0.0.' || i || ':8080' from generate_series(1, 5) i`);
});
afterAll(() => t.close());

const bulk = (path: string, body: unknown, token = admin.token) =>
  t.call<{ count: number; msg: string }>('POST', path, { token, body });
const column = async <T>(statement: string) => queryRows<T>(t.ctx.db, sql.raw(statement));
const ids = async (table: string) =>
  (await column<{ id: number }>(`select id from ${table} order by id`)).map((row) => Number(row.id));

describe('removing numbers from the suppression list in bulk', () => {
  it('takes the chosen numbers off, frees them for blasts, and names them in one audit entry', async () => {
    const chosen = [SUPPRESSED[0]!, SUPPRESSED[1]!, '6289999999999'];
    const answer = await bulk(API.suppressionBulk, { numbers: chosen, action: 'remove' });
    expect(answer).toMatchObject({ status: 200, body: { count: 2 } });
    const left = await column<{ number: string }>('select number from suppressions order by number');
    expect(left.map((row) => row.number)).toEqual([SUPPRESSED[2], SUPPRESSED[3]]);
    const marked = await column<{ number: string; suppressed: boolean }>(
      'select number, suppressed from phone_numbers order by number',
    );
    expect(marked.map((row) => row.suppressed)).toEqual([false, false, true, true]);
    const [entry] = await t.ctx.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'suppression.bulk_remove',
      actorId: admin.id,
      before: { numbers: [SUPPRESSED[0], SUPPRESSED[1]] },
    });
  });

  it('reads numbers as typed (0812… is 62812…) and counts none already off the list', async () => {
    const answer = await bulk(API.suppressionBulk, {
      numbers: ['081100000003', SUPPRESSED[0]],
      action: 'remove',
    });
    expect(answer).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('is for operators only: staff, who may add numbers, and members are refused', async () => {
    for (const caller of [staff, member]) {
      const answer = await bulk(
        API.suppressionBulk,
        { numbers: [SUPPRESSED[3]], action: 'remove' },
        caller.token,
      );
      expect(answer).toMatchObject({ status: 403, body: { msg: MSG.forbidden } });
    }
    expect(await column('select number from suppressions')).toHaveLength(1);
  });

  it('refuses an empty choice, too many numbers and a number that is none', async () => {
    expect(await bulk(API.suppressionBulk, { numbers: [], action: 'remove' })).toMatchObject({
      status: 400,
      body: { msg: MSG.bulkNoneChosen },
    });
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => `62811${String(i).padStart(7, '0')}`);
    expect(await bulk(API.suppressionBulk, { numbers: many, action: 'remove' })).toMatchObject({
      status: 400,
      body: { msg: MSG.bulkTooMany },
    });
    expect((await bulk(API.suppressionBulk, { numbers: ['bukan nomor'], action: 'remove' })).status).toBe(
      400,
    );
  });
});

describe('template bulk actions', () => {
  it('make the chosen templates nonactive and active again, counting only those that changed', async () => {
    const [first, second, third] = await ids('message_templates');
    const off = await bulk(API.messageBulk, { ids: [first, second], action: 'deactivate' });
    expect(off).toMatchObject({ status: 200, body: { count: 2 } });
    const again = await bulk(API.messageBulk, { ids: [first, second, third], action: 'deactivate' });
    expect(again.body.count).toBe(1);
    const statuses = await column<{ status: string }>('select status from message_templates order by id');
    expect(statuses.map((row) => row.status)).toEqual([
      'nonactive',
      'nonactive',
      'nonactive',
      'active',
      'active',
      'active',
    ]);
    const on = await bulk(API.messageBulk, { ids: [second], action: 'activate' });
    expect(on.body.count).toBe(1);
  });

  it('delete the chosen templates and skip ids that are gone', async () => {
    const all = await ids('message_templates');
    const answer = await bulk(API.messageBulk, { ids: [all[4], all[5], 999_999], action: 'delete' });
    expect(answer).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await ids('message_templates')).toEqual(all.slice(0, 4));
  });

  it('are refused to staff and members', async () => {
    const all = await ids('message_templates');
    for (const caller of [staff, member])
      expect((await bulk(API.messageBulk, { ids: all, action: 'delete' }, caller.token)).status).toBe(403);
    expect(await ids('message_templates')).toEqual(all);
  });
});

describe('deleting proxies in bulk', () => {
  it('deletes the chosen proxies only', async () => {
    const all = await ids('proxies');
    const answer = await bulk(API.proxyBulk, { ids: [all[0], all[2]], action: 'delete' });
    expect(answer).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await ids('proxies')).toEqual([all[1], all[3], all[4]]);
  });

  it('is refused to a member, and to an action it does not know', async () => {
    const all = await ids('proxies');
    expect((await bulk(API.proxyBulk, { ids: all, action: 'delete' }, member.token)).status).toBe(403);
    expect(await bulk(API.proxyBulk, { ids: all, action: 'archive' })).toMatchObject({
      status: 400,
      body: { msg: MSG.invalidRequest },
    });
    expect(await ids('proxies')).toEqual(all);
  });
});
