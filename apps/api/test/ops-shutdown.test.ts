import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq, sql } from 'drizzle-orm';
import { API, REALTIME_CHANNEL_ADMIN, REALTIME_PATH, newDeviceId } from '@blaster/contract';
import { openDatabase, queryRows } from '../src/db';
import { messageTemplates, phoneNumbers, users } from '../src/db/schema';
import { startTestApp } from './support/app';
import { connect, waitFor } from './support/chat';
import { launchApi, printsBeforeExit, type LaunchedProcess } from './support/instances';

/*
 * The real server process on an embedded database: SIGTERM while a panel's socket, a QR long poll
 * and an idle keep-alive connection are open. It used to wait out the long poll (two minutes).
 */
const ADMIN = { email: 'stop@test.local', password: 'stop-test-password' };
const dir = mkdtempSync(join(tmpdir(), 'blaster-stop-'));
const launched: LaunchedProcess[] = [];

afterAll(() => {
  for (const server of launched) server.process.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(
  env: Record<string, string> = {
    // The sandbox offers a QR only after 800 s here: the long poll below waits its whole two minutes.
    SANDBOX_TIME_SCALE: '1000',
  },
  dataDir = dir,
) {
  const server = await launchApi(dataDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'stop-test-secret-stop-test-secret',
    ...env,
  });
  launched.push(server);
  if (!(await printsBeforeExit(server, 'Blaster Panel is running')))
    throw new Error(`the server did not start: ${server.output.join('')}`);
  return server;
}

function closeCodeOf(socket: WebSocket) {
  return new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
}

function opened(socket: WebSocket) {
  return new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}

describe('stopping the server', () => {
  it('ends at SIGTERM with sockets, a long poll and keep-alive connections open, and starts again at once on the same data', async () => {
    const server = await start();
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const onMainPort = new WebSocket(
      `ws://127.0.0.1:${server.port}${REALTIME_PATH}?id=${REALTIME_CHANNEL_ADMIN}`,
      {
        headers: auth,
      },
    );
    const onLegacyPort = new WebSocket(
      `ws://127.0.0.1:${server.realtimePort}/?id=${REALTIME_CHANNEL_ADMIN}&token=${token}`,
    );
    await Promise.all([opened(onMainPort), opened(onLegacyPort)]);
    const closeCodes = Promise.all([closeCodeOf(onMainPort), closeCodeOf(onLegacyPort)]);

    const deviceId = newDeviceId(Date.now(), 0.25);
    const created = await fetch(`${base}${API.whatsappNewClient}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId, previousDeviceId: null }),
    });
    expect(created.status).toBe(200);
    // The long poll: answered when the QR comes, which it does not before the stop.
    const longPoll = fetch(`${base}${API.whatsappQr(deviceId)}`, { headers: auth }).then(
      (answer) => answer.status,
      () => 'cut' as const,
    );
    // An idle keep-alive connection (fetch keeps its connection open after an answer).
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    server.process.kill('SIGTERM');
    const code = await server.exited;
    expect(code).toBe(0);
    expect(server.output.join('')).toMatch(/Stopped cleanly in \d+ ms\./);
    // The panels were told the server is restarting (they show it and reconnect), not cut silently.
    expect(await closeCodes).toEqual([1012, 1012]);
    expect(await longPoll).toBe('cut');

    // The folder lock and the ports are free: a new start on the same data succeeds at once.
    const again = await start();
    expect(again.output.join('')).not.toContain('already in use');
    expect((await fetch(`http://127.0.0.1:${again.port}/readyz`)).status).toBe(200);
    again.process.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('finishes the round in flight and hands the blast back, and the next start finishes the blast', async () => {
    const TARGETS = 60;
    const dataDir = mkdtempSync(join(tmpdir(), 'blaster-stop-blast-'));
    const journal = join(dataDir, 'sent.jsonl');
    const sent = () => readFileSync(journal, 'utf8').split('\n').filter(Boolean).length;
    // A member with a connected account, a list and a template, written before any server runs.
    const prepared = await openDatabase({ dataDir: join(dataDir, 'db') });
    const t = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { database: prepared });
    const member = await t.createUser('member');
    await t.ctx.db
      .update(users)
      .set({ blastIntervalMin: 1, blastIntervalMax: 1 })
      .where(eq(users.id, member.id));
    const account = await connect(t, member, 'qr');
    await t.ctx.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: TARGETS }, (_, i) => ({ number: String(6287300000000 + i), name: `N${i}` })),
      );
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
    await t.close();

    // One send every 50 ms: the blast is well under way when the stop comes.
    const env = { SANDBOX_TIME_SCALE: '0.05', SANDBOX_FAIL_RATE: '0', SANDBOX_JOURNAL: journal };
    const first = await start(env, dataDir);
    const base = `http://127.0.0.1:${first.port}`;
    const login = await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: 'rahasia-123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await waitFor(
      async () =>
        (
          (await (await fetch(`${base}${API.whatsapp(account.id)}`, { headers })).json()) as {
            whatsapp: { state: string };
          }
        ).whatsapp.state === 'connected',
      'the saved session to be restored',
    );
    const started = await fetch(`${base}${API.whatsappStart}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ whatsappClientId: account.id }),
    });
    expect(started.status).toBe(200);
    await waitFor(() => {
      try {
        return sent() >= 10;
      } catch {
        return false;
      }
    }, 'sends to go out');

    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output.join('')).toMatch(/Stopped cleanly in \d+ ms\./);

    // Everything that left is settled, nothing is claimed, no lease is left, and the blast is still
    // started: the folder opens at once (its lock is gone).
    const stopped = await openDatabase({ dataDir: join(dataDir, 'db') });
    const [state] = await queryRows<{ logs: number; pending: number; leases: number; status: string }>(
      stopped.db,
      sql`select (select count(*)::int from message_logs) as logs,
            (select count(*)::int from message_logs where status = 'pending') as pending,
            (select count(*)::int from job_leases) as leases,
            (select status from whatsapp_accounts where id = ${account.id}) as status`,
    );
    await stopped.close();
    const sentBeforeStop = sent();
    expect(sentBeforeStop).toBeLessThan(TARGETS);
    expect(state).toEqual({ logs: sentBeforeStop, pending: 0, leases: 0, status: 'sending' });

    const second = await start(env, dataDir);
    await waitFor(
      async () =>
        (
          (await (
            await fetch(`http://127.0.0.1:${second.port}${API.whatsapp(account.id)}`, { headers })
          ).json()) as { whatsapp: { status: string } }
        ).whatsapp.status === 'idle',
      'the blast to finish after the restart',
    );
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const targets = readFileSync(journal, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { to: string }).to);
    expect(targets).toHaveLength(TARGETS);
    expect(new Set(targets).size).toBe(TARGETS);
    rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);
});
