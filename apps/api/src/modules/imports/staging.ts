import type { Message } from '@blaster/contract';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { driverOf, type Db } from '../../db';

/** One row of a file as it is staged: to be added (no reason) or skipped (the reason shown). */
export interface StagedRow {
  value: string;
  name?: string;
  status?: string;
  payload?: string | null;
  reason?: Message | string | null;
  /** The row already in the table that made this one skipped. */
  targetId?: number | null;
}

/** Rows go to the database in chunks of about this many bytes: memory stays bounded, statements few. */
const CHUNK_BYTES = 1024 * 1024;
/**
 * The first chunk is this share of a full one and each next one twice the size: on PostgreSQL rows are
 * moved into their table as soon as a chunk is in, so a small first chunk starts that work early
 * instead of after a whole megabyte has been read.
 */
const FIRST_CHUNK_SHARE = 1 / 16;
const COPY_COLUMNS = 'COPY import_staging (import_id, row_no, value, name, status, payload, reason';

/** COPY's text format escapes these; NUL cannot be stored in text at all and is left out. */
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
/** A field of a `COPY ... FROM STDIN` line in text format (null as \\N). */
export const copyField = (value: string | null | undefined) =>
  value === null || value === undefined ? '\\N' : value.replace(/[\\\t\n\r\0]/g, (c) => ESCAPES[c]!);

const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };
/** A field as `copyField` wrote it, read back. */
export const copyUnescape = (field: string | undefined) =>
  field === undefined || field === '\\N'
    ? null
    : field.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c);

/** A row's value, name, status, payload and reason as fields of a line of copy text. */
const stagedFields = (row: StagedRow) =>
  `${copyField(row.value)}\t${copyField(row.name ?? '')}\t${copyField(row.status ?? '')}\t${copyField(row.payload)}\t${copyField(row.reason ? String(row.reason) : null)}`;

/** Copies a chunk of lines into import_staging through the database's bulk path. */
function chunkCopy(db: Db, copyInto: string): (chunk: Buffer) => Promise<void> {
  const driver = driverOf(db);
  if (driver.kind === 'pglite')
    return async (chunk) => {
      await driver.client.query(`${copyInto} FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
    };
  return async (chunk) => {
    const client = await driver.pool.connect();
    try {
      await pipeline(Readable.from([chunk]), client.query(copyFrom(`${copyInto} FROM STDIN`)));
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  };
}

/**
 * Sends chunks one at a time, in order: a chunk waits for the one before it; a failure is kept and
 * met by the next send or by `done`. `staged` hears each chunk's last row number once it is in.
 */
function chunkSender(copy: (chunk: Buffer) => Promise<void>, staged: (upToRowNo: number) => void) {
  let sending: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  return {
    async send(chunk: Buffer, upTo: number) {
      await sending;
      if (failure) throw failure;
      sending = copy(chunk).then(
        () => staged(upTo),
        (error: unknown) => {
          failure = error;
        },
      );
    },
    /** Waits until every chunk is in; throws the first failure. */
    async done() {
      await sending;
      if (failure) throw failure;
    },
    /** Waits for the chunk under way, whatever its outcome. */
    settled: () => sending,
  };
}

/**
 * Writes an import's rows into import_staging through the database's bulk path: `COPY ... FROM STDIN`
 * on PostgreSQL, `COPY ... FROM '/dev/blob'` on the embedded database. Chunks are sent one at a time
 * while the next one is being read, so the file never sits in memory. `staged` hears the last row
 * number of each chunk once it is in, in file order.
 */
export function stagingWriter(
  db: Db,
  importId: number,
  staged: (upToRowNo: number) => void = () => {},
  /** Rows name the saved row that made them skipped (a column the staged move fills itself). */
  withTargetIds = false,
  chunkBytes = CHUNK_BYTES,
) {
  // A column fewer when it stays empty: the embedded database's COPY pays for every column of every row.
  const COPY_INTO = `${COPY_COLUMNS}${withTargetIds ? ', target_id)' : ')'}`;
  const end = withTargetIds ? (row: StagedRow) => `\t${row.targetId ?? '\\N'}\n` : () => '\n';
  const chunks = chunkSender(chunkCopy(db, COPY_INTO), staged);

  // Two buffers, filled in turn: one is being sent while the other fills. Lines are written into them
  // at once, so no row outlives a young-generation collection and the heap stays small.
  const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
  let current = 0;
  let used = 0;
  let capacity = Math.ceil(chunkBytes * FIRST_CHUNK_SHARE);
  let offered = 0;
  const prefix = `${importId}\t`;

  /** The last row number written into the buffer being filled. */
  let lastInBuffer = 0;
  /** A chunk being handed over: no row may be written until it is (the buffers swap meanwhile). */
  let flushing: Promise<void> | undefined;

  const flush = async () => {
    if (used === 0) return;
    const chunk = buffers[current]!.subarray(0, used);
    current = 1 - current;
    used = 0;
    capacity = Math.min(capacity * 2, chunkBytes);
    await chunks.send(chunk, lastInBuffer);
  };

  /**
   * Adds a row; answers a promise only when a chunk is due (await it before adding the next row).
   * Two producers may add side by side: a row arriving while a chunk is handed over waits for it.
   */
  const add = (rowNo: number, row: StagedRow): Promise<void> | undefined => {
    if (flushing) return flushing.then(() => add(rowNo, row));
    const line = `${prefix}${rowNo}\t${stagedFields(row)}${end(row)}`;
    if (!row.reason) offered += 1;
    const length = Buffer.byteLength(line);
    const handOver = (next: () => Promise<void> | void) => {
      flushing = flush()
        .then(next)
        .finally(() => {
          flushing = undefined;
        });
      return flushing;
    };
    if (length > chunkBytes) return handOver(() => chunks.send(Buffer.from(line), rowNo));
    if (used + length > capacity)
      return handOver(() => {
        used = buffers[current]!.write(line, 0);
        lastInBuffer = rowNo;
      });
    used += buffers[current]!.write(line, used);
    lastInBuffer = rowNo;
    return undefined;
  };

  return {
    add,
    /** Sends what is left and waits until every chunk is in. */
    async finish() {
      while (flushing) await flushing;
      if (used > 0) await flush();
      await chunks.done();
    },
    /** How many rows are to be added (staged without a reason). */
    offered: () => offered,
    /** Waits for a chunk under way, whatever its outcome (before cleaning up after a failed import). */
    async settle() {
      await flushing?.catch(() => {});
      await chunks.settled();
    },
  };
}
