import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MSG } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { CREATED_LIST_LIMIT } from './mover';
import type { ImportKind } from './pipeline';
import { copyField, copyUnescape, type StagedRow, type stagingWriter } from './staging';
import { NumberSet } from './number-set';

/** Rows are looked up in the table in batches of about this many bytes of copy text. */
const BATCH_BYTES = 512 * 1024;
/** The first batch is smaller, so that rows start arriving in the table early. */
const FIRST_BATCH_BYTES = 32 * 1024;

/** Another writer added one of the file's values after it was checked: the import starts over, staged. */
export class ImportRaced extends Error {
  constructor() {
    super('a value of the import was added meanwhile by another writer');
  }
}

/** No row's line is longer (a name is at most 200 characters, consent fields are bounded too). */
const LINE_ROOM = 64 * 1024;

/** Rows waiting for their look-up: their lines for the copy, their values, where each line starts. */
interface Batch {
  lines: Buffer;
  linesUsed: number;
  values: Buffer;
  valuesUsed: number;
  starts: number[];
  rowNos: number[];
}

function newBatch(spare: Batch[]): Batch {
  const reused = spare.pop();
  if (!reused)
    return {
      lines: Buffer.allocUnsafe(BATCH_BYTES + LINE_ROOM),
      linesUsed: 0,
      values: Buffer.allocUnsafe(BATCH_BYTES + LINE_ROOM),
      valuesUsed: 0,
      starts: [],
      rowNos: [],
    };
  reused.linesUsed = 0;
  reused.valuesUsed = 0;
  reused.starts.length = 0;
  reused.rowNos.length = 0;
  return reused;
}

/**
 * The PostgreSQL fast path for a kind whose unique values are numbers: the rows to add are copied
 * straight into the table by one `COPY` on a connection of its own, inside one transaction (a file
 * failing half-way adds nothing), while the file is still being read. A value seen earlier in the
 * file is skipped as a duplicate in the file (an exact set of the values read, 8 bytes each); batches
 * of the other values are looked up in the table on a second connection, ahead of the copy, and the
 * ones found are skipped as already saved, naming the saved row. Skipped rows go to import_staging.
 * A value another writer adds between the look-up and the copy makes the copy fail: `finish` then
 * throws ImportRaced, and the caller undoes the copy (`abandon`) and imports the file again, staged.
 */
