/**
 * One GET path of a running API under concurrent clients, beside its own SQL alone (bench/sql-alone.ts)
 * at the same concurrency: the page's rate as a share of the rate its SQL alone gets is the ratio the
 * bench reports next to the absolute figures, steadier than they are on a shared machine.
 */
import type { Db } from '../apps/api/src/db';
import type { buildApp } from '../apps/api/src/server';
import { measureStatements, recordStatements } from './sql-alone';
import { loadFromChild, round } from './support';

export interface PageTarget {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  base: string;
  token: string;
}

/** A path under `clients` clients for `seconds`, after a short warm-up; autocannon in a child process. */
export async function loadPath(target: PageTarget, path: string, clients: number, seconds: number) {
  const headers = { authorization: `Bearer ${target.token}` };
  // The first requests of a path pay for compiling its code.
  await loadFromChild({ url: `${target.base}${path}`, connections: 10, duration: 1, headers });
  const result = await loadFromChild({
    url: `${target.base}${path}`,
    connections: clients,
    duration: seconds,
    headers,
  });
  return {
    requestsPerSecond: round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
  };
}

/**
 * The statements one request of `path` sends, recorded twice through the app with nothing else
 * running; a background job's statement can fall into one recording, hardly into both, so the
 * shorter one is kept.
 */
async function statementsOf(target: PageTarget, path: string) {
  const request = () =>
    target.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${target.token}` } });
  const first = await recordStatements(target.db, request);
  const second = await recordStatements(target.db, request);
  return first.length <= second.length ? first : second;
}

/** The SQL one request of `path` sends, alone, at `clients` concurrent callers. */
export async function sqlAloneOf(
  target: PageTarget,
  path: string,
  { clients, seconds }: { clients: number; seconds: number },
) {
  return measureStatements(target.db, await statementsOf(target, path), { clients, seconds });
}

/** The path through the API and its SQL alone, both at `clients` concurrent clients. */
export async function pageAgainstItsSql(
  target: PageTarget,
  path: string,
  { clients, seconds }: { clients: number; seconds: number },
) {
  const api = await loadPath(target, path, clients, seconds);
  const sqlAlone = await sqlAloneOf(target, path, { clients, seconds });
  return {
    path,
    api,
    sqlAlone,
    /** The page's rate as a share of its SQL's rate alone (goal >= 0.5). */
    shareOfSqlRate: round(api.requestsPerSecond / Math.max(0.01, sqlAlone.concurrent.requestsPerSecond)),
  };
}
