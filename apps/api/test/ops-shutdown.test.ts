import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, REALTIME_CHANNEL_ADMIN, REALTIME_PATH, newDeviceId } from '@blaster/contract';
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

async function start() {
  const server = await launchApi(dir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'stop-test-secret-stop-test-secret',
    // The sandbox offers a QR only after 800 s here: the long poll below waits its whole two minutes.
    SANDBOX_TIME_SCALE: '1000',
  });
  launched.push(server);
  if (!(await printsBeforeExit(server, 'Blaster Panel is running', 60_000)))
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
});
