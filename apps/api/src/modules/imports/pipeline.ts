import type { Readable } from 'node:stream';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '@blaster/contract';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { readRecordBatches, type RawRecord } from '../../lib/rows';
import { tooLarge } from '../../lib/uploads';
import { IMPORT_SPOOL_DIR, sweepImports } from './sweep';
import { directCopier, ImportRaced } from './direct';
import { rowMover } from './mover';
import { spoolUpload } from './spool';
import { stagingWriter, type StagedRow } from './staging';

export { CREATED_LIST_LIMIT } from './mover';
/** The answer lists at most this many skipped rows; the count is exact. */
export const SKIPPED_LIST_LIMIT = 500;

export type ImportKindName = 'phone_numbers' | 'proxies' | 'message_templates';

/** A skipped row as staged, in file order; `targetId` is the row already in the table, if any. */
export interface SkippedRow {
  rowNo: number;
  value: string;
  name: string;
  status: string;
  reason: string;
  targetId: number | null;
}

/** What one kind of import brings to the shared pipeline. */
export interface ImportKind<Created, Skipped> {
  name: ImportKindName;
  table: PgTable;
  /** The table's unique column: a value already there, or earlier in the file, is skipped. */
  uniqueColumn?: string;
  /** The table's columns the import fills, and the expressions over import_staging that fill them. */
  columns: SQL;
  select: SQL;
  /**
   * On PostgreSQL, rows may be copied straight into the table (direct.ts) when the unique values are
   * numbers: the table's columns in COPY order, a row as a line of COPY text in that order (fields
   * escaped with `copyField`, ending in a newline), and the value as a positive safe integer that no
   * other value shares.
   */
  direct?: {
    columns: string[];
    line(row: StagedRow): string;
    key(value: string): number;
  };
  /** A reader for one file: each record becomes a staged row, or 'header' for a header line. */
  reader(): (record: RawRecord) => StagedRow | 'header';
  /** A created row as the answer shows it (the table's row, column names as in the database). */
  presentCreated(row: Record<string, unknown>): Created;
  /** A skipped row as the answer and the download show it. */
  presentSkipped(row: SkippedRow): Skipped;
  /** The download of every skipped row: file names, a row as written, and the CSV's columns. */
  download: {
    csv: string;
    json: string;
    row(row: SkippedRow): Record<string, unknown>;
    columns: string[];
  };
}

export interface ImportOutcome<Created, Skipped> {
  importId: number;
  created: Created[];
  createdCount: number;
  skipped: Skipped[];
  skippedCount: number;
}

export interface UploadedList {
  stream: Readable;
  extension: string;
  truncated(): boolean;
}

/**
 * The one import pipeline: the file is read as a stream and every row is copied into import_staging
 * (rows that fail the kind's checks with their reason); set-based statements move the rows into the
 * table in file order inside one transaction (a value already there, or earlier in the file, is left
 * out and then marked as the duplicate it is), and the answer gives the counts with the first rows.
 * Skipped rows stay staged for the download; a file that fails half-way leaves nothing behind.
 */
export async function runImport<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  file: UploadedList,
  userId: number,
): Promise<ImportOutcome<Created, Skipped>> {
  // Rows are read while the upload arrives; it is kept on disk too, for an import that must start
  // over. A file over the limit is only known as such at its end: its rows are then undone.
  const spool = spoolUpload(file.stream, IMPORT_SPOOL_DIR, file.extension);
  let outcome: ImportOutcome<Created, Skipped>;
  try {
    outcome = await stageAndMove(db, kind, spool, file, userId);
  } finally {
    await spool.remove();
  }
  // A large import changes the table's shape: fresh planner statistics keep the list pages fast.
  // The answer does not wait for them: they start once it has left (nothing is awaited after this,
  // or on the embedded database, whose one connection runs them at once, the answer would wait).
  // A failure leaves the older statistics, which the next import refreshes.
  if (outcome.createdCount > 1_000)
    setImmediate(() => db.execute(sql`analyze ${kind.table}`).catch(() => {}));
  return outcome;
}

async function stageAndMove<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  spool: ReturnType<typeof spoolUpload>,
  file: UploadedList,
  userId: number,
): Promise<ImportOutcome<Created, Skipped>> {
  await sweepImports(db);
  const [started] = await db
    .insert(imports)
    .values({ kind: kind.name, userId })
    .returning({ id: imports.id });
  const importId = started!.id;
  let direct = kind.direct !== undefined;
  for (let attempt = 1; ; attempt += 1) {
    const stream = attempt === 1 ? spool.live : await spool.again();
    let mover: Awaited<ReturnType<typeof rowMover>> | null = null;
    const writer = stagingWriter(db, importId, (upTo) => mover?.staged(upTo), direct);
    const copier = direct ? await directCopier(db, kind as ImportKind<unknown, unknown>, writer) : null;
    if (!copier) mover = await rowMover(db, kind as ImportKind<unknown, unknown>, importId);
    try {
      const stage = kind.reader();
      let rowNo = 0;
      for await (const records of readRecordBatches(stream, file.extension)) {
        for (const record of records) {
          const row = stage(record);
          if (row === 'header') continue;
          rowNo += 1;
          const waiting = copier && !row.reason ? copier.add(rowNo, row) : writer.add(rowNo, row);
          if (waiting) await waiting;
        }
      }
      await spool.complete();
      if (file.truncated()) throw tooLarge();
      if (rowNo === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });
      let outcome;
      if (copier) {
        // Skipped rows are all staged before the rows to add are in: on the embedded database these
        // are committed by `finish`, and nothing may fail after them.
        await copier.drain();
        await writer.finish();
        outcome = await copier.finish();
        await copier.commit();
      } else {
        await writer.finish();
        outcome = await mover!.finish(writer.offered());
      }
      return await answer(db, kind, importId, rowNo, outcome);
    } catch (error) {
      stream.destroy();
      await writer.settle();
      await copier?.abandon();
      await mover?.abandon();
      await db.delete(importStaging).where(eq(importStaging.importId, importId));
      // Another writer added one of the values between the look-up and the copy: the file is read
      // again and moved the staged way, which leaves such values out.
      if (error instanceof ImportRaced) {
        direct = false;
        continue;
      }
      await db.delete(imports).where(eq(imports.id, importId));
      throw error;
    }
  }
}

/** Records the finished import and answers the counts, the first added rows and the first skipped ones. */
async function answer<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  importId: number,
  rowNo: number,
  { created, createdCount }: { created: Record<string, unknown>[]; createdCount: number },
): Promise<ImportOutcome<Created, Skipped>> {
  // Every row of the file is either added or skipped.
  const skippedCount = rowNo - createdCount;
  const skipped = skippedCount
    ? await db
        .select()
        .from(importStaging)
        .where(and(eq(importStaging.importId, importId), isNotNull(importStaging.reason)))
        .orderBy(asc(importStaging.rowNo))
        .limit(SKIPPED_LIST_LIMIT)
    : [];
  await db.execute(
    sql`with added as (
          delete from ${importStaging} where import_id = ${importId} and reason is null
        )
        update ${imports} set finished_at = now(), created_count = ${createdCount},
          skipped_count = ${skippedCount}
        where id = ${importId}`,
  );
  return {
    importId,
    created: created.map((row) => kind.presentCreated(row)),
    createdCount,
    skipped: skipped.map((row) => kind.presentSkipped(row as SkippedRow)),
    skippedCount,
  };
}
