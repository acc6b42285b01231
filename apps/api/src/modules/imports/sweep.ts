import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';

/** Where uploads wait while they are imported (removed as each import ends). */
export const IMPORT_SPOOL_DIR = join(tmpdir(), 'blaster-imports');

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

/** Uploads left in the spool folder by a crash: all of them, or those older than an import can run. */
async function sweepSpool(everyFile: boolean) {
  const names = await readdir(IMPORT_SPOOL_DIR).catch(() => [] as string[]);
  const cutoff = Date.now() - ABANDONED_AFTER_MINUTES * 60_000;
  for (const name of names) {
    const path = join(IMPORT_SPOOL_DIR, name);
    const modified = await stat(path).then(
      (found) => found.mtimeMs,
      () => 0,
    );
    if (everyFile || modified < cutoff) await rm(path, { force: true });
  }
}

/**
 * What the server runs once at start. The embedded database has one process, so nothing is being
 * imported yet; on PostgreSQL other instances (on this host too) may be importing, so only old rows go.
 */
export async function sweepImportsAtStart(db: Db, kind: 'pglite' | 'postgres') {
  await sweepImports(db, { everyUnfinished: kind === 'pglite', orphans: true });
  await sweepSpool(kind === 'pglite');
}
