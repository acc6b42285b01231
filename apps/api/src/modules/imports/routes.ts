import type { FastifyInstance } from 'fastify';
import { EXPORT_ROWS_HEADER } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { importUpload, skippedDownload } from './service';

/** The imports of every kind, through the one pipeline, and the download of what they skipped. */
export function importRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'phoneImport', ({ request, query, user }) =>
    importUpload(ctx, 'phone_numbers', request, user, query.progress),
  );
  serve(app, ctx, 'proxyImport', ({ request, query, user }) =>
    importUpload(ctx, 'proxies', request, user, query.progress),
  );
  serve(app, ctx, 'messageImport', ({ request, query, user }) =>
    importUpload(ctx, 'message_templates', request, user, query.progress),
  );
  serve(app, ctx, 'importSkipped', async ({ params, query, user, reply }) => {
    const file = await skippedDownload(ctx, user, params.id, query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header(EXPORT_ROWS_HEADER, String(file.rows))
      .send(file.body);
  });
}
