import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Sizes measured, each in a fresh process (BENCH_IMPORT_ROWS=200000,1000000 by default). */
const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '200000,1000000').split(',').map(Number);
/**
 * Runs of each size. On this shared machine one run's speed varies by a third from the next one's
 * (the CPU time of the same work too), so the median run is the figure and every run is listed.
 */
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);

interface ImportRun {
  rowsPerSecond: number;
  seconds: number;
  machineCpuSeconds: number;
  rssAboveIdleMb: number;
  shareOfPlainCopy: number;
}

/** Phone-number imports of generated CSV rows: rows/s, and peak memory above the idle server's. */
export async function phoneNumberImport() {
  const results: Record<string, unknown> = {};
  for (const rows of SIZES) {
    const runs: ImportRun[] = [];
    for (let run = 0; run < RUNS; run += 1) {
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
      runs.push(JSON.parse(output.trim().split('\n').at(-1)!) as ImportRun);
    }
    const median = [...runs].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor(runs.length / 2)]!;
    results[`rows${rows}`] = {
      ...median,
      runs: runs.map(({ rowsPerSecond, seconds, machineCpuSeconds, rssAboveIdleMb, shareOfPlainCopy }) => ({
        rowsPerSecond,
        seconds,
        machineCpuSeconds,
        rssAboveIdleMb,
        shareOfPlainCopy,
      })),
    };
  }
  return results;
}
