import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A real API process (src/main.ts) on a PostgreSQL database, for tests across processes. */
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

/**
 * Starts an API process named `name` with its files in `dir`, and waits until it says it runs.
 * `env` adds to (or overrides) the settings every instance gets.
 */
export async function startInstance(
  name: string,
  databaseUrl: string,
  dir: string,
  options: { env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<Instance> {
  const [port, realtimePort] = [await freePort(), await freePort()];
  const journal = join(dir, `${name}.jsonl`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      REALTIME_PORT: String(realtimePort),
      INSTANCE_ID: name,
      DATA_DIR: dir,
      WEB_DIST: join(dir, 'no-web'),
      SANDBOX_TIME_SCALE: '0.02',
      SANDBOX_JOURNAL: journal,
      ...options.env,
    },
  });
  const instance: Instance = { name, port, realtimePort, journal, process: child, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => instance.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => instance.output.push(chunk.toString()));
  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  while (!instance.output.join('').includes('Blaster Panel is running')) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${instance.output.join('')}`);
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start: ${instance.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return instance;
}

/** One JSON request to an instance's API. */
export async function call<T = Record<string, unknown>>(
  instance: Instance,
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
