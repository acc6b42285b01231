import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** Realtime fan-out to 1,000 panels, measured in a fresh process (see fanout-run.ts). */
export async function realtimeFanOut() {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'fanout-run.ts')],
    { encoding: 'utf8', env: process.env, maxBuffer: 16 * 1024 * 1024 },
  );
  return { realtimeFanOut: JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown> };
}
