import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { referralPage } from './service';

export function referralRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'referralPerPage', async ({ query, user }) =>
    referralPage(ctx.db, user, query.userId ?? query.user_id, query),
  );
}
