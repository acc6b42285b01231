import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@blaster/contract';
import { launchApi, printsBeforeExit, type LaunchedProcess } from './support/instances';

/*
 * Real API processes on one DATA_DIR with the embedded database: a second one must refuse to start
 * (two would destroy the database), and a lock left by a killed one must not block a restart.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'blaster-lock-'));
const ADMIN = { email: 'lock-admin@test.local', password: 'lock-admin-password' };
const started: ChildProcess[] = [];

async function launch(): Promise<LaunchedProcess> {
  const launched = await launchApi(dataDir, {
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  started.push(launched.process);
  return launched;
}

/** Waits until the server says it runs, or answers its exit code if it stops first. */
async function outcome(server: LaunchedProcess): Promise<'running' | number | null> {
  if (await printsBeforeExit(server, 'Blaster Panel is running')) return 'running';
  return server.process.exitCode;
}

async function signIn(server: LaunchedProcess) {
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
