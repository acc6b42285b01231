import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';

/** Every process's spool folder sits here, named by its process id. */
const SPOOL_ROOT = join(tmpdir(), 'blaster-imports');
/**
 * Where this process's uploads wait while they are imported (removed as each import ends). Each
 * process has its own folder: several servers may run on one host (instances on one PostgreSQL, or
 * embedded ones on other data folders), and one's start must never take another's upload mid-import.
 */
export const IMPORT_SPOOL_DIR = join(SPOOL_ROOT, String(process.pid));

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

/** Whether a process with this id runs now (one of another user counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the files under `path` last written before `cutoff` (ms). */
async function removeOlderThan(path: string, cutoff: number) {
  const modified = await stat(path).then(
    (found) => found.mtimeMs,
    () => Number.POSITIVE_INFINITY,
  );
  if (modified < cutoff) await rm(path, { recursive: true, force: true });
}

/**
 * Uploads left behind by a crash: the folders of processes that no longer run, and any file older
 * than an import can run (a process id may have been reused since). A running process's fresh upload
 * is never touched, whichever process sweeps.
 */
async function sweepSpool() {
  const cutoff = Date.now() - ABANDONED_AFTER_MINUTES * 60_000;
  for (const name of await readdir(SPOOL_ROOT).catch(() => [] as string[])) {
    const path = join(SPOOL_ROOT, name);
    const pid = /^\d+$/.test(name) ? Number(name) : null;
    if (pid !== null && pid !== process.pid && !processRuns(pid)) {
      await rm(path, { recursive: true, force: true });
      continue;
    }
    if (pid === null) {
      await removeOlderThan(path, cutoff);
      continue;
    }
    for (const file of await readdir(path).catch(() => [] as string[]))
      await removeOlderThan(join(path, file), cutoff);
  }
}

/**
 * What the server runs once at start. The embedded database has one process, so nothing is being
 * imported yet; on PostgreSQL other instances (on this host too) may be importing, so only old rows go.
 */
export async function sweepImportsAtStart(db: Db, kind: 'pglite' | 'postgres') {
  await sweepImports(db, { everyUnfinished: kind === 'pglite', orphans: true });
  await sweepSpool();
}
