import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import * as segments from './service';

export function segmentRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'segmentList', () => segments.listSegments(ctx));
  serve(app, ctx, 'segmentCreate', ({ body, user }) => segments.saveSegment(ctx, user, body));
  serve(app, ctx, 'segmentUpdate', ({ params, body, user }) =>
    segments.saveSegment(ctx, user, body, params.id),
  );
  serve(app, ctx, 'segmentDelete', ({ params, user }) => segments.deleteSegment(ctx, user, params.id));
  serve(app, ctx, 'segmentCount', ({ params }) => segments.countSegment(ctx, params.id));
  serve(app, ctx, 'segmentPreviewCount', ({ body }) => segments.countFilter(ctx, body.filter));
}
