import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@blaster/contract';

/*
 * Real API processes on one DATA_DIR with the embedded database: a second one must refuse to start
 * (two would destroy the database), and a lock left by a killed one must not block a restart.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'blaster-lock-'));
const ADMIN = { email: 'lock-admin@test.local', password: 'lock-admin-password' };
const started: ChildProcess[] = [];

interface Server {
  port: number;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function launch(): Promise<Server> {
  const [port, realtimePort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      REALTIME_PORT: String(realtimePort),
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  started.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, process: child, output, exited };
}

/** Waits until the server says it runs, or answers its exit code if it stops first. */
async function outcome(server: Server): Promise<'running' | number | null> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.output.join('').includes('Blaster Panel is running')) return 'running';
    if (server.process.exitCode !== null || server.process.signalCode !== null)
      return server.process.exitCode;
    if (Date.now() > deadline) throw new Error(`no outcome: ${server.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(server: Server) {
  const response = await fetch(`http://127.0.0.1:${server.port}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return response.status;
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one embedded database, one process', () => {
  it('refuses a second process naming the first, survives kill -9, and starts again', async () => {
    const first = await launch();
    expect(await outcome(first), first.output.join('')).toBe('running');
    expect(await signIn(first)).toBe(200);

    const second = await launch();
    const refused = await outcome(second);
    expect(refused, second.output.join('')).not.toBe('running');
    expect(refused).not.toBe(0);
    const message = second.output.join('');
    expect(message).toContain(`process ${first.process.pid}`);
    expect(message).toContain(`port ${first.port}`);
    expect(message).toContain('already in use');
    // The first one was not disturbed.
    expect(await signIn(first)).toBe(200);

    first.process.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);

    const restarted = await launch();
    expect(await outcome(restarted), restarted.output.join('')).toBe('running');
    expect(await signIn(restarted)).toBe(200);
    restarted.process.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 300_000);
});
