import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@blaster/contract';
import { freePort, launchApi, printsBeforeExit } from './support/instances';

/*
 * The real `npm start` entry point on the embedded database: the first start prints the generated
 * admin password (README contract), later starts never print it, a password given in ADMIN_PASSWORD
 * is never printed, and the credentials file goes once the admin changes the password.
 */
const dirs: string[] = [];
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts main.ts, waits for its banner, and returns it with the port. */
async function start(dataDir: string, env: Record<string, string> = {}) {
  const launched = await launchApi(dataDir, {
    DATABASE_URL: '',
    ADMIN_EMAIL: 'boss@test.local',
    ADMIN_PASSWORD: '',
    ...env,
  });
  running.add(launched.process);
  // Migrating a fresh embedded database takes a while on a busy machine.
  if (!(await printsBeforeExit(launched, 'Admin password:')))
    throw new Error(`exited: ${launched.output.join('')}`);
  const stop = async () => {
    launched.process.kill('SIGTERM');
    await launched.exited;
    running.delete(launched.process);
  };
  return { banner: launched.output.join(''), port: launched.port, stop };
}

async function call(port: number, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { token?: string; user?: { id: number } },
  };
}

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'blaster-credentials-'));
  dirs.push(dir);
  return dir;
}

describe('the first admin’s credentials (item: printed on every start, file kept forever)', () => {
  it('prints a generated password on the first start only, and drops the file once it is changed', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'admin-credentials.txt');
    const first = await start(dataDir);
    const password = /Admin password:\s+(\S+)/.exec(first.banner)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(first.banner).toContain('boss@test.local');
    expect(readFileSync(file, 'utf8')).toBe(`boss@test.local\n${password}\n`);
    await first.stop();

    const second = await start(dataDir);
    expect(second.banner).not.toContain(password);
    expect(second.banner).toContain(file);
    const login = await call(second.port, 'POST', API.login, { email: 'boss@test.local', password });
    expect(login.status).toBe(200);
    const user = login.body.user!;
    const changed = await call(
      second.port,
      'PUT',
      API.user(user.id),
      { password: 'a-new-admin-password', current_password: password },
      login.body.token,
    );
    expect(changed.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    await second.stop();
  }, 600_000);

  it('never prints a password given in ADMIN_PASSWORD, on the first start or any other', async () => {
    const dataDir = tempDir();
    const given = 'operator-chose-this-password';
    const first = await start(dataDir, { ADMIN_PASSWORD: given });
    expect(first.banner).not.toContain(given);
    expect(first.banner).toContain('ADMIN_PASSWORD');
    expect(existsSync(join(dataDir, 'admin-credentials.txt'))).toBe(false);
    const login = await call(first.port, 'POST', API.login, { email: 'boss@test.local', password: given });
    expect(login.status).toBe(200);
    await first.stop();
  }, 600_000);

  it('keeps the generated password when the first start fails on a taken port', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'admin-credentials.txt');
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const failed = await launchApi(dataDir, {
      DATABASE_URL: '',
      ADMIN_EMAIL: 'boss@test.local',
      ADMIN_PASSWORD: '',
      PORT: String(port),
    });
    running.add(failed.process);
    expect(await failed.exited).not.toBe(0);
    running.delete(failed.process);
    await new Promise((resolve) => taken.close(resolve));
    const shown = failed.output.join('');
    expect(shown).toContain('EADDRINUSE');
    const password = /Admin password:\s+(\S+)/.exec(shown)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(readFileSync(file, 'utf8')).toBe(`boss@test.local\n${password}\n`);

    const next = await start(dataDir);
    expect(next.banner).toContain(file);
    const login = await call(next.port, 'POST', API.login, { email: 'boss@test.local', password });
    expect(login.status).toBe(200);
    await next.stop();
  }, 600_000);
});
