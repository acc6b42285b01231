import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Sizes measured, each in a fresh process (BENCH_IMPORT_ROWS=200000,1000000 by default). */
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '200000,1000000').split(',').map(Number);

/** Phone-number imports of generated CSV rows: rows/s, and peak memory above the idle server's. */
export async function phoneNumberImport() {
  const results: Record<string, unknown> = {};
  for (const rows of SIZES) {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', resolve(import.meta.dirname, 'import-run.ts'), String(rows)],
      {
        encoding: 'utf8',
        env: process.env,
        maxBuffer: 16 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    results[`rows${rows}`] = JSON.parse(output.trim().split('\n').at(-1)!);
  }
  return results;
}
