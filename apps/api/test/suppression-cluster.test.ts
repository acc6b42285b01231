import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, newDeviceId } from '@blaster/contract';
import { createScratchDatabase } from '../src/db/scratch';
import { waitFor } from './support/chat';
import { call, journalOf, startInstance, type Instance } from './support/instances';

/*
 * Two real API processes on one PostgreSQL server blast one list holding suppressed numbers; the one
 * sending is killed (SIGKILL) mid-round and the other takes its blast over. No suppressed number reaches the
 * network from either. Needs a PostgreSQL server (TEST_DATABASE_URL), like cluster.test.ts.
 */
const server = process.env.TEST_DATABASE_URL;
const LEASE_SECONDS = 2;
const TARGETS = 200;
const FIRST_NUMBER = 6285900000000;
const numberOf = (i: number) => String(FIRST_NUMBER + i);

/** Every instance of this test: short leases, no failures or replies; two starting together take a while. */
const start = (name: string, databaseUrl: string, dir: string) =>
  startInstance(name, databaseUrl, dir, {
    env: {
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      SANDBOX_SEED: '13',
      SANDBOX_FAIL_RATE: '0',
      SANDBOX_REPLY_RATE: '0',
    },
  });

describe.skipIf(!server)('suppression across two API processes, one killed mid-round', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let dir: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    dir = mkdtempSync(join(tmpdir(), 'blaster-suppression-'));
    [a, b] = await Promise.all([start('a', scratch.url, dir), start('b', scratch.url, dir)]);
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGKILL');
    await sql?.end();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('never sends a suppressed number, before or after the takeover', async () => {
    const dev = { email: 'suppression-dev@test.local', password: 'suppression-dev-password' };
    const registered = await call<{ user: { id: number } }>(a, 'POST', API.register, {
      body: { firstName: 'Dev', lastName: 'Opt', ...dev, password2: dev.password, agreeToTerms: true },
    });
    expect(registered.status).toBe(200);
    await sql.query(`update users set role = 'dev' where id = $1`, [registered.body.user.id]);
    const { token, user } = (
      await call<{ token: string; user: { id: number } }>(a, 'POST', API.login, { body: dev })
    ).body;

    const deviceId = newDeviceId(Date.now(), 0.25);
    await call(a, 'POST', API.whatsappNewClient, {
      token,
      body: { deviceId, userId: user.id, previousDeviceId: null },
    });
    await call(a, 'GET', API.whatsappQr(deviceId), { token });
    expect((await call(a, 'POST', API.sandboxScan, { token, body: { deviceId } })).status).toBe(200);
    await waitFor(
      async () =>
        (await call<{ state: string }>(a, 'GET', API.whatsappClientState(deviceId), { token })).body.state ===
        'connected',
      'the device to connect',
    );
    const saved = await call<{ whatsapp: { id: number } }>(a, 'POST', API.whatsappSave, {
      token,
      body: { clientid: deviceId, user_id: user.id },
    });
    const accountId = saved.body.whatsapp.id;

    // Suppressed before the list exists (on b), and in the list (on a).
    const suppressed = new Set<string>();
    const suppress = async (instance: Instance, i: number) => {
      const answer = await call(instance, 'POST', API.suppressionCreate, {
        token,
        body: { number: numberOf(i) },
      });
      expect(answer.status).toBe(200);
      suppressed.add(numberOf(i));
    };
    for (const i of [1, 2, 30, 31, 90]) await suppress(b, i);
    await sql.query('update settings set interval_min = 1, interval_max = 1');
    await sql.query(
      `insert into phone_numbers (number, name) select (${FIRST_NUMBER} + i)::text, 'Target ' || i from generate_series(0, $1 - 1) i`,
      [TARGETS],
    );
    await sql.query(`insert into message_templates (text, text_wa) values ('<p>Halo</p>', 'Halo {name}')`);
    for (const i of [3, 40, 41, 100, 150]) await suppress(a, i);

    expect(
      (await call(a, 'POST', API.whatsappStart, { token, body: { whatsappClientId: accountId } })).status,
    ).toBe(200);
    // The blast runs where its lease is: on a, which started it, unless b's look for orphaned jobs
    // took it first (its lease is 2 s, and a busy machine can let one run out). That one is killed.
    const sender = await waitFor(
      () => [a, b].find((instance) => journalOf(instance).length >= 20),
      'sends on one instance',
    );
    const survivor = sender === a ? b : a;
    sender.process.kill('SIGKILL');
    // Suppressed on the survivor while the killed round is in doubt: numbers far down the list, not claimed yet.
    for (const i of [180, 181, 199]) await suppress(survivor, i);
    const claimedAlready = await sql.query<{ number: string }>(
      `select number from phone_numbers where number = any($1) and (last_sent is not null or in_use = 1)`,
      [[180, 181, 199].map(numberOf)],
    );
    expect(claimedAlready.rows).toEqual([]);

    await waitFor(
      async () => {
        const account = await sql.query('select status from whatsapp_accounts where id = $1', [accountId]);
        const pending = await sql.query(`select count(*) from message_logs where status = 'pending'`);
        return account.rows[0].status === 'idle' && Number(pending.rows[0].count) === 0;
      },
      () => `the blast to finish on ${survivor.name}:\n${survivor.output.join('')}`,
    );

    const delivered = [...journalOf(a), ...journalOf(b)].map((entry) => entry.to);
    expect(journalOf(survivor).length).toBeGreaterThan(0);
    expect(delivered.filter((to) => suppressed.has(to))).toEqual([]);
    expect(new Set(delivered).size).toBe(delivered.length);
    const logs = await sql.query<{ target: string }>('select target from message_logs');
    expect(logs.rows.filter((row) => suppressed.has(row.target))).toEqual([]);
    expect(new Set(logs.rows.map((row) => row.target)).size).toBe(TARGETS - suppressed.size);
    const unsent = await sql.query<{ number: string }>(
      'select number from phone_numbers where last_sent is null order by number',
    );
    expect(new Set(unsent.rows.map((row) => row.number))).toEqual(suppressed);
  }, 150_000);
});
