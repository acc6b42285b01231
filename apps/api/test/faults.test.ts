import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MESSAGE_TEXT as MSG,
  REALTIME_CHANNEL_ADMIN,
  newDeviceId,
  type RealtimeMessage,
} from '@blaster/contract';
import WebSocket from 'ws';
import { createScratchDatabase } from '../src/db/scratch';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { call, journalOf, startInstance, type Instance } from './support/instances';

/*
 * The fault suite: two API processes blast through a TCP proxy to PostgreSQL while members withdraw,
 * and the database's connections are terminated by the server, cut, reset and stalled. Neither process
 * may die; afterwards no number was sent twice, every delivered message is recorded as sent and paid
 * exactly once, no balance went below zero, and both instances still answer.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); CI runs it in its PostgreSQL pass.
 */
const server = process.env.TEST_DATABASE_URL;
const LEASE_SECONDS = 2;
const TARGETS = 1_200;
const FIRST_NUMBER = 6285900000000;
const BONUS = 200_000;

const alive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

/**
 * Polls `probe` until it holds, failing at once when an instance has died; the test's own timeout is
 * the only limit.
 */
async function until(probe: () => Promise<boolean> | boolean, instances: Instance[] = []) {
  for (;;) {
    for (const instance of instances)
      if (!alive(instance))
        throw new Error(`${instance.name} died:\n${instance.output.join('').slice(-3000)}`);
    try {
      if (await probe()) return;
    } catch {
      // The database may be away for a moment: that is what this suite does to it.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(instance: Instance) {
  try {
    return (await fetch(`http://127.0.0.1:${instance.port}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

describe.skipIf(!server)('database faults under two blasting instances', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: FaultProxy;
  let sql: pg.Client;
  let dir: string;
  let proxied: string;
  let a: Instance;
  let b: Instance;
  const admin = { email: 'admin@faults.test', password: 'admin-faults-password' };
  const env = {
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    SANDBOX_SEED: '5',
    // Recipients who never opt out, block or report: the template stays green, so it is never paced
    // again mid-blast (a hold for its feedback would outlast the test).
    SANDBOX_REPLY_RATE: '0',
    SANDBOX_BLOCK_RATE: '0',
    SANDBOX_REPORT_RATE: '0',
    SANDBOX_TIME_SCALE: '0.02',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    const direct = new URL(scratch.url);
    proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(scratch.url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    proxied = through.toString();
    dir = mkdtempSync(join(tmpdir(), 'blaster-faults-'));
    [a, b] = await Promise.all([
      startInstance('a', proxied, dir, { env }),
      startInstance('b', proxied, dir, { env }),
    ]);
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGKILL');
    await sql?.end();
    await proxy?.close();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A member with a connected chat account, signed up and connected through `instance`. */
  async function member(instance: Instance, name: string) {
    const email = `${name}@faults.test`;
    const password = 'rahasia-123';
    const registered = await call<{ token: string; user: { id: number } }>(instance, 'POST', API.register, {
      body: { firstName: name, lastName: 'Fault', email, password, password2: password, agreeToTerms: true },
    });
    expect(registered.status).toBe(200);
    const { token } = registered.body;
    const userId = registered.body.user.id;
    const deviceId = newDeviceId(Date.now(), Math.random());
    const created = await call(instance, 'POST', API.whatsappNewClient, {
      token,
      body: { deviceId, userId, previousDeviceId: null },
    });
    expect(created.status).toBe(200);
    await call(instance, 'GET', API.whatsappQr(deviceId), { token });
    expect((await call(instance, 'POST', API.sandboxScan, { token, body: { deviceId } })).status).toBe(200);
    await until(
      async () =>
        (await call<{ state: string }>(instance, 'GET', API.whatsappClientState(deviceId), { token })).body
          .state === 'connected',
    );
    const saved = await call<{ whatsapp: { id: number } }>(instance, 'POST', API.whatsappSave, {
      token,
      body: { clientid: deviceId, user_id: userId },
    });
    expect(saved.status).toBe(200);
    await sql.query(
      `update users set account_bank = 'BCA', account_number = '1234567890', account_name = $2 where id = $1`,
      [userId, name],
    );
    await sql.query(`insert into ledger_entries (user_id, kind, amount) values ($1, 'bonus', $2)`, [
      userId,
      BONUS,
    ]);
    return { token, userId, accountId: saved.body.whatsapp.id, instance };
  }

  it('rides out terminated, cut, reset and stalled connections: nothing sent twice, every delivery paid once, no overdraw', async () => {
    await sql.query('update settings set interval_min = 1, interval_max = 1');
    await sql.query(
      `insert into phone_numbers (number, name) select (${FIRST_NUMBER} + i)::text, 'Target ' || i from generate_series(0, $1 - 1) i`,
      [TARGETS],
    );
    await sql.query(`insert into message_templates (text, text_wa) values ('<p>Halo</p>', 'Halo {name}')`);
    const members = [await member(a, 'Ayu'), await member(b, 'Bima')];
    for (const m of members)
      expect(
        (
          await call(m.instance, 'POST', API.whatsappStart, {
            token: m.token,
            body: { whatsappClientId: m.accountId },
          })
        ).status,
      ).toBe(200);

    // Members keep asking for their money while the database comes and goes.
    let withdrawing = true;
    const answered: number[] = [];
    const withdrawals = members.map(async (m, i) => {
      for (let n = 0; withdrawing; n += 1) {
        const instance = n % 2 === 0 ? a : b;
        try {
          const answer = await call(instance, 'POST', API.withdrawRequest, {
            token: m.token,
            body: { userId: m.userId, nominal: 10_000 + 5_000 * ((n + i) % 3) },
          });
          answered.push(answer.status);
        } catch {
          answered.push(0);
        }
        // The pace of a steady stream of requests while the faults happen, not a wait for anything.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    const sent = () => journalOf(a).length + journalOf(b).length;
    const progress = async () => {
      const before = sent();
      await until(() => sent() >= before + 20, [a, b]);
    };
    const terminate = () =>
      sql.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );

    await progress();
    const faults: [string, () => Promise<void> | void][] = [
      ['terminated by the server', () => void terminate()],
      ['cut', () => proxy.cut()],
      ['reset', () => proxy.reset()],
      [
        'stalled past the lease',
        async () => {
          proxy.stall();
          // The fault itself is a silence longer than the lease: its length is what is tested.
          await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1500));
          proxy.resume();
        },
      ],
      [
        'down, then back',
        async () => {
          proxy.down();
          // Meanwhile every request that needs the database is told to come back, in the spec's shape.
          for (const instance of [a, b]) {
            const answer = await fetch(`http://127.0.0.1:${instance.port}${API.whatsappPerPage}?page=1`, {
              headers: { authorization: `Bearer ${members[0]!.token}` },
            });
            expect(answer.status).toBe(503);
            expect(answer.headers.get('retry-after')).toBeTruthy();
            expect(((await answer.json()) as { msg: string }).msg).toBe(MSG.databaseUnavailable);
          }
          proxy.up();
        },
      ],
      ['terminated again', () => void terminate()],
      ['cut and reset together', () => (proxy.cut(), proxy.reset())],
    ];
    for (const [, fault] of faults) {
      await fault();
      await until(async () => (await answers(a)) && (await answers(b)), [a, b]);
      await progress();
    }
    // And a process killed outright mid-round, started again: b settles what a had in flight from
    // the network's record, and a comes back.
    a.process.kill('SIGKILL');
    await new Promise((resolve) => a.process.once('exit', resolve));
    const beforeKill = sent();
    await until(() => sent() >= beforeKill + 20, [b]);
    a = await startInstance('a', proxied, dir, { env });
    await until(async () => (await answers(a)) && (await answers(b)), [a, b]);
    withdrawing = false;
    await Promise.all(withdrawals);

    // Both blasts run to the end of the list.
    await until(async () => {
      const open = await sql.query(
        `select count(*)::int as n from whatsapp_accounts where id = any($1) and status <> 'idle'`,
        [members.map((m) => m.accountId)],
      );
      const pending = await sql.query(`select count(*)::int as n from message_logs where status = 'pending'`);
      const settled = await sql.query(`select count(*)::int as n from message_logs`);
      return open.rows[0].n === 0 && pending.rows[0].n === 0 && settled.rows[0].n === TARGETS;
    }, [a, b]);

    expect(alive(a) && alive(b)).toBe(true);
    expect(await answers(a)).toBe(true);
    expect(await answers(b)).toBe(true);
    const output = [...a.output, ...b.output].join('');
    expect(output).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/);

    // Nothing reached the network twice.
    const delivered = [...journalOf(a), ...journalOf(b)].map((entry) => entry.to);
    expect(new Set(delivered).size).toBe(delivered.length);
    // Every number has one settled log; a log is a success exactly when the network has the message.
    const logs = await sql.query<{ id: string; target: string; status: string }>(
      'select id, target, status from message_logs',
    );
    expect(new Set(logs.rows.map((row) => row.target)).size).toBe(TARGETS);
    const succeeded = logs.rows.filter((row) => row.status === 'success').map((row) => row.target);
    expect(new Set(succeeded)).toEqual(new Set(delivered));
    // Each success paid once, and nothing else paid.
    const paid = await sql.query<{ ref_id: number; n: number }>(
      `select ref_id, count(*)::int as n from ledger_entries where kind = 'blast_income' group by ref_id`,
    );
    expect(paid.rows.every((row) => row.n === 1)).toBe(true);
    const successIds = logs.rows.filter((row) => row.status === 'success').map((row) => Number(row.id));
    expect(new Set(paid.rows.map((row) => Number(row.ref_id)))).toEqual(new Set(successIds));
    // The accounts' counters agree with their logs.
    for (const m of members) {
      const [account] = (
        await sql.query('select count_success, count_fail from whatsapp_accounts where id = $1', [
          m.accountId,
        ])
      ).rows;
      const own = await sql.query(
        `select count(*) filter (where status = 'success')::int as ok, count(*) filter (where status = 'fail')::int as failed
         from message_logs where whatsapp_id = $1`,
        [m.accountId],
      );
      expect([account.count_success, account.count_fail]).toEqual([own.rows[0].ok, own.rows[0].failed]);
    }

    // The instances still hear each other (each bus listens again): a request on a reaches b's socket.
    const signedIn = await call<{ token: string }>(b, 'POST', API.login, { body: admin });
    expect(signedIn.status).toBe(200);
    const received: RealtimeMessage[] = [];
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.realtimePort}/?id=${REALTIME_CHANNEL_ADMIN}&token=${signedIn.body.token}`,
    );
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as RealtimeMessage));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await sql.query(`insert into ledger_entries (user_id, kind, amount) values ($1, 'bonus', 10000)`, [
      members[0]!.userId,
    ]);
    const late = await call(a, 'POST', API.withdrawRequest, {
      token: members[0]!.token,
      body: { userId: members[0]!.userId, nominal: 10_000 },
    });
    expect(late.status).toBe(200);
    await until(() => received.some((message) => message.event === 'withdraw_requested'), [a, b]);
    socket.close();

    // Withdrawals were made and refused, and no balance ever went below zero.
    expect(answered.filter((status) => status === 200).length).toBeGreaterThan(0);
    const balances = await sql.query<{ user_id: number; balance: string }>(
      'select user_id, sum(amount) as balance from ledger_entries group by user_id',
    );
    for (const row of balances.rows) expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
  }, 300_000);
});
