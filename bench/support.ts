/** What every bench section shares: its own database, percentiles, memory sampling. */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import type autocannon from 'autocannon';
import { openDatabase, type Database } from '../apps/api/src/db';
import { createScratchDatabase } from '../apps/api/src/db/scratch';

/** A PostgreSQL server to bench against; without it the embedded database is used. */
export const SERVER = process.env.BENCH_DATABASE_URL;

/** A database of the bench's own: embedded, or a scratch database dropped again on close. */
export async function openBenchDatabase(): Promise<Database & { url?: string }> {
  if (!SERVER) return openDatabase({});
  const scratch = await createScratchDatabase(SERVER);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

export const round = (value: number) => Number(value.toFixed(2));

/** An autocannon run from a child process: the figures measure the server, not the load generator. */
export function loadFromChild(options: autocannon.Options): Promise<autocannon.Result> {
  const child = fork(resolve(import.meta.dirname, 'sections', 'load-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((done, fail) => {
    child.once('message', (result) => done(result as autocannon.Result));
    child.once('exit', (code) =>
      code ? fail(new Error(`the load client exited with code ${code}`)) : undefined,
    );
    child.send(options);
  });
}
