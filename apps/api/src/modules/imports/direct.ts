import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MSG } from '@blaster/contract';
import { driverOf, queryRows, type Db } from '../../db';
import { CREATED_LIST_LIMIT, type AnyImportKind } from './kind';
import { copyUnescape, type StagedRow, type stagingWriter } from './staging';
import { NumberSet } from './number-set';
import { ownTransaction } from './own-transaction';
import { IMPORT_SPOOL_DIR } from './sweep';

/** Rows are looked up in the table in batches of about this many bytes of copy text. */
const BATCH_BYTES = 512 * 1024;
/** The first batch is smaller, so that rows start arriving in the table early. */
const FIRST_BATCH_BYTES = 32 * 1024;
/** The embedded database copies the rows waiting in their file this many bytes at a time. */
const SPILL_PIECE_BYTES = 1024 * 1024;

/** Another writer added one of the file's values after it was checked: the import starts over, staged. */
export class ImportRaced extends Error {
  constructor() {
    super('a value of the import was added meanwhile by another writer');
  }
}

/** Rows are encoded for the copy this many at a time: one native call per row would cost more. */
const PIECE_ROWS = 128;

/** Rows waiting for their look-up: their lines of copy text and their values, a piece per few rows. */
interface Batch {
  lines: Buffer[];
  bytes: number;
  /** Each piece's values, one a line. */
  values: string[];
  /** The lowest and highest value, in the unique column's byte order (its collation is C). */
  lowest: string;
  highest: string;
  rowNos: number[];
}

const newBatch = (): Batch => ({ lines: [], bytes: 0, values: [], lowest: '', highest: '', rowNos: [] });

/** Where the rows to add go: a copy into the table that ends, inside one transaction, with the import. */
interface CopySink {
  /** Takes the next rows (the copy's text); resolves when more may be written. */
  write(text: Buffer): Promise<void>;
  /** Why the copy failed, once it has (PostgreSQL reports it while rows still arrive); else null. */
  failure(): unknown;
  /** Ends the copy and answers the table's rows holding `values`, in id order (transaction still open). */
  finish(values: string[]): Promise<Record<string, unknown>[]>;
  commit(): Promise<void>;
  /** Undoes every row copied so far (the import failed). */
  abandon(): Promise<void>;
}

/**
 * Gathers rows into batches for their look-up: the first batch small, so that rows start arriving in
 * the table early, each next one twice the size up to BATCH_BYTES.
 */
class BatchBuilder {
  private batch = newBatch();
  private limit = FIRST_BATCH_BYTES;
  /** The rows read since the last piece: strings that die young, joined before they are encoded. */
  private readonly pendingLines: string[] = [];
  private readonly pendingValues: string[] = [];

  get empty() {
    return this.batch.rowNos.length === 0;
  }

  /** Adds a row; answers true when the batch is full and due for its look-up. */
  add(rowNo: number, value: string, line: string): boolean {
    const batch = this.batch;
    // Values are ASCII digits, whose order as JavaScript strings is their byte order.
    if (!batch.rowNos.length || value < batch.lowest) batch.lowest = value;
    if (!batch.rowNos.length || value > batch.highest) batch.highest = value;
    batch.rowNos.push(rowNo);
    this.pendingLines.push(line);
    this.pendingValues.push(value);
    if (this.pendingLines.length < PIECE_ROWS) return false;
    this.endPiece();
    return batch.bytes >= this.limit;
  }

  /** The batch being filled, handed over; a new one starts. */
  take(): Batch {
    this.endPiece();
    const taken = this.batch;
    this.batch = newBatch();
    this.limit = Math.min(this.limit * 2, BATCH_BYTES);
    return taken;
  }

  private endPiece() {
    if (!this.pendingLines.length) return;
    const piece = Buffer.from(this.pendingLines.join(''));
    this.batch.lines.push(piece);
    this.batch.bytes += piece.length;
    this.batch.values.push(this.pendingValues.join('\n'));
    this.pendingLines.length = 0;
    this.pendingValues.length = 0;
  }
}

/**
 * The saved rows holding some of a batch's values. A batch of values none of which can be there
 * (nothing saved between its lowest and its highest, as a new list usually is) is answered by one
 * index probe. Only a batch that may meet saved rows sends its values, as one text parameter split
 * by the server (an array parameter costs the client more): planning that query costs the server
 * about a microsecond per value, which a new list spares.
 */
