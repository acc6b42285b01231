import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { markRead, messagePage, reply, threadPage } from './service';

/**
 * The reply inbox: threads of replies to blasts, for a member their own accounts', for admin and dev
 * every account's; answering goes through the send policy as a direct send does.
 */
export function inboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onClose', async () => ctx.inbox.stop());

  serve(app, ctx, 'inboxThreads', async ({ query, user }) => threadPage(ctx, user, query));
  serve(app, ctx, 'inboxMessages', async ({ params, query, user }) =>
    messagePage(ctx, user, params.id, query),
  );
  serve(app, ctx, 'inboxRead', async ({ params, user }) => markRead(ctx, user, params.id));
  serve(app, ctx, 'inboxReply', async ({ params, body, user }) => reply(ctx, user, params.id, body));
}
