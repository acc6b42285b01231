import { Transform, pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import Parser from 'stream-json/Parser.js';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import { MSG, stripInvisibleControls } from '@blaster/contract';
import { HttpError } from './errors';

/** One record of an uploaded list: CSV cells, or a JSON array item. */
export type RawRecord = string[] | Record<string, unknown> | string | number;

/** Deepest nesting a JSON list may have: its rows are flat objects or pairs, so deeper is no list. */
export const MAX_JSON_DEPTH = 20;

/** PostgreSQL text cannot hold NUL; a file carrying one is refused whole, as malformed. */
const NUL = '\u0000';
const nulIn = (where: string) => new Error(`${where} contains a NUL character`);

/** Tokens that begin a value of the JSON parser (stream-json). */
const VALUE_STARTS = new Set([
  'startObject',
  'startArray',
  'startString',
  'startNumber',
  'nullValue',
  'trueValue',
  'falseValue',
]);

/**
 * Checks the token stream of a JSON list before any item is assembled: a nesting deeper than
 * MAX_JSON_DEPTH (which would exhaust the stack of whoever walks the item) or a NUL character in a
 * key or a string stops the read with an error naming the item.
 */
function jsonGuard() {
  let depth = 0;
  let item = 0;
  return new Transform({
    objectMode: true,
    transform(token: { name: string; value?: unknown }, _encoding, callback) {
      if (depth === 1 && VALUE_STARTS.has(token.name)) item += 1;
      if (token.name === 'startObject' || token.name === 'startArray') {
        depth += 1;
        if (depth > MAX_JSON_DEPTH)
          return callback(new Error(`item ${item} is nested deeper than ${MAX_JSON_DEPTH} levels`));
      } else if (token.name === 'endObject' || token.name === 'endArray') depth -= 1;
      else if (
        (token.name === 'stringValue' || token.name === 'keyValue') &&
        String(token.value).includes(NUL)
      )
        return callback(nulIn(`item ${item}`));
      callback(null, token);
    },
  });
}

/**
 * What `stream` holds each time it has something, as one array: the reader waits once per batch,
 * not once per item. Stops the stream when the reader stops early.
 */
async function* batchesOf<T>(stream: Readable): AsyncGenerator<T[]> {
  const endedEarly = () => stream.errored ?? new Error('the file ended early');
  try {
    for (;;) {
      const batch: T[] = [];
      for (let item = stream.read() as T | null; item !== null; item = stream.read() as T | null)
        batch.push(item);
      if (batch.length) {
        yield batch;
        continue;
      }
      if (stream.readableEnded) return;
      // Failed or stopped while the last batch was being handled: its events are gone already.
      if (stream.errored || stream.destroyed) throw endedEarly();
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: Error) => {
          stream.off('readable', onReadable);
          stream.off('end', onReadable);
          stream.off('error', settle);
          stream.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onReadable = () => settle();
        const onClose = () => settle(stream.readableEnded ? undefined : endedEarly());
        stream.on('readable', onReadable);
        stream.on('end', onReadable);
        stream.on('error', settle);
        stream.on('close', onClose);
      });
    }
  } finally {
    if (!stream.readableEnded) stream.destroy();
  }
}

/**
 * Streams the records of a CSV (BOM, ',' or ';', quoted fields, with or without header) or a JSON
 * array file in batches, so a large file never sits in memory. A malformed file throws 400.
 */
