import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';
import type { ImportKindName, SkippedRow } from './kind';

export type ImportRecord = typeof imports.$inferSelect;

const skippedOf = (importId: number) =>
  and(eq(importStaging.importId, importId), isNotNull(importStaging.reason));

/** The imports and import_staging tables: every statement of the pipeline outside the bulk moves. */
export const importRepository = {
  async start(db: Db, kind: ImportKindName, userId: number): Promise<number> {
    const [started] = await db.insert(imports).values({ kind, userId }).returning({ id: imports.id });
    return started!.id;
  },

  async find(db: Db, id: number): Promise<ImportRecord | undefined> {
    const [found] = await db.select().from(imports).where(eq(imports.id, id));
    return found;
  },

  /** Drops every staged row of an import (it failed, or is read again). */
  dropStaged: (db: Db, importId: number) =>
    db.delete(importStaging).where(eq(importStaging.importId, importId)),

  drop: (db: Db, importId: number) => db.delete(imports).where(eq(imports.id, importId)),

  /** Skipped rows in file order, after row `after`, at most `limit` of them. */
  async skipped(db: Db, importId: number, limit: number, after = 0): Promise<SkippedRow[]> {
    const rows = await db
      .select()
      .from(importStaging)
      .where(and(skippedOf(importId), gt(importStaging.rowNo, after)))
      .orderBy(asc(importStaging.rowNo))
      .limit(limit);
    return rows as SkippedRow[];
  },

  /** Marks the import finished with its counts; its added rows leave the staging table, its skipped stay. */
  finish: (db: Db, importId: number, createdCount: number, skippedCount: number) =>
    db.execute(
      sql`with added as (
            delete from ${importStaging} where import_id = ${importId} and reason is null
          )
          update ${imports} set finished_at = now(), created_count = ${createdCount},
            skipped_count = ${skippedCount}
          where id = ${importId}`,
    ),

  analyze: (db: Db, table: PgTable) => db.execute(sql`analyze ${table}`),
};
