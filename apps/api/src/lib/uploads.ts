import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { MSG } from '@blaster/contract';
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

/**
 * Reads the one file of a multipart request, checking its extension before any byte is processed;
 * its size is enforced while streaming (`truncated`). Fields must come before the file.
 */
export async function receiveFile(
  request: FastifyRequest,
  options: { maxBytes: number; extensions: readonly string[]; typeError: string; required?: boolean },
): Promise<ReceivedFile | null> {
  if (!request.isMultipart()) {
    if (options.required === false) return null;
    throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
  }
  const fields: Record<string, string> = {};
  for await (const part of request.parts({
    limits: { fileSize: options.maxBytes, files: 1, fieldSize: 100_000 },
  })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    const extension = (part.filename.split('.').pop() ?? '').toLowerCase();
    if (!part.filename.includes('.') || !options.extensions.includes(extension)) {
      part.file.resume();
      throw new HttpError(400, options.typeError, { errors: { file: options.typeError } });
    }
    return {
      filename: part.filename,
      extension,
      mimetype: part.mimetype,
      stream: part.file,
      fields,
      truncated: () => part.file.truncated,
    };
  }
  if (options.required === false)
    return { filename: '', extension: '', mimetype: '', stream: null!, fields, truncated: () => false };
  throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
}

export const tooLarge = () => new HttpError(413, MSG.fileTooLarge, { errors: { file: MSG.fileTooLarge } });
