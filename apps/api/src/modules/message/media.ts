import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API, MEDIA_EXTENSIONS, MSG, UPLOAD_LIMITS, isStoredMedia } from '@blaster/contract';
import type { AppContext } from '../../context';
import { receiveStoredForm } from '../../lib/uploads';
import { templateRepository } from './repository';

/** Content types media is served with; anything else is never stored. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

export const uploadsDir = (ctx: AppContext) => join(ctx.config.dataDir, 'uploads');

/** Reads a template's multipart body: its fields, and its media saved to disk (size- and type-checked). */
export async function readTemplateForm(ctx: AppContext, request: FastifyRequest) {
  const { fields, file } = await receiveStoredForm(request, {
    maxBytes: UPLOAD_LIMITS.media,
    extensions: MEDIA_EXTENSIONS,
    typeError: MSG.mediaTypeRefused,
    dir: uploadsDir(ctx),
  });
  return { fields, media: file ? `${API.uploads}/${file.name}` : null };
}

/** The file a media reference names, only when it is stored media inside the uploads folder. */
function storedMediaPath(ctx: AppContext, media: string | null) {
  if (!media || !isStoredMedia(media)) return null;
  const dir = resolve(uploadsDir(ctx));
  const path = resolve(dir, media.slice(API.uploads.length + 1));
  // The name pattern already rules out '..'; the folder check keeps deletes inside it whatever changes.
  return path.startsWith(`${dir}${sep}`) ? path : null;
}

/** Deletes a freshly stored file that ended up unused (its template was refused). */
export async function removeMedia(ctx: AppContext, media: string | null) {
  const path = storedMediaPath(ctx, media);
  if (path) await rm(path, { force: true });
}

/** Deletes a template's former media unless another template still shows it (imports may share one). */
export async function removeMediaIfUnused(ctx: AppContext, media: string | null) {
  if (!storedMediaPath(ctx, media)) return;
  if ((await templateRepository.mediaUsers(ctx.db, media!)) === 0) await removeMedia(ctx, media);
}

const mediaNameSchema = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,4}$/) });

/** Serves stored media with its own content type, never sniffed, never able to run script. */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${API.uploads}/:name`, async (request, reply) => {
    const parsed = mediaNameSchema.safeParse(request.params);
    const extension = parsed.success ? parsed.data.name.split('.').pop()! : '';
    if (!parsed.success || !CONTENT_TYPES[extension]) return reply.status(404).send({ msg: MSG.notFoundApi });
    const { createReadStream } = await import('node:fs');
    const path = join(uploadsDir(ctx), parsed.data.name);
    const stream = createReadStream(path);
    await new Promise<void>((resolve, reject) =>
      stream.once('open', () => resolve()).once('error', reject),
    ).catch(() => null);
    if (stream.destroyed || stream.errored) return reply.status(404).send({ msg: MSG.notFoundApi });
    return reply
      .header('content-type', CONTENT_TYPES[extension])
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('cache-control', 'public, max-age=86400')
      .send(stream);
  });
}
