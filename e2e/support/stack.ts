import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const repoRoot = resolve(import.meta.dirname, '../..');

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Stack {
  baseUrl: string;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; data: T }>;
  stop(): Promise<void>;
}

/**
 * Starts the real server (embedded database in a temporary folder) and Debian's Chromium; `env` sets
 * more of the server's settings (the sandbox's rates, say).
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const port = await freePort();
  const realtimePort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blaster-e2e-'));
  const output: string[] = [];
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      REALTIME_PORT: String(realtimePort),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      SANDBOX_SEED: '42',
      SANDBOX_TIME_SCALE: '0.01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  return {
    baseUrl,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
    async api(method, path, body, token) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, data: (await response.json().catch(() => null)) as never };
    },
    async stop() {
      await browser.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r).once('error', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface AuthAnswer {
  token: string;
  user: { id: number; email: string };
}

let counter = 0;
/** Registers a user through the API and, for other roles, promotes it as the admin. */
export async function createUser(
  stack: Stack,
  role: 'member' | 'staff' | 'dev' | 'admin',
  firstName = 'Uji',
) {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@e2e.test`;
  const password = 'rahasia-123';
  const registered = await stack.api<AuthAnswer>('POST', '/api/auth/register', {
    firstName,
    lastName: role[0]!.toUpperCase() + role.slice(1),
    email,
    password,
    password2: password,
    referral_code: '',
    agreeToTerms: true,
  });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.data)}`);
  if (role !== 'member') {
    const admin = await stack.api<AuthAnswer>('POST', '/api/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const promoted = await stack.api(
      'PUT',
      `/api/admin/users/${registered.data.user.id}`,
      { role },
      admin.data.token,
    );
    if (promoted.status !== 200) throw new Error(`promotion failed: ${JSON.stringify(promoted.data)}`);
  }
  return { email, password, id: registered.data.user.id };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}