export async function* readRecordBatches(stream: Readable, extension: string): AsyncGenerator<RawRecord[]> {
  try {
    if (extension === 'csv') {
      const parser = parse({
        bom: true,
        delimiter: [',', ';'],
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
      });
      // pipeline() hands the upload's own error (cut at its size limit, say) on to the parser.
      pipeline(stream, parser, () => {});
      let row = 0;
      for await (const records of batchesOf<string[]>(parser)) {
        for (const record of records) {
          row += 1;
          for (const cell of record) if (cell.includes(NUL)) throw nulIn(`row ${row}`);
        }
        yield records;
      }
    } else {
      // pipeline() hands an error of any stage on to the last one, which the loop below reads.
      const items = pipeline(stream, new Parser(), jsonGuard(), StreamArray.make(), () => {});
      for await (const batch of batchesOf<{ value: RawRecord }>(items)) yield batch.map((item) => item.value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, MSG.fileTooLarge, { errors: { file: MSG.fileTooLarge } });
    const detail = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
    throw new HttpError(400, MSG.fileMalformed(detail), { errors: { file: MSG.fileMalformed(detail) } });
  }
}

/** The records of a CSV or JSON list one at a time (see `readRecordBatches`). */
export async function* readRecords(stream: Readable, extension: string): AsyncGenerator<RawRecord> {
  for await (const records of readRecordBatches(stream, extension)) yield* records;
}

/**
 * A cell as text, trimmed and without bidirectional controls (names are shown in tables); a JSON list
 * (tags) is its items joined by `|`.
 */
const cellText = (value: unknown) =>
  stripInvisibleControls(Array.isArray(value) ? value.map(String).join('|') : String(value ?? '')).trim();

/** The cells of a record in columns the reader does not name: by key, in file order. */
export type ExtraCells = [key: string, value: string][];
const NO_EXTRA: ExtraCells = [];

/** Picks named columns from records: by header names when the first CSV row is a header, else by position. */
export function columnReader(names: Record<string, readonly string[]>) {
  const read = columnReaderWithExtras(names, () => null);
  return (record: RawRecord): Record<string, string> | 'header' => {
    const row = read(record);
    return row === 'header' ? row : row.cells;
  };
}

/**
 * `columnReader` that also answers the cells of other columns, under the key `keyOf` makes of their
 * header (null leaves the column out; at most `maxExtra` columns are kept). A CSV without a header
 * has no other columns: its cells are read by position.
 */
export function columnReaderWithExtras(
  names: Record<string, readonly string[]>,
  keyOf: (header: string) => string | null,
  maxExtra = Infinity,
) {
  const keys = Object.keys(names);
  const known = new Set(Object.values(names).flat());
  /** Where each key's cell is in a CSV record: by header, else by position (-1: not in the file). */
  let cells = keys.map((_, position) => position);
  /** The other columns of a CSV's header worth keeping, with their keys. */
  let extraCells: { cell: number; key: string }[] = [];
  let first = true;
  const extrasOf = (headers: string[]) => {
    const seen = new Set<string>();
    const kept: { cell: number; key: string }[] = [];
    headers.forEach((header, cell) => {
      if (known.has(header) || kept.length >= maxExtra) return;
      const key = keyOf(header);
      if (key !== null && !seen.has(key)) kept.push({ cell, key });
      if (key !== null) seen.add(key);
    });
    return kept;
  };
  return (record: RawRecord): { cells: Record<string, string>; extra: ExtraCells } | 'header' => {
    const out: Record<string, string> = {};
    if (Array.isArray(record)) {
      if (first) {
        first = false;
        const lower = record.map((cell) => String(cell).trim().toLowerCase());
        const found = keys.map((key) => lower.findIndex((c) => names[key]!.includes(c)));
        if (found.some((index) => index >= 0)) {
          cells = found;
          extraCells = extrasOf(lower);
          return 'header';
        }
      }
      for (let i = 0; i < keys.length; i += 1) {
        const cell = cells[i]!;
        out[keys[i]!] = cell < 0 || cell >= record.length ? '' : cellText(record[cell]);
      }
      if (extraCells.length === 0) return { cells: out, extra: NO_EXTRA };
      const extra: ExtraCells = [];
      for (const { cell, key } of extraCells)
        if (cell < record.length) extra.push([key, cellText(record[cell])]);
      return { cells: out, extra };
    }
    first = false;
    if (record !== null && typeof record === 'object') {
      const entries = Object.entries(record).map(([k, v]) => [k.toLowerCase(), v] as const);
      for (const [key, aliases] of Object.entries(names)) {
        const hit = entries.find(([k]) => aliases.includes(k));
        out[key] = hit ? cellText(hit[1]) : '';
      }
      return { cells: out, extra: jsonExtras(entries, known, keyOf, maxExtra) };
    }
    out[Object.keys(names)[0]!] = cellText(record);
    return { cells: out, extra: NO_EXTRA };
  };
}

/** The other keys of a JSON item with a text, number or true/false value (nested values are left out). */
function jsonExtras(
  entries: (readonly [string, unknown])[],
  known: ReadonlySet<string>,
  keyOf: (header: string) => string | null,
  maxExtra: number,
): ExtraCells {
  let extra: ExtraCells = NO_EXTRA;
  for (const [header, value] of entries) {
    if (known.has(header) || extra.length >= maxExtra) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const key = keyOf(header);
    if (key === null || extra.some(([taken]) => taken === key)) continue;
    if (extra === NO_EXTRA) extra = [];
    extra.push([key, cellText(value)]);
  }
  return extra;
}
