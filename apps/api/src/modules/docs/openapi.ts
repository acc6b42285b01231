import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';

/** The OpenAPI 3.1 document of the endpoint table, built once on first request. */
export function docsRoutes(app: FastifyInstance, ctx: AppContext) {
  let document: ReturnType<typeof openApiDocument> | null = null;
  serve(app, ctx, 'apiDocs', async () => (document ??= openApiDocument()));
}
