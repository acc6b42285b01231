import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MSG, toCsv } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { receiveFile } from '../../lib/uploads';
import { privateChannelOf } from '../../realtime/hub';
import type { AnyImportKind, ImportKindName, ImportOutcome, UploadedList } from './kind';
import { IMPORT_KINDS, importKind, type ImportKinds } from './kinds';
import { runImport } from './pipeline';
import { importProgressReporter, NO_PROGRESS, type ImportProgressReporter } from './progress';
import { importRepository as records } from './repository';

type Answer<N extends ImportKindName> = ImportKinds[N] extends {
  presentCreated(row: never): infer Created;
  presentSkipped(row: never): infer Skipped;
}
  ? ImportOutcome<Created, Skipped> & { msg: string }
  : never;

/** Skipped rows are read from the database this many at a time while the download is written. */
const PAGE = 5_000;

/** Imports a list of kind `name` for `userId` (the importer, who alone may download its skipped rows). */
export async function importList<N extends ImportKindName>(
  db: Db,
  name: N,
  file: UploadedList,
  userId: number,
  progress: ImportProgressReporter = NO_PROGRESS,
  chunkBytes?: number,
): Promise<Answer<N>> {
  const kind = importKind(name);
  const outcome = await runImport(db, kind, file, userId, progress, chunkBytes);
  return { ...outcome, msg: kind.said(outcome.createdCount) } as Answer<N>;
}

/**
 * Imports the file of a multipart upload, checked against the kind's size and type rules. Given an
 * upload id, the import's progress goes to the uploader's private channel (on every instance, through
 * the hub), and to nobody else.
 */
export async function importUpload<N extends ImportKindName>(
  ctx: AppContext,
  name: N,
  request: FastifyRequest,
  user: AuthUser,
  uploadId?: string,
): Promise<Answer<N>> {
  const rules = IMPORT_KINDS[name].upload();
  const maxBytes = Math.min(rules.maxBytes, ctx.config.importMaxBytes);
  const file = await receiveFile(request, { ...rules, maxBytes });
  const length = Number(request.headers['content-length']);
  const progress = uploadId
    ? importProgressReporter(
        (payload) => ctx.hub.publish(privateChannelOf(user.id), { event: 'import_progress', payload }),
        { uploadId, uploadBytes: Number.isSafeInteger(length) && length >= 0 ? length : null },
      )
    : NO_PROGRESS;
  return importList(ctx.db, name, file, user.id, progress, ctx.config.importChunkBytes);
}

/** An import's skipped rows in file order, a page at a time. */
async function* skippedPages(db: Db, importId: number) {
  let after = 0;
  for (;;) {
    const page = await records.skipped(db, importId, PAGE, after);
    if (page.length === 0) return;
    yield page;
    after = page.at(-1)!.rowNo;
  }
}

/**
 * The same files the panel wrote from the answer before: a CSV with a header (cells a spreadsheet would
 * run as formulas written as text, like every CSV the panel exports), or an indented JSON array.
 */
async function* skippedFile(db: Db, importId: number, kind: AnyImportKind, format: 'csv' | 'json') {
  let first = true;
  if (format === 'csv') yield toCsv([kind.download.columns]);
  else yield '[';
  for await (const page of skippedPages(db, importId)) {
    const rows = page.map((row) => kind.download.row(row));
    if (format === 'csv') {
      yield `\r\n${toCsv(rows.map((row) => kind.download.columns.map((column) => row[column])))}`;
    } else {
      const items = rows.map((row) => `\n  ${JSON.stringify(row, null, 2).replaceAll('\n', '\n  ')}`);
      yield `${first ? '' : ','}${items.join(',')}`;
    }
    first = false;
  }
  if (format === 'json') yield first ? ']' : '\n]';
}

/** Every skipped row of the user's own finished import, as a file to download. */
export async function skippedDownload(
  ctx: AppContext,
  user: AuthUser,
  importId: number,
  format: 'csv' | 'json',
) {
  const found = await records.find(ctx.db, importId);
  // Only the importer sees what its file held; anyone else learns nothing, not even that it exists.
  if (!found || found.userId !== user.id || !found.finishedAt) throw new HttpError(404, MSG.importNotFound);
  const kind = importKind(found.kind as ImportKindName);
  return {
    name: format === 'csv' ? kind.download.csv : kind.download.json,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    rows: found.skippedCount ?? 0,
    body: Readable.from(skippedFile(ctx.db, found.id, kind, format)),
  };
}
