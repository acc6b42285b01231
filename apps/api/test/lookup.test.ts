import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, RESULT_FILES } from '@blaster/contract';
import { lookupResults, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { startTestApp, stopInstance, type TestApp } from './support/app';
import { connect, waitFor, type Caller } from './support/chat';

const START = '6281900000000';
const range = (count: number) => ({ start_number: START, end_number: String(Number(START) + count - 1) });

async function createGenerator(t: TestApp, caller: Caller, whatsappId: number, count: number, bInsert = 0) {
  const answer = await t.call<{ generator: { id: number } }>('POST', API.lookupCreate('generator'), {
    token: caller.token,
    body: { whatsapp_id: whatsappId, ...range(count), b_insert: bInsert, interval_min: 0, interval_max: 0 },
  });
  expect(answer.status).toBe(200);
  return answer.body.generator.id;
}

const generator = async (t: TestApp, caller: Caller, id: number) =>
  (
    await t.call<{
      generator: { status: string; count_success: number; count_fail: number; progress: number };
    }>('GET', API.lookup('generator', id), { token: caller.token })
  ).body.generator;

describe('generators and validators', () => {
  let t: TestApp;
  let staff: Caller;
  let otherStaff: Caller;
  let account: { id: number; deviceId: string };

  beforeAll(async () => {
    t = await startTestApp();
    staff = await t.createUser('staff');
    otherStaff = await t.createUser('staff');
    account = await connect(t, staff, 'qr');
  });
  afterAll(() => t.close());

  it('validates the range and the interval with the spec texts', async () => {
    const reversed = await t.call('POST', API.lookupCreate('generator'), {
      token: staff.token,
      body: { whatsapp_id: account.id, start_number: '6281900000100', end_number: '6281900000001' },
    });
    expect(reversed.body.msg).toBe(MSG.generatorRangeOrder);
    const interval = await t.call('POST', API.lookupCreate('generator'), {
      token: staff.token,
      body: { whatsapp_id: account.id, ...range(10), interval_min: 5, interval_max: 2 },
    });
    expect(interval.body.msg).toBe(MSG.intervalOrder);
  });

  it('walks a 300-number range to 100 % with counts that match the result list', async () => {
    const id = await createGenerator(t, staff, account.id, 300, 1);
    const started = await t.call('POST', API.lookupStart('generator'), { token: staff.token, body: { id } });
    expect(started.status).toBe(200);
    await waitFor(async () => (await generator(t, staff, id)).status === 'finished', 'generator to finish');
    const done = await generator(t, staff, id);
    expect(done.progress).toBe(100);
    expect(done.count_success + done.count_fail).toBe(300);
    const result = await t.call<{ list: { number: string; name: string }[] }>(
      'GET',
      API.lookupResult('generator', id),
      {
        token: staff.token,
      },
    );
    expect(result.body.list).toHaveLength(done.count_success);
    expect(done.count_success).toBeGreaterThan(120);
    // b_insert = 1 added every found number to the phone numbers.
    const inserted = await t.ctx.db.select().from(phoneNumbers);
    expect(inserted.map((row) => row.number).sort()).toEqual(
      result.body.list.map((row) => row.number).sort(),
    );
    expect(RESULT_FILES.generator).toBe('phone_numbers_generated.csv');
  });

  it('refuses to start on a disconnected account', async () => {
    const other = await connect(t, staff, 'qr');
    const id = await createGenerator(t, staff, other.id, 10);
    t.sandbox.setState(other.deviceId, 'disconnected');
    await waitFor(async () => {
      const row = await t.call<{ generator: { state: string } }>('GET', API.lookup('generator', id), {
        token: staff.token,
      });
      return row.body.generator.state === 'disconnected';
    }, 'state saved');
    const start = await t.call('POST', API.lookupStart('generator'), { token: staff.token, body: { id } });
    expect(start.status).toBe(400);
    expect(start.body).toMatchObject({ error: MSG.connectionLostReconnect, title: MSG.forbiddenTitle });
  });

  it("keeps a staff user out of another user's validator and its file", async () => {
    const boundary = '----lookup';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="whatsapp_id"\r\n\r\n${account.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="target.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `number,name\n081900000001,Ani\n081900000002,Budi\n081900000001,Ani lagi\n\r\n--${boundary}--\r\n`;
    const created = await t.app.inject({
      method: 'POST',
      url: API.lookupCreate('validator'),
      payload: body,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${staff.token}`,
      },
    });
    expect(created.statusCode).toBe(200);
    const validator = created.json<{ validator: { id: number; fileUrl: string; fileName: string } }>()
      .validator;
    expect(validator.fileName).toBe('target.csv');
    const own = await t.app.inject({
      method: 'GET',
      url: validator.fileUrl,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Budi');
    const stolen = await t.app.inject({
      method: 'GET',
      url: validator.fileUrl,
      headers: { authorization: `Bearer ${otherStaff.token}` },
    });
    expect(stolen.statusCode).toBe(403);
    const list = await t.call<{ data: unknown[] }>('GET', `${API.lookupPerPage('validator')}?page=1`, {
      token: otherStaff.token,
    });
    expect(list.body.data).toEqual([]);
    const start = await t.call('POST', API.lookupStart('validator'), {
      token: otherStaff.token,
      body: { id: validator.id },
    });
    expect(start.status).toBe(403);
  });
});

describe('editing a generator or validator', () => {
  let t: TestApp;
  let staff: Caller;
  let account: { id: number; deviceId: string };

  beforeAll(async () => {
    // A job refused while it runs must still be running: its pacing takes a time scale above 0.
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' });
    staff = await t.createUser('staff');
    account = await connect(t, staff, 'qr');
  });
  afterAll(() => t.close());

  it('finds accounts, and the jobs that use them, by number or device id', async () => {
    const other = await t.createUser('staff');
    const mine = await connect(t, other, 'code');
    const theirs = await connect(t, other, 'qr');
    const [mineRow] = await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, mine.id));
    const number = mineRow!.phonenumber!;
    const jobOnMine = await createGenerator(t, other, mine.id, 10);
    await createGenerator(t, other, theirs.id, 10);

    const search = (path: string, text: string) =>
      t.call<{ data: { id: number }[] }>(
        'GET',
        `${path}?${new URLSearchParams({ page: '1', search: text })}`,
        {
          token: other.token,
        },
      );
    for (const text of [number.slice(-6), mine.deviceId]) {
      expect((await search(API.whatsappPerPage, text)).body.data.map((row) => row.id)).toEqual([mine.id]);
      expect((await search(API.lookupPerPage('generator'), text)).body.data.map((row) => row.id)).toEqual([
        jobOnMine,
      ]);
    }
    expect((await search(API.whatsappPerPage, '%')).body.data).toEqual([]);
  });

  it('changes the account and pacing but keeps the range and the file; a running job is refused', async () => {
    const second = await connect(t, staff, 'qr');
    const id = await createGenerator(t, staff, account.id, 500);
    const edited = await t.call<{ generator: Record<string, unknown> }>('PUT', API.lookup('generator', id), {
      token: staff.token,
      body: {
        whatsapp_id: second.id,
        start_number: '6281911111111',
        end_number: '6281911111199',
        b_insert: 1,
        interval_min: 2,
        interval_max: 4,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.generator).toMatchObject({
      whatsapp_id: second.id,
      ...range(500),
      b_insert: 1,
      interval_min: 2,
      interval_max: 4,
    });
    const backwards = await t.call('PUT', API.lookup('generator', id), {
      token: staff.token,
      body: { whatsapp_id: second.id, ...range(500), interval_min: 9, interval_max: 1 },
    });
    expect([backwards.status, backwards.body.msg]).toEqual([400, MSG.intervalOrder]);

    const boundary = '----edit';
    const form = (fields: Record<string, string | number>, file?: string) => ({
      payload:
        Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') +
        (file
          ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n`
          : '') +
        `--${boundary}--\r\n`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${staff.token}`,
      },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: API.lookupCreate('validator'),
      ...form({ whatsapp_id: account.id }, 'number\n081900000001\n081900000002\n'),
    });
    const validator = created.json<{ validator: { id: number; fileName: string } }>().validator;
    const changed = await t.app.inject({
      method: 'PUT',
      url: API.lookup('validator', validator.id),
      ...form({ whatsapp_id: second.id, interval_min: 1, interval_max: 3 }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ validator: Record<string, unknown> }>().validator).toMatchObject({
      whatsapp_id: second.id,
      interval_min: 1,
      interval_max: 3,
      fileName: 't.csv',
    });

    await t.call('PUT', API.lookup('generator', id), {
      token: staff.token,
      body: { whatsapp_id: second.id, ...range(500), interval_min: 5, interval_max: 5 },
    });
    const started = await t.call('POST', API.lookupStart('generator'), { token: staff.token, body: { id } });
    expect(started.status).toBe(200);
    const whileRunning = await t.call('PUT', API.lookup('generator', id), {
      token: staff.token,
      body: { whatsapp_id: account.id, ...range(500) },
    });
    expect([whileRunning.status, whileRunning.body.msg]).toEqual([400, MSG.lookupRunning]);
    await t.call('POST', API.lookupStop('generator'), { token: staff.token, body: { id } });
  });
});

describe('a generator across a restart', () => {
  it('resumes from the next number with no gap and no repeat', async () => {
    const gateway = new SandboxGateway({ seed: 3, timeScale: 0.001 });
    // Paced, so the walk is still under way when it is stopped at 120 numbers.
    const first = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { gateway });
    const staff = await first.createUser('staff');
    const account = await connect(first, staff, 'qr');
    const id = await createGenerator(first, staff, account.id, 400);
    await first.call('POST', API.lookupStart('generator'), { token: staff.token, body: { id } });
    await waitFor(async () => (await first.ctx.db.select().from(lookupResults)).length >= 120, '120 numbers');
    first.ctx.lookups.kill();
    await waitFor(() => !first.ctx.lookups.isRunning(id), 'the killed generator to stop');
    await stopInstance(first);

    const second = await startTestApp({}, { database: first.database, gateway });
    try {
      await second.ctx.blast.resume();
      await second.ctx.lookups.resume();
      await waitFor(
        async () => (await generator(second, staff, id)).status === 'finished',
        'resumed generator',
      );
      const results = await second.ctx.db
        .select()
        .from(lookupResults)
        .where(eq(lookupResults.jobId, id))
        .orderBy(asc(lookupResults.position));
      expect(results).toHaveLength(400);
      results.forEach((row, position) => {
        expect(row.position).toBe(position);
        expect(row.number).toBe(String(Number(START) + position));
      });
      const done = await generator(second, staff, id);
      expect(done.count_success).toBe(results.filter((row) => row.found).length);
      expect(done.count_fail).toBe(results.filter((row) => !row.found).length);
    } finally {
      await second.close();
    }
  });
});
