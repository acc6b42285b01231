import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { auditPage } from './service';

/** The audit trail, newest first. It is read-only: no route of the API changes or deletes an entry. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'auditPerPage', async ({ query }) => auditPage(ctx, query));
}
