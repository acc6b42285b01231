import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { mediaRoutes } from './media';
import { reviewQueue, reviewTemplate, submitTemplate } from './review';
import {
  bulkTemplateAction,
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  presentTemplate,
  templateFirstBatch,
  templatePage,
  updateTemplate,
} from './service';

export function messageRoutes(app: FastifyInstance, ctx: AppContext) {
  mediaRoutes(app, ctx);
  serve(app, ctx, 'messageList', async () => ({ list: await listTemplates(ctx) }));
  serve(app, ctx, 'messagePerPage', ({ query }) => templatePage(ctx, query));
  serve(app, ctx, 'messageGet', async ({ params }) => ({ message: await findTemplate(ctx, params.id) }));
  serve(app, ctx, 'messageCreate', async ({ request, user }) => ({
    message: await createTemplate(ctx, request, user.id),
    msg: 'OK',
  }));
  serve(app, ctx, 'messageReviewList', async ({ query }) => {
    const [{ rows, meta }, firstBatch] = await Promise.all([
      reviewQueue(ctx, query),
      templateFirstBatch(ctx),
    ]);
    return { data: rows.map((row) => presentTemplate(row, firstBatch)), meta };
  });
  serve(app, ctx, 'messageReview', async ({ params, body, user }) => {
    const row = await reviewTemplate(ctx, user, params.id, body);
    ctx.blast.config.changed();
    return { message: presentTemplate(row, await templateFirstBatch(ctx)), msg: 'OK' };
  });
  serve(app, ctx, 'messageSubmit', async ({ params }) => {
    const row = await submitTemplate(ctx, params.id);
    ctx.blast.config.changed();
    return { message: presentTemplate(row, await templateFirstBatch(ctx)), msg: 'OK' };
  });
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
