/**
 * `npm run bench`: measured figures, printed as one JSON summary and written to bench/results.json.
 * Everything runs on this machine against an embedded database, or, with BENCH_DATABASE_URL, in a
 * scratch database on that PostgreSQL server (then also across two instances); nothing leaves it.
 * BENCH_ONLY=name,name runs only the named sections (see `sections` below).
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { blast } from './sections/blast';
import { initialBundle } from './sections/bundle';
import { crossInstanceFanOut } from './sections/cluster';
import { phoneNumberImport } from './sections/import';
import { realtimeFanOut } from './sections/fanout';
import { listPages } from './sections/pages';
import { chartStats } from './sections/stats';
import { SERVER } from './support';

/** Each section adds its figures under its own keys; they run one after another, never together. */
const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  blast,
  import: async () => ({ phoneNumberImport: await phoneNumberImport() }),
  pages: async () => ({ listPages: await listPages() }),
  fanout: realtimeFanOut,
  cluster: async () => (SERVER ? { crossInstanceFanOut: await crossInstanceFanOut() } : {}),
  bundle: async () => ({ initialBundle: initialBundle() }),
  stats: async () => ({ chartStats: await chartStats() }),
};

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
for (const [name, run] of Object.entries(sections)) {
  if (only && !only.includes(name)) continue;
  Object.assign(results, await run());
}
writeFileSync(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results));
