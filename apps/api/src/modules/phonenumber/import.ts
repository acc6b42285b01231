import { sql } from 'drizzle-orm';
import {
  EXPORT_FILE_NAMES,
  MSG,
  isValidNumber,
  normalizeNumber,
  type ImportAnswer,
  type ImportRow,
} from '@blaster/contract';
import type { Db } from '../../db';
import { phoneNumbers } from '../../db/schema';
import { columnReader } from '../../lib/rows';
import { runImport, type ImportKind, type UploadedList } from '../imports/pipeline';

const COLUMNS = {
  number: ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'telepon', 'nomor telepon', 'no'],
  name: ['name', 'nama'],
} as const;
/** An invalid row's cell is shown as read, up to this many characters. */
const SHOWN_CELL_LENGTH = 200;

/**
 * A CSV or JSON list of numbers: they are normalized; invalid rows (no valid number or no name) and
 * duplicates (inside the file and against the database) are skipped, the rest added.
 */
export const phoneNumberImport: ImportKind<ImportRow, ImportRow> = {
  name: 'phone_numbers',
  table: phoneNumbers,
  uniqueColumn: 'number',
  columns: sql`number, name`,
  select: sql`value, name`,
  reader() {
    const read = columnReader(COLUMNS);
    return (record) => {
      const row = read(record);
      if (row === 'header') return row;
      const number = normalizeNumber(row.number);
      const name = (row.name ?? '').slice(0, 200);
      if (!isValidNumber(number) || !name)
        return { value: (row.number ?? '').slice(0, SHOWN_CELL_LENGTH), name, reason: MSG.invalidRow };
      return { value: number, name };
    };
  },
  presentCreated: (row) => ({
    id: Number(row.id),
    number: String(row.number),
    name: String(row.name),
    status: String(row.status),
  }),
  presentSkipped: (row) => ({
    id: row.targetId,
    number: row.value,
    name: row.name,
    status: 'skipped',
    reason: row.reason,
  }),
  download: {
    csv: EXPORT_FILE_NAMES.phoneNumbersSkippedCsv,
    json: EXPORT_FILE_NAMES.phoneNumbersSkippedJson,
    // As the panel wrote it before: the reason in the status column.
    row: (row) => ({ number: row.value, name: row.name, status: row.reason }),
    columns: ['number', 'name', 'status'],
  },
};

/** Imports a phone-number list for `userId` (the importer, who alone may download its skipped rows). */
export async function importPhoneNumbers(db: Db, file: UploadedList, userId: number): Promise<ImportAnswer> {
  const outcome = await runImport(db, phoneNumberImport, file, userId);
  return { ...outcome, msg: MSG.importDone(outcome.createdCount) };
}
