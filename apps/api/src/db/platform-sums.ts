import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '.';
import { LEDGER_KINDS, platformHourly, platformHourlyChanges } from './schema';

/** Every column of the platform's sums: the sends by stage, then the money by ledger kind. */
export const PLATFORM_COLUMNS = [
  ...['success', 'fail', 'pending', 'delivered', 'read', 'opted_out'],
  ...LEDGER_KINDS,
] as const;

const columnList = sql.raw(PLATFORM_COLUMNS.map((column) => `"${column}"`).join(', '));

/**
 * The platform's hourly sums as a reader must take them: the folded hours and the changes not folded
 * yet, one row or more an hour (sum them by hour). One statement reads both, so a fold running
 * meanwhile is seen wholly or not at all.
 */
export const platformSums = sql`(select "hour", ${columnList} from ${platformHourly}
  union all select "hour", ${columnList} from ${platformHourlyChanges})`;

/**
 * Moves the changes the triggers left into one row an hour. Run every minute (startPlatformFold), so a
 * reader adds at most a minute's changes to the folded hours. Two instances folding at once each move
 * what the other has not: a change deleted by one is skipped by the other. Answers the hours touched.
 */
export async function foldPlatformChanges(db: Pick<Db, 'execute'>): Promise<number> {
  const sums = sql.raw(PLATFORM_COLUMNS.map((column) => `sum("${column}")`).join(', '));
  const added = sql.raw(
    PLATFORM_COLUMNS.map((column) => `"${column}" = p."${column}" + excluded."${column}"`).join(', '),
  );
  const [row] = await queryRows<{ hours: string | number }>(
    db,
    sql`with moved as (delete from ${platformHourlyChanges} returning *),
        folded as (
          insert into ${platformHourly} as p ("hour", ${columnList})
          select "hour", ${sums} from moved group by "hour" order by "hour"
          on conflict ("hour") do update set ${added}
          returning 1)
        select count(*) as hours from folded`,
  );
  return Number(row?.hours ?? 0);
}

/** How often the servers fold the platform's changes (startPlatformFold). */
export const PLATFORM_FOLD_EVERY_MS = 60_000;

/** Folds now and then every `everyMs`, on every instance, until stopped. */
export function startPlatformFold(db: Db, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<unknown> = Promise.resolve();
  const fold = () => {
    running = running.then(() => foldPlatformChanges(db)).catch(onError);
  };
  fold();
  const timer = setInterval(fold, everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
