import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { skippedDownload } from './service';

export function importRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'importSkipped', async ({ params, query, user, reply }) => {
    const file = await skippedDownload(ctx, user, params.id, query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.body);
  });
}
