import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// The suite's one port picker: below the kernel's ephemeral range, so no outgoing connection takes it.
import { freePort } from '../../apps/api/test/support/ports';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * Set by the global setup (support/build.ts): an embedded database folder, migrated and holding the
 * admin, that every server starts from instead of migrating and seeding its own.
 */
export const MIGRATED_DATABASE_ENV = 'E2E_MIGRATED_DATABASE';

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';

/**
 * Debian's headless shell of Chromium where it is installed, else the full browser, with the flags they
 * run with in a container, for the runner and for scripts alike. The shell is the same engine without
 * the browser's windowing layer: the suite costs a quarter less CPU in it (docs/benchmarks.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_LAUNCH = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/** The real server, on loopback, with its embedded database in a temporary folder. */
export interface Server {
  baseUrl: string;
  /**
   * Calls the API. `from` is the loopback address the call leaves from: the server counts sign-ups
   * per address, so tests that share a server register their users from addresses of their own.
   */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    from?: string,
  ): Promise<ApiAnswer<T>>;
  /** Its data folder (the embedded database is its `db`). */
  dataDir: string;
  /** Stops the server and, unless kept, removes its data folder. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface Stack extends Server {
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
}

function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
  from: string | undefined,
): Promise<ApiAnswer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolveAnswer, reject) => {
    const call = httpRequest(
      new URL(path, baseUrl),
      {
        method,
        localAddress: from,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let data: unknown = null;
          try {
            data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the caller looks at the status
          }
          resolveAnswer({ status: response.statusCode ?? 0, data: data as T });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** Resolves once the server answers its health check; rejects if it exits first. */
async function serverReady(server: ChildProcess, baseUrl: string, output: string[]) {
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', () => reject(new Error(`server exited early:\n${output.join('')}`))),
  );
  // The server prints nothing when it listens at the default log level: its health check is the event.
  const listening = (async () => {
    for (;;) {
      if (server.exitCode !== null) return;
      const healthy = await callApi(baseUrl, 'GET', '/api/health', undefined, undefined, undefined).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (healthy) return;
      await new Promise((retry) => setTimeout(retry, 100));
    }
  })();
  await Promise.race([listening, exited]);
}

/** Starts the real server; `env` sets more of its settings (the sandbox's rates, say). */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const realtimePort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blaster-e2e-'));
  const migrated = process.env[MIGRATED_DATABASE_ENV];
  if (migrated) cpSync(migrated, join(dataDir, 'db'), { recursive: true });
  const output: string[] = [];
  // The bundle `npm start` runs, built from the current sources before the run (support/build.ts).
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
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
      // The cheapest password hashing still recommended: sign-ins and sign-ups are most of a test's work.
      PASSWORD_HASH_MEMORY_KIB: '19456',
      PASSWORD_HASH_PASSES: '2',
      PASSWORD_HASH_LANES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await serverReady(server, baseUrl, output);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    baseUrl,
    api: (method, path, body, token, from) => callApi(baseUrl, method, path, body, token, from),
    dataDir,
    async stop({ keepData = false } = {}) {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server with a browser whose pages open on it. */
export function stackOn(server: Server, browser: Browser): Stack {
  return {
    ...server,
    async newPage() {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 860 },
      });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

/** The server and a Chromium of its own, for scripts run outside the test runner. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack & { browser: Browser }> {
  const server = await startServer(env);
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, headless: true });
  const stack = stackOn(server, browser);
  return {
    ...stack,
    browser,
    async stop() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

interface AuthAnswer {
  token: string;
  user: { id: number; email: string };
}

let counter = 0;
/**
 * Registers a user through the API and, for other roles, promotes it as the admin. Each registration
 * leaves from a loopback address of its own, so a shared server's sign-up limit per address is not
 * spent by the many users the tests make.
 */
export async function createUser(
  stack: Server,
  role: 'member' | 'staff' | 'dev' | 'admin',
  firstName = 'Uji',
) {
  counter += 1;
  const email = `${role}${counter}-${process.pid}-${Date.now()}@e2e.test`;
  const password = 'rahasia-123';
  const from = `127.0.${1 + Math.floor(counter / 250)}.${1 + (counter % 250)}`;
  const registered = await stack.api<AuthAnswer>(
    'POST',
    '/api/auth/register',
    {
      firstName,
      lastName: role[0]!.toUpperCase() + role.slice(1),
      email,
      password,
      password2: password,
      referral_code: '',
      agreeToTerms: true,
    },
    undefined,
    from,
  );
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

/** Signs in on the sign-in screen, in whatever language the page was left in ('Sign in', 'Masuk'). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/**
 * Checks again until `check` holds, for states that only show when asked (a list refreshed by hand, an
 * account's state over the API). No deadline: the runner's limit ends a test that hangs.
 */
export async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((again) => setTimeout(again, 100));
}