export async function directCopier(
  kind: ImportKind<unknown, unknown>,
  pool: pg.Pool,
  writer: ReturnType<typeof stagingWriter>,
) {
  const direct = kind.direct!;
  const unique = kind.uniqueColumn!;
  const table = getTableName(kind.table);
  const client = new pg.Client(pool.options);
  await client.connect();
  client.on('error', () => {});
  let open = true;
  const end = async (statement: 'commit' | 'rollback') => {
    if (!open) return;
    open = false;
    try {
      await client.query(statement);
    } catch (error) {
      if (statement === 'commit') throw error;
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await client.query('begin');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  const copy = client.query(
    copyFrom(`COPY ${pg.escapeIdentifier(table)} (${direct.columns.join(', ')}) FROM STDIN`),
  ) as unknown as Writable;
  let copyError: unknown = null;
  const copied = new Promise<void>((resolve) => {
    copy.on('finish', resolve);
    copy.on('error', (error) => {
      copyError = error;
      resolve();
    });
  });

  const seen = new NumberSet();
  const nameField = direct.columns.indexOf('name');
  let createdCount = 0;
  const firstValues: string[] = [];
  const spare: Batch[] = [];
  let batch = newBatch(spare);
  let batchLimit = FIRST_BATCH_BYTES;
  /** Batches are written into the copy in file order, each once its look-up is back. */
  let writing: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];

  const lookUp = async (values: string) => {
    const connection = await pool.connect();
    try {
      // One text parameter split by the server: an array parameter costs the client more than the look-up.
      const found = await connection.query<{ value: string; id: number }>(
        `select ${pg.escapeIdentifier(unique)} as value, id from ${pg.escapeIdentifier(table)}
         where ${pg.escapeIdentifier(unique)} = any(string_to_array($1, chr(10)))`,
        [values],
      );
      connection.release();
      return new Map(found.rows.map((row) => [row.value, Number(row.id)]));
    } catch (error) {
      connection.release(error as Error);
      throw error;
    }
  };

  /** Sends the batch being filled to its look-up, then (in file order) its rows to add into the copy. */
  const dispatch = () => {
    const current = batch;
    batch = newBatch(spare);
    batchLimit = Math.min(batchLimit * 2, BATCH_BYTES);
    const valuesText = current.values.toString('utf8', 0, current.valuesUsed - 1);
    const saved = lookUp(valuesText);
    saved.catch(() => {});
    writing = writing.then(async () => {
      const taken = await saved;
      const { lines, starts, rowNos } = current;
      starts.push(current.linesUsed);
      const values = taken.size || firstValues.length < CREATED_LIST_LIMIT ? valuesText.split('\n') : [];
      let text: Buffer;
      if (taken.size === 0) {
        text = Buffer.from(lines.subarray(0, current.linesUsed));
        createdCount += rowNos.length;
        firstValues.push(...values.slice(0, CREATED_LIST_LIMIT - firstValues.length));
      } else {
        const kept: Buffer[] = [];
        for (let i = 0; i < rowNos.length; i += 1) {
          const targetId = taken.get(values[i]!);
          if (targetId === undefined) {
            kept.push(lines.subarray(starts[i], starts[i + 1]));
            createdCount += 1;
            if (firstValues.length < CREATED_LIST_LIMIT) firstValues.push(values[i]!);
            continue;
          }
          const fields = lines.toString('utf8', starts[i], starts[i + 1]! - 1).split('\t');
          const name = copyUnescape(fields[nameField]) ?? '';
          const waiting = writer.add(rowNos[i]!, {
            value: values[i]!,
            name,
            reason: MSG.duplicateInDatabase,
            targetId,
          });
          if (waiting) await waiting;
        }
        text = Buffer.concat(kept);
      }
      // The copy owns its own bytes from here: the batch's buffers are filled again meanwhile.
      spare.push(current);
      if (copyError || !text.length) return;
      if (!copy.write(text)) await Promise.race([once(copy, 'drain'), copied]);
    });
    // A failure is met by whoever awaits this batch or a later one; the others must not go unheard.
    writing.catch(() => {});
    return writing;
  };
  const failed = () => (isRace(copyError) ? new ImportRaced() : copyError);

  return {
    /** Takes a row to add; answers a promise when the reading must wait for the copy to catch up. */
    add(rowNo: number, row: StagedRow): Promise<void> | undefined {
      if (copyError) return Promise.reject(failed());
      if (!seen.add(direct.key(row.value))) return writer.add(rowNo, { ...row, reason: MSG.duplicateInFile });
      // Written at once into the batch's buffers: no row outlives a young-generation collection.
      const line = `${direct.fields(row).map(copyField).join('\t')}\n`;
      const length = Buffer.byteLength(line);
      if (length > LINE_ROOM) throw new RangeError(`a row of ${length} bytes`);
      batch.starts.push(batch.linesUsed);
      batch.rowNos.push(rowNo);
      batch.linesUsed += batch.lines.write(line, batch.linesUsed);
      batch.valuesUsed += batch.values.write(`${row.value}\n`, batch.valuesUsed);
      if (batch.linesUsed < batchLimit) return undefined;
      inFlight.push(dispatch());
      // Two batches ahead of the copy at most: memory stays bounded whatever the file's size.
      return inFlight.length > 2 ? inFlight.shift() : undefined;
    },
    /**
     * Ends the copy and answers the first added rows and the count, the transaction still open (it
     * ends with `commit`, or `abandon` after a failure: ImportRaced when another writer came between).
     */
    async finish() {
      if (batch.rowNos.length) dispatch();
      await writing;
      copy.end();
      await copied;
      if (copyError) throw failed();
      const id = sql.identifier('id');
      const created = firstValues.length
        ? await queryRows<Record<string, unknown>>(
            drizzle(client) as unknown as Db,
            sql`select * from ${kind.table} where ${sql.identifier(unique)} in ${firstValues} order by ${id}`,
          )
        : [];
      return { created, createdCount };
    },
    commit: () => end('commit'),
    /** Undoes every row copied so far (the import failed). */
    async abandon() {
      await writing.catch(() => {});
      copy.destroy();
      await end('rollback');
    },
  };
}

/** Another writer's value (unique_violation), or two imports waiting for each other (deadlock_detected). */
function isRace(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === '40P01';
}
