import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';

/** How long a finished import's skipped rows stay downloadable. */
export const SKIPPED_KEPT_HOURS = 24;
/**
 * Longer than any import runs (a 50 MB file takes well under a minute): an unfinished import this old
 * was cut off by a crash. Other instances on the same PostgreSQL may be importing right now, so only
 * imports this old are swept there.
 */
export const ABANDONED_AFTER_MINUTES = 60;

/**
 * Removes imports cut off by a crash or a restart, and finished ones past their download time, with
 * their staged rows. `everyUnfinished`: at the start of the embedded database's single process no
 * import can be running yet, so every unfinished one is abandoned. `orphans`: staged rows whose import
 * is gone (its importer was deleted).
 */
export async function sweepImports(db: Db, options: { everyUnfinished?: boolean; orphans?: boolean } = {}) {
  const abandoned = options.everyUnfinished
    ? sql`true`
    : sql`${imports.createdAt} < now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`;
  await db.execute(sql`
    with gone as (
      delete from ${imports}
      where (${imports.finishedAt} is null and ${abandoned})
         or ${imports.finishedAt} < now() - make_interval(hours => ${SKIPPED_KEPT_HOURS})
      returning id
    )
    delete from ${importStaging} where import_id in (select id from gone)`);
  if (options.orphans)
    await db.execute(sql`
      delete from ${importStaging} s
      where not exists (select 1 from ${imports} i where i.id = s.import_id)`);
}

/** What the server runs once at start: on PostgreSQL other instances may be importing, so only old rows go. */
export const sweepImportsAtStart = (db: Db, kind: 'pglite' | 'postgres') =>
  sweepImports(db, { everyUnfinished: kind === 'pglite', orphans: true });
