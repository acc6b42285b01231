import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { accountHealth } from './service';

export function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'whatsappHealth', ({ params, user }) => accountHealth(ctx, user, params.id));
}
