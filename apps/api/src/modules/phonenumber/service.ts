import { Readable } from 'node:stream';
import {
  MSG,
  EXPORT_FILE_NAMES,
  FORM_CONSENT_SOURCE,
  toCsv,
  parseConsentTime,
  type PhoneConsent,
  type phoneNumberSaveWithConsentSchema,
  type phoneNumberUpdateWithConsentSchema,
} from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { fieldRegistry } from '../../domain/number-fields';
import { fieldColumnOf } from '../imports/kinds/phone-numbers';
import { HttpError } from '../../lib/errors';
import { phoneNumbers } from '../../db/schema';
import type { PageRequest } from '../../lib/paging';
import { uniqueRecords } from '../../lib/unique-records';
import { phoneRepository, type PhoneFilter, type PhoneRecord } from './repository';

type SaveBody = z.output<typeof phoneNumberSaveWithConsentSchema>;
type UpdateBody = z.output<typeof phoneNumberUpdateWithConsentSchema>;

export const presentPhone = (row: PhoneRecord) => ({
  id: row.id,
  number: row.number,
  name: row.name,
  status: row.status as 'active' | 'nonactive',
  in_use: row.inUse,
  count_success: row.countSuccess,
  count_fail: row.countFail,
  last_sent: row.lastSent?.toISOString() ?? null,
  consent_source: row.consentSource,
  consent_at: row.consentAt?.toISOString() ?? null,
  consent_note: row.consentNote,
  suppressed: row.suppressed,
  tags: row.tags,
  fields: row.fields,
});

/**
 * The tags and fields a form sent; a form that sent none leaves the number's as they are. The fields'
 * keys are registered first: a key known before any number carries it costs nothing, a number whose
 * key the registry lacks would be one the template check cannot see.
 */
async function labelColumns(db: Db, body: Pick<SaveBody, 'tags' | 'fields'>) {
  if (body.fields) await fieldRegistry.register(db, Object.keys(body.fields));
  return {
    ...(body.tags ? { tags: body.tags } : {}),
    ...(body.fields ? { fields: body.fields } : {}),
  };
}

/**
 * The consent columns the form's fields write: any field filled records consent, all sent empty clear
 * it, none sent (another client) leaves it as it is.
 */
function consentColumns(body: PhoneConsent) {
  if (body.consent_source === undefined && body.consent_at === undefined && body.consent_note === undefined)
    return {};
  if (!body.consent_source && !body.consent_at && !body.consent_note)
    return { consentSource: null, consentAt: null, consentNote: null };
  return {
    consentSource: body.consent_source || FORM_CONSENT_SOURCE,
    consentAt: parseConsentTime(body.consent_at) ?? new Date(),
    consentNote: body.consent_note || null,
  };
}

const phones = uniqueRecords({
  table: phoneNumbers,
  id: phoneNumbers.id,
  unique: { field: 'number', taken: () => MSG.phoneNumberTaken },
  notFound: () => MSG.phoneNumberNotFound,
  present: presentPhone,
});

/** One page of the phone number list: what list-per-page reads (the bench times exactly this). */
export async function readPhonePage(db: Db, request: PageRequest, filter?: PhoneFilter) {
  const { rows, meta } = await phoneRepository.page(db, request, filter);
  return { data: rows.map(presentPhone), meta };
}

export const phoneSlice = async (db: Db, query: Parameters<typeof phoneRepository.slice>[1]) =>
  (await phoneRepository.slice(db, query)).map(presentPhone);

export const countBlast = (db: Db) => phoneRepository.countBlast(db);

export const savePhone = async (db: Db, { number, name, tags, fields, ...consent }: SaveBody) =>
  phones.save(db, {
    number,
    name,
    ...consentColumns(consent),
    ...(await labelColumns(db, { tags, fields })),
  });

export const findPhone = (db: Db, id: number) => phones.find(db, id);

export const updatePhone = async (
  db: Db,
  id: number,
  { number, name, status, tags, fields, ...consent }: UpdateBody,
) =>
  phones.update(db, id, {
    number,
    name,
    status,
    ...consentColumns(consent),
    ...(await labelColumns(db, { tags, fields })),
  });

/** The field keys numbers carry: the variables a template may use. */
export const fieldKeys = (db: Db) => fieldRegistry.keys(db);

export const deletePhone = (db: Db, id: number) => phones.remove(db, id);

/** Rows read from the database this many at a time while an export is written. */
const EXPORT_SLICE = 5_000;
const EXPORT_COLUMNS = ['number', 'name', 'status', 'tags'] as const;
/** Tags in one cell, joined as the import splits them again ('|' never occurs inside a tag). */
const TAG_JOINER = '|';

/**
 * One number as the export writes it: its columns, then one per registered field key ('' when it has
 * none), under the field's column name (`fieldColumnOf`).
 */
type ExportRow = Record<string, string>;

/** Every number as the export writes it, newest first, a slice at a time. */
async function* exportSlices(db: Db, fieldKeys: readonly string[]) {
  for (let after: number | undefined; ;) {
    const slice = await phoneRepository.slice(db, { limit: EXPORT_SLICE, after });
    if (slice.length === 0) return;
    yield slice.map((row): ExportRow => {
      const fields = Object.fromEntries(fieldKeys.map((key) => [fieldColumnOf(key), row.fields[key] ?? '']));
      // The status is 'active' whatever the number's, as the spec's export writes it.
      return {
        number: row.number,
        name: row.name,
        status: 'active',
        tags: row.tags.join(TAG_JOINER),
        ...fields,
      };
    });
    if (slice.length < EXPORT_SLICE) return;
    after = slice.at(-1)!.id;
  }
}

/**
 * The file the panel wrote from the list before, now written by the server while it reads: a CSV with
 * a header (cells a spreadsheet would run as formulas written as text), or an indented JSON array.
 * Besides the spec's columns it carries the tags and a column per field key, named as the import reads
 * them, so a file exported and imported again gives the same numbers.
 */
async function* exportText(db: Db, format: 'csv' | 'json') {
  const fieldKeys = await fieldRegistry.keys(db);
  const columns = [...EXPORT_COLUMNS, ...fieldKeys.map(fieldColumnOf)];
  let first = true;
  if (format === 'csv') yield toCsv([columns]);
  else yield '[';
  for await (const rows of exportSlices(db, fieldKeys)) {
    if (format === 'csv') yield `\r\n${toCsv(rows.map((row) => columns.map((column) => row[column])))}`;
    else {
      const items = rows.map((row) => `\n  ${JSON.stringify(row, null, 2).replaceAll('\n', '\n  ')}`);
      yield `${first ? '' : ','}${items.join(',')}`;
    }
    first = false;
  }
  if (format === 'json') yield first ? ']' : '\n]';
}

/** Every phone number as a file, with the count of its rows when it began; none at all is refused. */
export async function phoneExport(db: Db, format: 'csv' | 'json') {
  const { blasted, unBlasted } = await phoneRepository.countBlast(db);
  const rows = blasted + unBlasted;
  if (rows === 0) throw new HttpError(404, MSG.noPhoneNumbersToExport);
  return {
    rows,
    name: format === 'csv' ? EXPORT_FILE_NAMES.phoneNumbersCsv : EXPORT_FILE_NAMES.phoneNumbersJson,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    body: Readable.from(exportText(db, format)),
  };
}
