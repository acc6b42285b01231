import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { waitFor } from './chat';
import { freePort } from './ports';

export { freePort };

/** A real API process (the bundle of src/main.ts) on a PostgreSQL database, for tests across processes. */
export interface Instance {
  name: string;
  port: number;
  realtimePort: number;
  /** The sandbox's journal of sends (SANDBOX_JOURNAL), one JSON line per message that left. */
  journal: string;
  process: ChildProcess;
  output: string[];
}

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** An API process as launched, before it says it runs. */
export interface LaunchedProcess {
  port: number;
  realtimePort: number;
  process: ChildProcess;
  output: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * An embedded database folder a launch would create starts as a copy of the run's migrated database
 * (global-database.ts): the process opens it as any migrated folder, instead of running every migration.
 */
function startFromMigratedDatabase(dataDir: string, env: Record<string, string>) {
  if (env.DATABASE_URL) return;
  const folder = join(dataDir, 'db');
  if (existsSync(folder)) return;
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-xf', inject('migratedDataDirArchive'), '-C', folder], { stdio: 'ignore' });
}

/**
 * Launches the API's bundle on free ports with `env` added to (or overriding) the caller's environment.
 * The web panel is never served: tests talk to the API.
 */
export async function launchApi(dataDir: string, env: Record<string, string>): Promise<LaunchedProcess> {
  startFromMigratedDatabase(dataDir, env);
  const [port, realtimePort] = [await freePort(), await freePort()];
  // The bundle `npm start` runs, built from the current sources before the run (global-database.ts):
  // it starts in half the time of compiling the sources on every launch.
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      REALTIME_PORT: String(realtimePort),
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    },
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, realtimePort, process: child, output, exited };
}

/** Waits until the process prints `text` (true) or ends first (false). */
export async function printsBeforeExit(launched: LaunchedProcess, text: string) {
  const outcome = await waitFor(
    () => {
      if (launched.output.join('').includes(text)) return 'printed';
      if (launched.process.exitCode !== null || launched.process.signalCode !== null) return 'exited';
      return undefined;
    },
    () => `"${text}" from the process: ${launched.output.join('')}`,
  );
  return outcome === 'printed';
}

/**
 * Launches the API and waits until it says it runs. A free port is found by opening and closing it,
 * so on a busy machine another process may take it before the server listens: the server then stops
 * with EADDRINUSE and is launched again on other ports. Any other early exit is the caller's to read.
 */
export async function launchListening(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ launched: LaunchedProcess; running: boolean }> {
  for (;;) {
    const launched = await launchApi(dataDir, env);
    const running = await printsBeforeExit(launched, 'Blaster Panel is running');
    if (running || !launched.output.join('').includes('EADDRINUSE')) return { launched, running };
    await launched.exited;
  }
}

/**
 * Starts an API process named `name` with its files in `dir`, and waits until it says it runs.
 * `env` adds to (or overrides) the settings every instance gets.
 */
export async function startInstance(
  name: string,
  databaseUrl: string,
  dir: string,
  options: { env?: Record<string, string> } = {},
): Promise<Instance> {
  const journal = join(dir, `${name}.jsonl`);
  const { launched, running } = await launchListening(dir, {
    DATABASE_URL: databaseUrl,
    INSTANCE_ID: name,
    SANDBOX_TIME_SCALE: '0.02',
    SANDBOX_JOURNAL: journal,
    ...options.env,
  });
  const instance: Instance = {
    name,
    port: launched.port,
    realtimePort: launched.realtimePort,
    journal,
    process: launched.process,
    output: launched.output,
  };
  if (!running) throw new Error(`${name} exited: ${instance.output.join('')}`);
  return instance;
}

/** One JSON request to an instance's API. */
export async function call<T = Record<string, unknown>>(
  instance: Pick<Instance, 'port'>,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://127.0.0.1:${instance.port}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The sends an instance's sandbox journaled so far (none before its first). */
export function journalOf(instance: Instance) {
  try {
    return readFileSync(instance.journal, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string });
  } catch {
    return [];
  }
}
