import { sql } from 'drizzle-orm';
import {
  EXPORT_FILE_NAMES,
  MSG,
  UPLOAD_LIMITS,
  CONSENT_NOTE_MAX,
  CONSENT_SOURCE_MAX,
  isValidNumber,
  normalizeNumber,
  parseConsentTime,
  type ImportRow,
} from '@blaster/contract';
import { phoneNumbers } from '../../../db/schema';
import { columnReader } from '../../../lib/rows';
import type { ImportKind } from '../kind';
import { copyField } from '../staging';

const COLUMNS = {
  number: ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'telepon', 'nomor telepon', 'no'],
  name: ['name', 'nama'],
  // Optional: a row with any of them records the number's consent (source 'import' and the import's
  // time when only some are given).
  consent_source: ['consent_source', 'consent', 'sumber_persetujuan'],
  consent_at: ['consent_at', 'consent_time', 'consented_at', 'waktu_persetujuan'],
  consent_note: ['consent_note', 'catatan_persetujuan'],
} as const;
/** The source recorded for consent a file gives without naming one. */
export const IMPORTED_CONSENT_SOURCE = 'import';
/** An invalid row's cell is shown as read, up to this many characters. */
const SHOWN_CELL_LENGTH = 200;

/**
 * A CSV or JSON list of numbers: they are normalized; invalid rows (no valid number or no name) and
 * duplicates (inside the file and against the database) are skipped, the rest added.
 */
export const phoneNumberImport: ImportKind<ImportRow, ImportRow> = {
  name: 'phone_numbers',
  table: phoneNumbers,
  upload: () => ({
    maxBytes: UPLOAD_LIMITS.phoneNumbers,
    extensions: ['csv', 'json'],
    typeError: MSG.fileTypeCsvJson,
  }),
  said: (createdCount) => MSG.importDone(createdCount),
  uniqueColumn: 'number',
  columns: sql`number, name, consent_source, consent_at, consent_note`,
  // Rows without consent carry no payload: the common import stays as lean as before.
  select: sql`value, name, payload::jsonb ->> 'source', (payload::jsonb ->> 'at')::timestamptz,
    payload::jsonb ->> 'note'`,
  direct: {
    columns: ['number', 'name', 'consent_source', 'consent_at', 'consent_note'],
    line(row) {
      // The value is a valid number (digits only); the name is as typed.
      const name = copyField(row.name ?? '');
      if (!row.payload) return `${row.value}\t${name}\t\\N\t\\N\t\\N\n`;
      const consent = JSON.parse(row.payload) as { source: string; at: string; note: string | null };
      const fields = [consent.source, consent.at, consent.note].map(copyField).join('\t');
      return `${row.value}\t${name}\t${fields}\n`;
    },
    // A valid number is 62 and 8 to 13 more digits: as a number it is exact and names one value only.
    key: Number,
  },
  reader() {
    const read = columnReader(COLUMNS);
    const importedAt = new Date().toISOString();
    return (record) => {
      const row = read(record);
      if (row === 'header') return row;
      const number = normalizeNumber(row.number);
      const name = (row.name ?? '').slice(0, 200);
      if (!isValidNumber(number) || !name)
        return { value: (row.number ?? '').slice(0, SHOWN_CELL_LENGTH), name, reason: MSG.invalidRow };
      if (!row.consent_source && !row.consent_at && !row.consent_note) return { value: number, name };
      const at = parseConsentTime(row.consent_at);
      if (at === null) return { value: number, name, reason: MSG.consentTimeInvalid };
      const consent = {
        source: (row.consent_source || IMPORTED_CONSENT_SOURCE).slice(0, CONSENT_SOURCE_MAX),
        at: at?.toISOString() ?? importedAt,
        note: row.consent_note ? row.consent_note.slice(0, CONSENT_NOTE_MAX) : null,
      };
      return { value: number, name, payload: JSON.stringify(consent) };
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
