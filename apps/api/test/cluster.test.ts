import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, REALTIME_CHANNEL_ADMIN, newDeviceId, type RealtimeMessage } from '@blaster/contract';
import { createScratchDatabase } from '../src/db/scratch';
import { waitFor } from './support/chat';
import { call, journalOf, startInstance, type Instance } from './support/instances';

/*
 * Two real API processes on one PostgreSQL server: events published on either reach sockets on both,
 * and when one is killed mid-job the other takes its blast and generator over, sending no target twice.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); CI runs it in its PostgreSQL pass.
 */
const server = process.env.TEST_DATABASE_URL;
/** Short, so a takeover comes quickly; long enough that a busy machine's late renewal keeps its lease. */
const LEASE_SECONDS = 6;
const TARGETS = 200;
const GENERATED = 600;
const FIRST_NUMBER = 6285700000000;

const start = (name: string, databaseUrl: string, dir: string) =>
  startInstance(name, databaseUrl, dir, {
    env: {
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      SANDBOX_SEED: '11',
      // Recipients who never opt out, block or report: the template stays green, so it is never paced
      // again mid-blast (a hold for its feedback would outlast the test).
      SANDBOX_REPLY_RATE: '0',
      SANDBOX_BLOCK_RATE: '0',
      SANDBOX_REPORT_RATE: '0',
    },
  });

function listen(instance: Instance, token: string) {
  const received: RealtimeMessage[] = [];
  const socket = new WebSocket(
    `ws://127.0.0.1:${instance.realtimePort}/?id=${REALTIME_CHANNEL_ADMIN}&token=${token}`,
  );
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as RealtimeMessage));
  const open = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { received, socket, open };
}

