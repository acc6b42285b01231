import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { funnelCounts } from './service';

/** The delivery funnel: a member's own sends, or everyone's for operators (`all`). */
export function funnelRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'funnel', async ({ params, query }) =>
    funnelCounts(ctx, {
      by: query.by,
      days: query.days,
      userId: params.userId,
      whatsappId: query.whatsapp_id,
      templateId: query.template_id,
    }),
  );
}
