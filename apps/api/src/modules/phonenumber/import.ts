import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import { MSG, isValidNumber, normalizeNumber, type ImportAnswer, type ImportRow } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { importStaging, phoneNumbers } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { columnReader, readRecords } from '../../lib/rows';

const BATCH = 5_000;
/** The answer lists at most this many created rows (the count is always exact). */
const CREATED_LIST_LIMIT = 1_000;
const COLUMNS = {
  number: ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'telepon', 'nomor telepon', 'no'],
  name: ['name', 'nama'],
} as const;

/**
 * Imports a CSV or JSON list of numbers: normalizes them, skips invalid rows and duplicates (inside
 * the file and against the database), and adds the rest. Batches are staged in their own transactions;
 * one final statement moves them, so a malformed or oversized file leaves nothing behind.
 */
export async function importPhoneNumbers(
  db: Db,
  file: { stream: Readable; extension: string; truncated(): boolean },
): Promise<ImportAnswer> {
  const importId = randomUUID();
  const skipped: ImportRow[] = [];
  const seen = new Set<string>();
  const read = columnReader(COLUMNS);
  let batch: { importId: string; rowNo: number; number: string; name: string }[] = [];
  let rowNo = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      await tx.insert(importStaging).values(rows);
    });
  };

  try {
    for await (const record of readRecords(file.stream, file.extension)) {
      const row = read(record);
      if (row === 'header') continue;
      rowNo += 1;
      const number = normalizeNumber(row.number);
      const name = (row.name ?? '').slice(0, 200);
      if (!isValidNumber(number) || !name) {
        skipped.push({ id: null, number: row.number ?? '', name, status: 'skipped', reason: MSG.invalidRow });
        continue;
      }
      if (seen.has(number)) {
        skipped.push({ id: null, number, name, status: 'skipped', reason: MSG.duplicateInFile });
        continue;
      }
      seen.add(number);
      batch.push({ importId, rowNo, number, name });
      if (batch.length >= BATCH) await flush();
    }
    if (file.truncated()) throw new HttpError(413, MSG.fileTooLarge, { errors: { file: MSG.fileTooLarge } });
    await flush();
    if (rowNo === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });

    const created = await db.transaction(async (tx) => {
      const moved = await queryRows<ImportRow>(
        tx,
        sql`
        insert into ${phoneNumbers} (number, name)
        select number, name from ${importStaging} where import_id = ${importId} order by row_no
        on conflict (number) do nothing
        returning id, number, name, status`,
      );
      return moved.map((row) => ({ ...row, id: Number(row.id) }));
    });
    // A large import changes the table's shape; refresh the planner's statistics for the list pages.
    if (created.length > 1_000) await db.execute(sql`analyze ${phoneNumbers}`);
    const createdNumbers = new Set(created.map((row) => row.number));
    const staged = await db
      .select({ number: importStaging.number, name: importStaging.name })
      .from(importStaging)
      .where(eq(importStaging.importId, importId))
      .orderBy(importStaging.rowNo);
    const existing = staged.filter((row) => !createdNumbers.has(row.number));
    if (existing.length) {
      const ids = new Map<string, number>();
      for (let i = 0; i < existing.length; i += BATCH) {
        const chunk = existing.slice(i, i + BATCH).map((row) => row.number);
        const found = await db
          .select({ id: phoneNumbers.id, number: phoneNumbers.number })
          .from(phoneNumbers)
          .where(inArray(phoneNumbers.number, chunk));
        for (const row of found) ids.set(row.number, row.id);
      }
      for (const row of existing)
        skipped.push({
          id: ids.get(row.number) ?? null,
          ...row,
          status: 'skipped',
          reason: MSG.duplicateInDatabase,
        });
    }
    return {
      created: created.slice(0, CREATED_LIST_LIMIT),
      createdCount: created.length,
      skipped,
      skippedCount: skipped.length,
      msg: MSG.importDone(created.length),
    };
  } finally {
    file.stream.resume();
    await db.delete(importStaging).where(eq(importStaging.importId, importId));
  }
}
