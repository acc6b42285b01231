import type { Readable } from 'node:stream';
import { MSG } from '@blaster/contract';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import { readRecordBatches } from '../../lib/rows';
import { tooLarge } from '../../lib/uploads';
import { IMPORT_SPOOL_DIR, sweepImports } from './sweep';
import { directCopier, ImportRaced } from './direct';
import {
  SKIPPED_LIST_LIMIT,
  type AnyImportKind,
  type ImportKind,
  type ImportOutcome,
  type UploadedList,
} from './kind';
import { rowMover } from './mover';
import { NO_PROGRESS, type ImportProgressReporter } from './progress';
import { importRepository as records } from './repository';
import { spoolUpload } from './spool';
import { stagingWriter } from './staging';

export { CREATED_LIST_LIMIT, SKIPPED_LIST_LIMIT } from './kind';

type Spool = ReturnType<typeof spoolUpload>;
interface Moved {
  created: Record<string, unknown>[];
  createdCount: number;
}

/**
 * The one import pipeline: the file is read as a stream and every row is copied into import_staging
 * (rows that fail the kind's checks with their reason); set-based statements move the rows into the
 * table in file order inside one transaction (a value already there, or earlier in the file, is left
 * out and then marked as the duplicate it is), and the answer gives the counts with the first rows.
 * Skipped rows stay staged for the download; a file that fails half-way leaves nothing behind.
 */
export async function runImport<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  file: UploadedList,
  userId: number,
  progress: ImportProgressReporter = NO_PROGRESS,
  chunkBytes?: number,
): Promise<ImportOutcome<Created, Skipped>> {
  // Rows are read while the upload arrives; it is kept on disk too, for an import that must start
  // over. A file over the limit is only known as such at its end: its rows are then undone.
  const spool = spoolUpload(file.stream, IMPORT_SPOOL_DIR, file.extension);
  let outcome: ImportOutcome<Created, Skipped>;
  try {
    await sweepImports(db);
    const importId = await records.start(db, kind.name, userId);
    const { rowNo, moved } = await stageAndMove(
      db,
      kind as AnyImportKind,
      { spool, file, progress, chunkBytes },
      importId,
    );
    outcome = await answer(db, kind, importId, rowNo, moved).catch(async (error: unknown) => {
      await records.dropStaged(db, importId);
      await records.drop(db, importId);
      throw error;
    });
  } finally {
    await spool.remove();
  }
  // A large import changes the table's shape: fresh planner statistics keep the list pages fast.
  // The answer does not wait for them: they start once it has left (nothing is awaited after this,
  // or on the embedded database, whose one connection runs them at once, the answer would wait).
  // A failure leaves the older statistics, which the next import refreshes.
  if (outcome.createdCount > 1_000) setImmediate(() => records.analyze(db, kind.table).catch(() => {}));
  return outcome;
}

/**
 * Reads the file into the table, copied straight in when the kind allows it; when another writer
 * races the copy, the file is read again from the spool and moved the staged way.
 */
async function stageAndMove(
  db: Db,
  kind: AnyImportKind,
  {
    spool,
    file,
    progress,
    chunkBytes,
  }: { spool: Spool; file: UploadedList; progress: ImportProgressReporter; chunkBytes?: number },
  importId: number,
): Promise<{ rowNo: number; moved: Moved }> {
  let direct = kind.direct !== undefined;
  for (let attempt = 1; ; attempt += 1) {
    const again = attempt === 1 ? null : await spool.again();
    const stream = again ?? spool.live;
    const bytesRead = again ? () => again.bytesRead : spool.liveBytes;
    try {
      return await readAndMove(
        db,
        kind,
        { spool, file, stream, bytesRead, progress, chunkBytes },
        importId,
        direct,
      );
    } catch (error) {
      await records.dropStaged(db, importId);
      // Another writer added one of the values between the look-up and the copy: the file is read
      // again and moved the staged way, which leaves such values out.
      if (error instanceof ImportRaced) {
        direct = false;
        progress.restart();
        continue;
      }
      await records.drop(db, importId);
      throw error;
    }
  }
}

/** One reading of the file: every row staged or copied, then moved; undone whole when it fails. */
async function readAndMove(
  db: Db,
  kind: AnyImportKind,
  source: {
    spool: Spool;
    file: UploadedList;
    stream: Readable;
    bytesRead: () => number;
    progress: ImportProgressReporter;
    chunkBytes?: number;
  },
  importId: number,
  direct: boolean,
): Promise<{ rowNo: number; moved: Moved }> {
  const { progress } = source;
  let mover: Awaited<ReturnType<typeof rowMover>> | null = null;
  const staged = (upTo: number) => {
    mover?.staged(upTo);
    progress.written(upTo);
  };
  const writer = stagingWriter(db, importId, staged, direct, source.chunkBytes);
  const copier = direct ? await directCopier(db, kind, writer, progress.written) : null;
  if (!copier) mover = await rowMover(db, kind, importId);
  try {
    const stage = await kind.reader(db);
    let rowNo = 0;
    for await (const records of readRecordBatches(source.stream, source.file.extension)) {
      for (const record of records) {
        const row = stage(record);
        if (row === 'header') continue;
        rowNo += 1;
        const waiting = copier && !row.reason ? copier.add(rowNo, row) : writer.add(rowNo, row);
        if (waiting) await waiting;
      }
      progress.read(rowNo, source.bytesRead());
    }
    await source.spool.complete();
    if (source.file.truncated()) throw tooLarge();
    if (rowNo === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });
    progress.fileRead(rowNo, source.bytesRead());
    await stage.fileRead?.();
    if (!copier) {
      await writer.finish();
      return { rowNo, moved: await mover!.finish(writer.offered()) };
    }
    // Skipped rows are all staged before the rows to add are in: on the embedded database these
    // are committed by `finish`, and nothing may fail after them.
    await copier.drain();
    await writer.finish();
    const moved = await copier.finish();
    await copier.commit();
    return { rowNo, moved };
  } catch (error) {
    source.stream.destroy();
    await writer.settle();
    await copier?.abandon();
    await mover?.abandon();
    throw error;
  }
}

/** Records the finished import and answers the counts, the first added rows and the first skipped ones. */
async function answer<Created, Skipped>(
  db: Db,
  kind: ImportKind<Created, Skipped>,
  importId: number,
  rowNo: number,
  { created, createdCount }: Moved,
): Promise<ImportOutcome<Created, Skipped>> {
  // Every row of the file is either added or skipped.
  const skippedCount = rowNo - createdCount;
  const skipped = skippedCount ? await records.skipped(db, importId, SKIPPED_LIST_LIMIT) : [];
  await records.finish(db, importId, createdCount, skippedCount);
  return {
    importId,
    created: created.map((row) => kind.presentCreated(row)),
    createdCount,
    skipped: skipped.map((row) => kind.presentSkipped(row)),
    skippedCount,
  };
}
