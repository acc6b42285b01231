import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MSG, SUPPRESSION_CSV_FILE } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { addByHand, removeByHand, removeManyByHand, suppressionCsv, suppressionPage } from './service';

/**
 * The suppression list: opted-out numbers the blast engine never sends to. Operators and staff see,
 * add and export it; only operators take a number off again (it may then be blasted).
 */
export function suppressionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onClose', async () => ctx.delivery.stop());

  serve(app, ctx, 'suppressionPerPage', async ({ query }) => suppressionPage(ctx, query));
  serve(app, ctx, 'suppressionCreate', async ({ body, user }) => ({
    suppression: await addByHand(ctx, user, body),
    msg: MSG.suppressionAdded,
  }));
  serve(app, ctx, 'suppressionDelete', async ({ params, user }) => ({
    suppression: await removeByHand(ctx, user, params.number),
    msg: MSG.suppressionRemoved,
  }));
  serve(app, ctx, 'suppressionBulk', async ({ body, user }) => ({
    count: await removeManyByHand(ctx, user, body.numbers),
    msg: 'OK',
  }));
  serve(app, ctx, 'suppressionExport', async ({ reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${SUPPRESSION_CSV_FILE}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(suppressionCsv(ctx))),
  );
}