async function savedOf(db: Db, kind: AnyImportKind, batch: Batch, values: string) {
  const column = sql.identifier(kind.uniqueColumn!);
  const [range] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select from ${kind.table} where ${column} between ${batch.lowest} and ${batch.highest}) as taken`,
  );
  if (!range?.taken) return new Map<string, number>();
  const rows = await queryRows<{ value: string; id: number }>(
    db,
    sql`select ${column} as value, id from ${kind.table} where ${column} = any(string_to_array(${values}, chr(10)))`,
  );
  return new Map(rows.map((row) => [row.value, Number(row.id)]));
}

/** What the copy added so far: the count, and the first values (for the answer's first rows). */
interface Added {
  count: number;
  firstValues: string[];
}

/**
 * A looked-up batch's rows to add, as copy text; the rows whose value is saved already go to the
 * staging writer, skipped, naming the saved row.
 */
async function rowsToAdd(
  batch: Batch,
  valuesText: string,
  taken: Map<string, number>,
  added: Added,
  skip: { writer: ReturnType<typeof stagingWriter>; nameField: number },
): Promise<Buffer> {
  const { rowNos } = batch;
  const values = taken.size || added.firstValues.length < CREATED_LIST_LIMIT ? valuesText.split('\n') : [];
  const text = batch.lines.length === 1 ? batch.lines[0]! : Buffer.concat(batch.lines, batch.bytes);
  if (taken.size === 0) {
    added.count += rowNos.length;
    added.firstValues.push(...values.slice(0, CREATED_LIST_LIMIT - added.firstValues.length));
    return text;
  }
  // A line holds no newline of its own (copy text escapes it): the batch's lines are its rows.
  const lines = text.toString().split('\n');
  const kept: string[] = [];
  for (let i = 0; i < rowNos.length; i += 1) {
    const targetId = taken.get(values[i]!);
    if (targetId === undefined) {
      kept.push(`${lines[i]}\n`);
      added.count += 1;
      if (added.firstValues.length < CREATED_LIST_LIMIT) added.firstValues.push(values[i]!);
      continue;
    }
    const name = copyUnescape(lines[i]!.split('\t')[skip.nameField]) ?? '';
    const waiting = skip.writer.add(rowNos[i]!, {
      value: values[i]!,
      name,
      reason: MSG.duplicateInDatabase,
      targetId,
    });
    if (waiting) await waiting;
  }
  return Buffer.from(kept.join(''));
}

/** The copy of a kind's rows into its table, on whichever database runs. */
async function openSink(db: Db, kind: AnyImportKind): Promise<CopySink> {
  const unique = pg.escapeIdentifier(kind.uniqueColumn!);
  const table = pg.escapeIdentifier(getTableName(kind.table));
  const copyInto = `COPY ${table} (${kind.direct!.columns.join(', ')})`;
  const firstRowsQuery = `select * from ${table} where ${unique} = any(string_to_array($1, chr(10))) order by id`;
  const driver = driverOf(db);
  return driver.kind === 'pglite'
    ? spilledCopy(driver.client, copyInto, firstRowsQuery)
    : liveCopy(driver.pool, copyInto, firstRowsQuery);
}

/**
 * The fast path of a kind whose unique values are numbers: the rows to add are copied straight into
 * the table inside one transaction (a file failing half-way adds nothing), never staged. A value seen
 * earlier in the file is skipped as a duplicate in the file (an exact set of the values read, 8 bytes
 * each); batches of the other values are looked up in the table while the file is read, and the ones
 * found are skipped as already saved, naming the saved row. Skipped rows go to import_staging.
 * On PostgreSQL one `COPY` on a connection of its own takes the rows while the file is still being
 * read, the look-ups running on a second connection ahead of it; on the embedded database, whose one
 * connection serves every request, the rows wait in a file and are copied in one transaction at the end.
 * A value another writer adds between the look-up and the copy makes the copy fail: `finish` then
 * throws ImportRaced, and the caller undoes the copy (`abandon`) and imports the file again, staged.
 */
export async function directCopier(
  db: Db,
  kind: AnyImportKind,
  writer: ReturnType<typeof stagingWriter>,
  /** Hears the last row number of each batch once its rows are in the copy. */
  written: (upToRowNo: number) => void = () => {},
) {
  const direct = kind.direct!;
  const sink = await openSink(db, kind);
  const seen = new NumberSet();
  const skip = { writer, nameField: direct.columns.indexOf('name') };
  const added: Added = { count: 0, firstValues: [] };
  const batches = new BatchBuilder();
  /** Batches are written into the copy in file order, each once its look-up is back. */
  let writing: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];

  /** Sends the batch being filled to its look-up, then (in file order) its rows to add into the copy. */
  const dispatch = () => {
    const batch = batches.take();
    const valuesText = batch.values.join('\n');
    const saved = savedOf(db, kind, batch, valuesText);
    saved.catch(() => {});
    writing = writing.then(async () => {
      const text = await rowsToAdd(batch, valuesText, await saved, added, skip);
      if (sink.failure()) return;
      if (text.length) await sink.write(text);
      written(batch.rowNos.at(-1) ?? 0);
    });
    // A failure is met by whoever awaits this batch or a later one; the others must not go unheard.
    writing.catch(() => {});
    return writing;
  };
  const failed = () => {
    const failure = sink.failure();
    return isRace(failure) ? new ImportRaced() : failure;
  };

  return {
    /** Takes a row to add; answers a promise when the reading must wait for the copy to catch up. */
    add(rowNo: number, row: StagedRow): Promise<void> | undefined {
      if (sink.failure()) return Promise.reject(failed());
      if (!seen.add(direct.key(row.value))) return writer.add(rowNo, { ...row, reason: MSG.duplicateInFile });
      if (!batches.add(rowNo, row.value, direct.line(row))) return undefined;
      inFlight.push(dispatch());
      // Two batches ahead of the copy at most: memory stays bounded whatever the file's size.
      return inFlight.length > 2 ? inFlight.shift() : undefined;
    },
    /** Waits until every row read is either in the copy or staged as skipped. */
    async drain() {
      if (!batches.empty) dispatch();
      await writing;
    },
    /**
     * Ends the copy and answers the first added rows and the count, the transaction still open (it
     * ends with `commit`, or `abandon` after a failure: ImportRaced when another writer came between).
     */
    async finish() {
      if (sink.failure()) throw failed();
      const created = await sink.finish(added.firstValues).catch((error: unknown) => {
        throw isRace(error) ? new ImportRaced() : error;
      });
      return { created, createdCount: added.count };
    },
    commit: () => sink.commit(),
    async abandon() {
      await writing.catch(() => {});
      await sink.abandon();
    },
  };
}

/** PostgreSQL: one `COPY ... FROM STDIN` on a connection of its own, fed while the file is read. */
async function liveCopy(pool: pg.Pool, copyInto: string, firstRowsQuery: string): Promise<CopySink> {
  const { client, close: end } = await ownTransaction(pool);
  const copy = client.query(copyFrom(`${copyInto} FROM STDIN`)) as unknown as Writable;
  let copyError: unknown = null;
  const copied = new Promise<void>((resolve) => {
    copy.on('finish', resolve);
    copy.on('error', (error) => {
      copyError = error;
      resolve();
    });
  });
  return {
    async write(text) {
      if (!copy.write(text)) await Promise.race([once(copy, 'drain'), copied]);
    },
    failure: () => copyError,
    async finish(values) {
      copy.end();
      await copied;
      if (copyError) throw copyError;
      if (!values.length) return [];
      return (await client.query(firstRowsQuery, [values.join('\n')])).rows;
    },
    commit: () => end('commit'),
    async abandon() {
      copy.destroy();
      await end('rollback');
    },
  };
}

/** The embedded database: rows wait in a file, then one transaction copies it in, a megabyte at a time. */
function spilledCopy(client: PGlite, copyInto: string, firstRowsQuery: string): CopySink {
  const path = join(IMPORT_SPOOL_DIR, `${randomUUID()}.copy`);
  mkdirSync(IMPORT_SPOOL_DIR, { recursive: true });
  const file = createWriteStream(path);
  let fileError: unknown = null;
  const closed = new Promise<void>((resolve) => {
    file.on('close', resolve);
    file.on('error', (error) => {
      fileError = error;
      resolve();
    });
  });
  const remove = () => rm(path, { force: true });
  return {
    async write(text) {
      if (!file.write(text)) await Promise.race([once(file, 'drain'), closed]);
    },
    failure: () => fileError,
    async finish(values) {
      await new Promise<void>((resolve, reject) =>
        file.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      if (fileError) throw fileError;
      try {
        return await client.transaction(async (tx) => {
          let carried = Buffer.alloc(0);
          for await (const piece of createReadStream(path, { highWaterMark: SPILL_PIECE_BYTES })) {
            const text = carried.length ? Buffer.concat([carried, piece as Buffer]) : (piece as Buffer);
            // A piece ends mid-line; the line's start waits for the next piece.
            const cut = text.lastIndexOf(10) + 1;
            carried = Buffer.from(text.subarray(cut));
            if (cut)
              await tx.query(`${copyInto} FROM '/dev/blob'`, [], { blob: new Blob([text.subarray(0, cut)]) });
          }
          if (!values.length) return [];
          return (await tx.query<Record<string, unknown>>(firstRowsQuery, [values.join('\n')])).rows;
        });
      } finally {
        await remove();
      }
    },
    // The transaction above has committed, or undone everything if it failed.
    commit: async () => {},
    async abandon() {
      file.destroy();
      await remove();
    },
  };
}

/** Another writer's value (unique_violation), or two imports waiting for each other (deadlock_detected). */
function isRace(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === '40P01';
}
