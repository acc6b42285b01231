import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { mediaRoutes } from './media';
import {
  bulkTemplateAction,
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  templatePage,
  updateTemplate,
} from './service';

export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  mediaRoutes(app, ctx);
  serve(app, ctx, 'messageList', async () => ({ list: await listTemplates(ctx) }));
  serve(app, ctx, 'messagePerPage', ({ query }) => templatePage(ctx, query));
  serve(app, ctx, 'messageGet', async ({ params }) => ({ message: await findTemplate(ctx, params.id) }));
  serve(app, ctx, 'messageCreate', async ({ request }) => ({
    message: await createTemplate(ctx, request),
    msg: 'OK',
  }));
  serve(app, ctx, 'messageUpdate', async ({ request, params }) => ({
    message: await updateTemplate(ctx, request, params.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'messageBulk', async ({ body }) => ({
    count: await bulkTemplateAction(ctx, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'messageDelete', async ({ params }) => {
    await deleteTemplate(ctx, params.id);
    return { msg: 'OK' };
  });
}
