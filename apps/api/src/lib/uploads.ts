import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG, type Message } from '@blaster/contract';
import { HttpError } from './errors';

export interface ReceivedFile {
  filename: string;
  extension: string;
  mimetype: string;
  stream: Readable;
  /** Other multipart fields sent before the file. */
  fields: Record<string, string>;
  /** True once the stream was cut at the size limit. */
  truncated(): boolean;
}

interface UploadRules {
  maxBytes: number;
  extensions: readonly string[];
  typeError: Message;
}

/**
 * The file's extension when it is one of the allowed ones; otherwise the upload is refused with the
 * rules' type error (the rest of the file is drained unread, so the request can still be answered).
 */
function allowedExtension(part: { filename: string; file: Readable }, rules: UploadRules) {
  const extension = (part.filename.split('.').pop() ?? '').toLowerCase();
  if (part.filename.includes('.') && rules.extensions.includes(extension)) return extension;
  part.file.resume();
  throw new HttpError(400, rules.typeError, { errors: { file: rules.typeError } });
}

/** The file parts of a multipart request (at most one, up to `maxBytes`); text fields go into `fields`. */
async function* fileParts(request: FastifyRequest, maxBytes: number, fields: Record<string, string>) {
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fieldSize: 100_000 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
    else yield part;
  }
}

/**
 * Reads the one file of a multipart request, checking its extension before any byte is processed;
 * its size is enforced while streaming (`truncated`). Fields must come before the file.
 */
export async function receiveFile(request: FastifyRequest, options: UploadRules): Promise<ReceivedFile> {
  if (!request.isMultipart())
    throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
  const fields: Record<string, string> = {};
  for await (const part of fileParts(request, options.maxBytes, fields)) {
    const extension = allowedExtension(part, options);
    return {
      filename: part.filename,
      extension,
      mimetype: part.mimetype,
      stream: part.file,
      fields,
      truncated: () => part.file.truncated,
    };
  }
  throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
}

/**
 * A form with at most one file, which is stored in `dir` under a random name (size- and type-checked).
 * A JSON body gives the fields alone. An empty file input is no file.
 */
export async function receiveStoredForm(request: FastifyRequest, options: UploadRules & { dir: string }) {
  let file: { name: string; path: string; original: string } | null = null;
  if (!request.isMultipart()) return { fields: { ...(request.body ?? {}) } as Record<string, string>, file };
  const fields: Record<string, string> = {};
  for await (const part of fileParts(request, options.maxBytes, fields)) {
    if (!part.filename) {
      part.file.resume();
      continue;
    }
    const extension = allowedExtension(part, options);
    file = {
      ...(await storeUpload(part.file, options.dir, extension)),
      original: part.filename.slice(0, 200),
    };
  }
  return { fields, file };
}

export const tooLarge = () => new HttpError(413, MSG.fileTooLarge, { errors: { file: MSG.fileTooLarge } });

/**
 * Writes an uploaded file into `dir` under a random name; a file cut at its size limit is removed and
 * refused with 413. Answers the stored name and path.
 */
export async function storeUpload(file: Readable & { truncated?: boolean }, dir: string, extension: string) {
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  const path = join(dir, name);
  try {
    await pipeline(file, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (file.truncated) {
    await rm(path, { force: true });
    throw tooLarge();
  }
  return { name, path };
}
