/**
 * `npm run bench`: measured figures, printed as one JSON summary and written to bench/results.json.
 * Everything runs on this machine against an embedded database, or, with BENCH_DATABASE_URL, in a
 * scratch database on that PostgreSQL server (then also across two instances); nothing leaves it.
 * BENCH_ONLY=name,name runs only the named sections (see `sections` below).
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { sections } from './sections';
import { SERVER } from './support';

/** Runs one section in a fresh process (bench/section.ts); what it prints goes to stderr. */
function runSection(name: string) {
  const child = fork(resolve(import.meta.dirname, 'section.ts'), [name], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  return new Promise<Record<string, unknown>>((done, fail) => {
    let figures: Record<string, unknown> | undefined;
    child.once('message', (message) => {
      figures = message as Record<string, unknown>;
    });
    // 'close' comes after every message of the child has been handled.
    child.once('close', (code) =>
      figures && code === 0
        ? done(figures)
        : fail(new Error(`bench section ${name} exited with code ${code}`)),
    );
  });
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const results: Record<string, unknown> = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  date: new Date().toISOString(),
  database: SERVER ? 'postgres' : 'pglite',
};
for (const name of Object.keys(sections)) {
  if (only && !only.includes(name)) continue;
  Object.assign(results, await runSection(name));
}
writeFileSync(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results));
