/**
 * A page's SQL alone: the statements one request of a path sends to the database, recorded as the
 * driver receives them, then sent again through the same driver (the same pool, the same embedded
 * database) without HTTP, routing, validation, access checks or JSON. What is left is the floor a
 * page's rate is measured against.
 */
import { driverOf, type Db } from '../apps/api/src/db';
import { percentile, round } from './support';

/**
 * One driver call as it was made: node-postgres's pool.query(config, values), PGlite's
 * query(text, values, options) or exec(text) (prepared statements go through exec there).
 */
interface Statement {
  method: 'query' | 'exec';
  args: unknown[];
}

type DriverCall = (...args: unknown[]) => Promise<unknown>;
type Driver = Record<Statement['method'], DriverCall | undefined>;

const driverObject = (db: Db) => {
  const driver = driverOf(db);
  return (driver.kind === 'pglite' ? driver.client : driver.pool) as unknown as Driver;
};

/** Records every statement the database receives while `run` runs (nothing else may use it then). */
export async function recordStatements(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const driver = driverObject(db);
  const recorded: Statement[] = [];
  const originals = (['query', 'exec'] as const).flatMap((method) => {
    const original = driver[method];
    if (!original) return [];
    driver[method] = function (this: unknown, ...args: unknown[]) {
      recorded.push({ method, args });
      return original.apply(this, args);
    };
    return [{ method, original }];
  });
  try {
    await run();
  } finally {
    for (const { method, original } of originals) driver[method] = original;
  }
  return recorded;
}

/** The statements once, in order, as the route sent them. */
async function replayOnce(db: Db, statements: Statement[]) {
  const driver = driverObject(db);
  for (const { method, args } of statements) await driver[method]!(...args);
}

/**
 * The statements alone: once at a time (the median and slowest of `times`, in ms: what one request's
 * SQL costs), then by `clients` concurrent callers for `seconds` (the rate the database gives the
 * page, through the same pool the API uses).
 */
export async function measureStatements(
  db: Db,
  statements: Statement[],
  { clients, seconds, times = 20 }: { clients: number; seconds: number; times?: number },
) {
  const solo: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await replayOnce(db, statements);
    solo.push(performance.now() - started);
  }
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        try {
          await replayOnce(db, statements);
          latencies.push(performance.now() - at);
        } catch {
          // A pool that cannot hand out a connection in time, as the API then answers 503.
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    statements: statements.length,
    soloMs: { p50: round(percentile(solo, 50)), max: round(percentile(solo, 100)) },
    concurrent: {
      requestsPerSecond: round(latencies.length / elapsed),
      latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
      errors,
    },
  };
}
