import { sql } from 'drizzle-orm';
import {
  EXPORT_FILE_NAMES,
  MSG,
  UPLOAD_LIMITS,
  CONSENT_NOTE_MAX,
  CONSENT_SOURCE_MAX,
  FIELD_VALUE_MAX,
  FIELDS_MAX,
  isValidNumber,
  normalizeFieldKey,
  normalizeNumber,
  parseConsentTime,
  splitTags,
  type ImportRow,
} from '@blaster/contract';
import type { Db } from '../../../db';
import { phoneNumbers } from '../../../db/schema';
import { fieldRegistry } from '../../../domain/number-fields';
import { columnReaderWithExtras, type ExtraCells } from '../../../lib/rows';
import type { ImportKind, RecordReader } from '../kind';
import { copyField } from '../staging';

const COLUMNS = {
  number: ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'telepon', 'nomor telepon', 'no'],
  name: ['name', 'nama'],
  // Optional: a row with any of them records the number's consent (source 'import' and the import's
  // time when only some are given).
  consent_source: ['consent_source', 'consent', 'sumber_persetujuan'],
  consent_at: ['consent_at', 'consent_time', 'consented_at', 'waktu_persetujuan'],
  consent_note: ['consent_note', 'catatan_persetujuan'],
  // Values separated by '|' or ';' (a ';' only inside a quoted cell: it also separates CSV columns).
  tags: ['tags', 'tag', 'label', 'labels'],
} as const;
/**
 * The names the import reads as its own columns, and the export's `status`: the spec's export writes
 * it ('active' for every number), and read as a field it would give every re-imported number a field
 * it never had.
 */
const OWN_COLUMN_NAMES = new Set<string>([...Object.values(COLUMNS).flat(), 'status']);
const FIELD_COLUMN_PREFIX = 'field:';
/**
 * A field's column in an exported file: its key, or `field:<key>` when the key is one of the import's
 * own column names (a field `tag` would otherwise come back as the number's tags).
 */
export const fieldColumnOf = (key: string) =>
  OWN_COLUMN_NAMES.has(key) ? `${FIELD_COLUMN_PREFIX}${key}` : key;
/**
 * Every other column is a field, keyed by its header (`normalizeFieldKey`: 'Kota Asal' is kota_asal);
 * `field:<key>` names a field whatever the key.
 */
function fieldKeyOf(header: string) {
  if (header.startsWith(FIELD_COLUMN_PREFIX))
    return normalizeFieldKey(header.slice(FIELD_COLUMN_PREFIX.length));
  return header === 'status' ? null : normalizeFieldKey(header);
}
/** The source recorded for consent a file gives without naming one. */
export const IMPORTED_CONSENT_SOURCE = 'import';
/** An invalid row's cell is shown as read, up to this many characters. */
const SHOWN_CELL_LENGTH = 200;

/** What a row brings besides its number and name: consent, tags and fields (all optional). */
interface Payload {
  source?: string;
  at?: string;
  note?: string | null;
  tags?: string[];
  fields?: Record<string, string>;
}

/** Tags as a PostgreSQL array literal: every item quoted, its quotes and backslashes escaped. */
const arrayLiteral = (tags: string[]) =>
  `{${tags.map((tag) => `"${tag.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The fields of a row's other cells: empty cells are no field, values cut to FIELD_VALUE_MAX. */
function fieldsOf(extra: ExtraCells): Record<string, string> | undefined {
  let fields: Record<string, string> | undefined;
  for (const [key, value] of extra) {
    if (!value) continue;
    fields ??= {};
    fields[key] = value.slice(0, FIELD_VALUE_MAX);
  }
  return fields;
}

/**
 * Reads one file of numbers; the keys of the fields its added rows carry are registered once the
 * file is read, before they are committed.
 */
function phoneNumberReader(db: Db): RecordReader {
  const read = columnReaderWithExtras(COLUMNS, fieldKeyOf, FIELDS_MAX);
  const importedAt = new Date().toISOString();
  const keys = new Set<string>();
  const stage: RecordReader = (record) => {
    const row = read(record);
    if (row === 'header') return row;
    const { cells } = row;
    const number = normalizeNumber(cells.number);
    const name = (cells.name ?? '').slice(0, 200);
    if (!isValidNumber(number) || !name)
      return { value: (cells.number ?? '').slice(0, SHOWN_CELL_LENGTH), name, reason: MSG.invalidRow };
    const payload: Payload = {};
    if (cells.consent_source || cells.consent_at || cells.consent_note) {
      const at = parseConsentTime(cells.consent_at);
      if (at === null) return { value: number, name, reason: MSG.consentTimeInvalid };
      payload.source = (cells.consent_source || IMPORTED_CONSENT_SOURCE).slice(0, CONSENT_SOURCE_MAX);
      payload.at = at?.toISOString() ?? importedAt;
      payload.note = cells.consent_note ? cells.consent_note.slice(0, CONSENT_NOTE_MAX) : null;
    }
    const tags = cells.tags ? splitTags(cells.tags) : [];
    if (tags.length) payload.tags = tags;
    const fields = fieldsOf(row.extra);
    if (fields) {
      payload.fields = fields;
      for (const key in fields) keys.add(key);
    }
    if (!payload.source && !payload.tags && !payload.fields) return { value: number, name };
    return { value: number, name, payload: JSON.stringify(payload) };
  };
  stage.fileRead = () => fieldRegistry.register(db, keys);
  return stage;
}

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
  columns: sql`number, name, consent_source, consent_at, consent_note, tags, fields`,
  // Rows without consent, tags or fields carry no payload: the common import stays as lean as before.
  select: sql`value, name, payload::jsonb ->> 'source', (payload::jsonb ->> 'at')::timestamptz,
    payload::jsonb ->> 'note',
    case when payload is null then '{}'::text[]
         else array(select jsonb_array_elements_text(coalesce(payload::jsonb -> 'tags', '[]'))) end,
    coalesce(payload::jsonb -> 'fields', '{}'::jsonb)`,
  direct: {
    columns: ['number', 'name', 'consent_source', 'consent_at', 'consent_note', 'tags', 'fields'],
    line(row) {
      // The value is a valid number (digits only); the name is as typed.
      const name = copyField(row.name ?? '');
      if (!row.payload) return `${row.value}\t${name}\t\\N\t\\N\t\\N\t{}\t{}\n`;
      const payload = JSON.parse(row.payload) as Payload;
      const rest = [payload.source, payload.at, payload.note, arrayLiteral(payload.tags ?? [])]
        .map(copyField)
        .join('\t');
      return `${row.value}\t${name}\t${rest}\t${copyField(JSON.stringify(payload.fields ?? {}))}\n`;
    },
    // A valid number is 62 and 8 to 13 more digits: as a number it is exact and names one value only.
    key: Number,
  },
  reader: phoneNumberReader,
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
