import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { imports, importStaging } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { readRecords, type RawRecord } from '../../lib/rows';
import { storeUpload, tooLarge } from '../../lib/uploads';
import { IMPORT_SPOOL_DIR, sweepImports } from './sweep';
import { stagingWriter, type StagedRow } from './staging';

/** The answer lists at most this many created rows and this many skipped rows; the counts are exact. */
export const CREATED_LIST_LIMIT = 1_000;
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
 * (rows that fail the kind's checks with their reason); then set-based statements mark duplicates
 * inside the file (the first occurrence wins), move the rest into the table in one statement (values
 * already there are skipped), and answer the counts with the first rows. Skipped rows stay staged for
 * the download; a file that fails half-way leaves nothing behind.
 */
export async function runImport<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  file: UploadedList,
  userId: number,
): Promise<ImportOutcome<Created, Skipped>> {
  // The upload is written to disk first: a file over the limit is refused before any row is staged
  // (the limit is only known once the whole upload has arrived), and reading it back costs little.
  const spooled = await storeUpload(file.stream, IMPORT_SPOOL_DIR, file.extension);
  try {
    if (file.truncated()) throw tooLarge();
    return await stageAndMove(db, kind, createReadStream(spooled.path), file.extension, userId);
  } finally {
    await rm(spooled.path, { force: true });
  }
}

async function stageAndMove<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  stream: Readable,
  extension: string,
  userId: number,
): Promise<ImportOutcome<Created, Skipped>> {
  await sweepImports(db);
  const [started] = await db
    .insert(imports)
    .values({ kind: kind.name, userId })
    .returning({ id: imports.id });
  const importId = started!.id;
  const writer = stagingWriter(db, importId);
  try {
    const stage = kind.reader();
    let rowNo = 0;
    for await (const record of readRecords(stream, extension)) {
      const row = stage(record);
      if (row === 'header') continue;
      rowNo += 1;
      const sending = writer.add(rowNo, row);
      if (sending) await sending;
    }
    if (rowNo === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });
    await writer.finish();
    // The planner must know how many rows just arrived, or it joins them row by row (quadratic).
    await db.execute(sql`analyze ${importStaging}`);

    const { created, createdCount } = await moveRows(db, kind, importId, writer.offered());
    // A large import changes the table's shape; fresh planner statistics keep the list pages fast.
    if (createdCount > 1_000) await db.execute(sql`analyze ${kind.table}`);

    const skipped = await db
      .select()
      .from(importStaging)
      .where(and(eq(importStaging.importId, importId), isNotNull(importStaging.reason)))
      .orderBy(asc(importStaging.rowNo))
      .limit(SKIPPED_LIST_LIMIT);
    const [counted] = await queryRows<{ skipped: number }>(
      db,
      sql`with added as (
            delete from ${importStaging} where import_id = ${importId} and reason is null
          ), counted as (
            select count(*)::int as skipped from ${importStaging} where import_id = ${importId} and reason is not null
          )
          update ${imports} set finished_at = now(), created_count = ${createdCount},
            skipped_count = (select skipped from counted)
          where id = ${importId}
          returning skipped_count as skipped`,
    );
    return {
      importId,
      created: created.map((row) => kind.presentCreated(row)),
      createdCount,
      skipped: skipped.map((row) => kind.presentSkipped(row as SkippedRow)),
      skippedCount: Number(counted?.skipped ?? 0),
    };
  } catch (error) {
    stream.destroy();
    await writer.settle();
    await db.delete(importStaging).where(eq(importStaging.importId, importId));
    await db.delete(imports).where(eq(imports.id, importId));
    throw error;
  }
}

/**
 * Adds the rows still to add in one statement, in file order. With a unique column a later row with
 * the same value conflicts with the first and is left out like a value already in the table; only
 * when fewer rows were added than offered are the left-out rows told apart (an earlier row of the
 * file with the same value: duplicate in the file; otherwise: already in the table).
 */
async function moveRows<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  importId: number,
  offered: number,
) {
  return db.transaction(async (tx) => {
    const unique = kind.uniqueColumn ? sql.identifier(kind.uniqueColumn) : null;
    const [moved] = await queryRows<{ created_count: number; taken_count: number; first_ids: unknown }>(
      tx,
      sql`
      with moved as (
        insert into ${kind.table} (${kind.columns})
        select ${kind.select} from ${importStaging}
        where import_id = ${importId} and reason is null
        order by row_no
        ${unique ? sql`on conflict (${unique}) do nothing` : sql``}
        returning id${unique ? sql`, ${unique}` : sql``}
      ), left_out as (
        ${
          unique
            ? sql`update ${importStaging} s
                  set reason = case when s.row_no > earliest.row_no then ${MSG.duplicateInFile}
                                    else ${MSG.duplicateInDatabase} end
                  from (
                    select value, min(row_no) as row_no from ${importStaging}
                    where import_id = ${importId} and reason is null group by value
                  ) earliest
                  where (select count(*) from moved) < ${offered}
                    and s.import_id = ${importId} and s.reason is null and s.value = earliest.value
                    and (s.row_no > earliest.row_no
                         or not exists (select 1 from moved where moved.${unique} = s.value))
                  returning s.reason`
            : sql`select null::text as reason where false`
        }
      )
      select
        (select count(*) from moved)::int as created_count,
        (select count(*) from left_out where reason = ${MSG.duplicateInDatabase})::int as taken_count,
        coalesce((select json_agg(id order by id)
                  from (select id from moved order by id limit ${CREATED_LIST_LIMIT}) first), '[]') as first_ids`,
    );
    // Only the ids pass through the statement: carrying every added row along would cost more than
    // adding them. The answer's first rows are read once they are in.
    const firstIds = (
      typeof moved!.first_ids === 'string' ? JSON.parse(moved!.first_ids) : moved!.first_ids
    ) as number[];
    const id = sql.identifier('id');
    const created = firstIds.length
      ? await queryRows<Record<string, unknown>>(
          tx,
          sql`select * from ${kind.table} where ${id} in ${firstIds} order by ${id}`,
        )
      : [];
    // The rows that made them skipped (committed just now by another import, too).
    if (unique && moved!.taken_count > 0)
      await tx.execute(sql`
        update ${importStaging} s set target_id = t.id
        from ${kind.table} t
        where s.import_id = ${importId} and s.reason = ${MSG.duplicateInDatabase} and t.${unique} = s.value`);
    return { created, createdCount: moved!.created_count };
  });
}