describe.skipIf(!server)('two API instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let dir: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    dir = mkdtempSync(join(tmpdir(), 'blaster-cluster-'));
    // Started together: migrations and seeding take turns under the setup lock.
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

  it('shares events both ways, and takes a killed instance’s blast and generator over without sending a target twice', async () => {
    // A developer may both blast and run generators; the role is set where only the database can.
    const dev = { email: 'cluster-dev@test.local', password: 'cluster-dev-password' };
    const registered = await call<{ user: { id: number } }>(a, 'POST', API.register, {
      body: {
        firstName: 'Dev',
        lastName: 'Cluster',
        email: dev.email,
        password: dev.password,
        password2: dev.password,
        agreeToTerms: true,
      },
    });
    expect(registered.status).toBe(200);
    await sql.query(`update users set role = 'dev' where id = $1`, [registered.body.user.id]);
    const login = await call<{ token: string; user: { id: number } }>(a, 'POST', API.login, { body: dev });
    expect(login.status).toBe(200);
    const { token } = login.body;
    const devId = login.body.user.id;
    // One signing secret for the cluster: a token from one instance is good on the other.
    expect((await call(b, 'GET', `${API.whatsappPerPage}?page=1`, { token })).status).toBe(200);

    // A chat account connected through instance a.
    const deviceId = newDeviceId(Date.now(), 0.5);
    const created = await call(a, 'POST', API.whatsappNewClient, {
      token,
      body: { deviceId, userId: devId, previousDeviceId: null },
    });
    expect(created.status).toBe(200);
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
      body: { clientid: deviceId, user_id: devId },
    });
    expect(saved.status).toBe(200);
    const accountId = saved.body.whatsapp.id;

    await sql.query('update settings set interval_min = 1, interval_max = 1');
    await sql.query(
      `insert into phone_numbers (number, name) select (${FIRST_NUMBER} + i)::text, 'Target ' || i from generate_series(0, $1 - 1) i`,
      [TARGETS],
    );
    await sql.query(`insert into message_templates (text, text_wa) values ('<p>Halo</p>', 'Halo {name}')`);

    const onA = listen(a, token);
    const onB = listen(b, token);
    await Promise.all([onA.open, onB.open]);

    const createGenerator = async (instance: Instance, start: number, intervalSeconds = 1) => {
      const answer = await call<{ generator: { id: number } }>(
        instance,
        'POST',
        API.lookupCreate('generator'),
        {
          token,
          body: {
            whatsapp_id: accountId,
            start_number: String(start),
            end_number: String(start + GENERATED - 1),
            b_insert: 0,
            interval_min: intervalSeconds,
            interval_max: intervalSeconds,
          },
        },
      );
      expect(answer.status).toBe(200);
      const id = answer.body.generator.id;
      expect(
        (await call(instance, 'POST', API.lookupStart('generator'), { token, body: { id } })).status,
      ).toBe(200);
      return id;
    };
    // The blast and one generator run on a, another generator on b (b restores the session a saved).
    expect(
      (await call(a, 'POST', API.whatsappStart, { token, body: { whatsappClientId: accountId } })).status,
    ).toBe(200);
    const onAJob = await createGenerator(a, 6281300000000);
    const onBJob = await createGenerator(b, 6281400000000);

    const holder = async (kind: string, jobId: number) =>
      (
        await sql.query<{ holder: string }>(
          'select holder from job_leases where kind = $1 and job_id = $2 and expires_at > now()',
          [kind, jobId],
        )
      ).rows[0]?.holder;
    const results = async (jobId: number) =>
      Number(
        (await sql.query('select count(*) from lookup_results where job_id = $1', [jobId])).rows[0].count,
      );

    // Each job runs where its lease is: where it was started, unless the other instance's look for
    // orphaned jobs took it first (a busy machine can let a lease run out). The test follows the leases.
    const named = (name: string | undefined) => (name === 'a' ? a : name === 'b' ? b : undefined);
    const socketBeside = (name: string | undefined) => (name === 'a' ? onB : onA);
    const sender = await waitFor(async () => {
      const on = named(await holder('blast', accountId));
      const working =
        on && journalOf(on).length >= 20 && (await results(onAJob)) >= 40 && (await holder('lookup', onBJob));
      return working ? on : undefined;
    }, 'the blast and both generators at work');
    const survivor = sender === a ? b : a;
    const [onAJobHolder, onBJobHolder] = [await holder('lookup', onAJob), await holder('lookup', onBJob)];
    // Events published on one instance reached the other's socket, for every job wherever it runs.
    const isBlastCount = (m: RealtimeMessage) =>
      (m.event === 'count_success' || m.event === 'count_fail') && m.sender?.id === accountId;
    const isGeneratorStep = (jobId: number) => (m: RealtimeMessage) =>
      m.event === 'update_target' && m.sender?.id === jobId;
    expect(socketBeside(sender.name).received.some(isBlastCount)).toBe(true);
    await waitFor(
      () => socketBeside(onAJobHolder).received.some(isGeneratorStep(onAJob)),
      'a step of the first generator on the other socket',
    );
    await waitFor(
      () => socketBeside(onBJobHolder).received.some(isGeneratorStep(onBJob)),
      'a step of the second generator on the other socket',
    );

    // A stop asked of one instance reaches the wait on the other at once: its loop ends and gives its
    // lease back. Its wait (a day and more at this time scale) outlasts the test, so only the stop can
    // end it.
    const waiting = await createGenerator(b, 6281500000000, 5_000_000);
    await waitFor(async () => (await results(waiting)) === 1, 'the slow generator to wait');
    const waitingOn = named(await holder('lookup', waiting))!;
    const asked = waitingOn === a ? b : a;
    expect(
      (await call(asked, 'POST', API.lookupStop('generator'), { token, body: { id: waiting } })).status,
    ).toBe(200);
    await waitFor(
      async () => (await holder('lookup', waiting)) === undefined,
      `${waitingOn.name} to end the stopped job`,
    );

    sender.process.kill('SIGKILL');
    await waitFor(
      async () =>
        (await holder('blast', accountId)) === survivor.name &&
        (await holder('lookup', onAJob)) === survivor.name,
      `${survivor.name} to take over`,
    );

    const finished = async () => {
      const account = await sql.query('select status from whatsapp_accounts where id = $1', [accountId]);
      const jobs = await sql.query(`select count(*) from lookup_jobs where status = 'finished'`);
      return account.rows[0].status === 'idle' && Number(jobs.rows[0].count) === 2;
    };
    await waitFor(finished, () => `the jobs to finish:\n${survivor.output.join('')}`);

    // No target reached twice across both processes, and every number has exactly one settled log.
    const delivered = [...journalOf(a), ...journalOf(b)].map((entry) => entry.to);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(journalOf(survivor).length).toBeGreaterThan(0);
    const logs = await sql.query<{ target: string; status: string }>(
      'select target, status from message_logs where whatsapp_id = $1',
      [accountId],
    );
    expect(logs.rows).toHaveLength(TARGETS);
    expect(new Set(logs.rows.map((row) => row.target)).size).toBe(TARGETS);
    expect(logs.rows.filter((row) => row.status === 'pending')).toEqual([]);
    const succeeded = logs.rows.filter((row) => row.status === 'success').map((row) => row.target);
    expect(succeeded.every((target) => delivered.includes(target))).toBe(true);
    const counts = await sql.query('select count_success, count_fail from whatsapp_accounts where id = $1', [
      accountId,
    ]);
    expect(counts.rows[0].count_success).toBe(succeeded.length);
    expect(counts.rows[0].count_fail).toBe(TARGETS - succeeded.length);

    // The generator taken over (or kept) went on from where it stood: every position once, no gap.
    const positions = await sql.query<{ position: number; number: string }>(
      'select position, number from lookup_results where job_id = $1 order by position',
      [onAJob],
    );
    expect(positions.rows.map((row) => row.position)).toEqual([...Array(GENERATED).keys()]);
    expect(positions.rows.every((row) => row.number === String(6281300000000 + row.position))).toBe(true);
    // The survivor's socket saw the end of the blast it finished.
    const survivorSocket = survivor === a ? onA : onB;
    expect(survivorSocket.received.some((m) => m.event === 'finished' && m.sender?.id === accountId)).toBe(
      true,
    );
    onA.socket.terminate();
    onB.socket.close();
  });
});
