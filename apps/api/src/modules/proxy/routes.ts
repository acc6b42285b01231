import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import {
  countUse,
  deleteProxies,
  deleteProxy,
  findProxy,
  listProxies,
  proxyPage,
  saveProxy,
  updateProxy,
} from './service';

/** Proxies are records the panel manages (value, status, use count); no traffic goes through them. */
export function proxyRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'proxyCountUse', () => countUse(ctx.db));
  serve(app, ctx, 'proxyList', async () => ({ list: await listProxies(ctx.db) }));
  serve(app, ctx, 'proxyPerPage', ({ query }) => proxyPage(ctx.db, query));
  serve(app, ctx, 'proxySave', async ({ body }) => ({ proxy: await saveProxy(ctx.db, body), msg: 'OK' }));
  serve(app, ctx, 'proxyGet', async ({ params }) => ({ proxy: await findProxy(ctx.db, params.id) }));
  serve(app, ctx, 'proxyUpdate', async ({ params, body }) => ({
    proxy: await updateProxy(ctx.db, params.id, body),
    msg: 'OK',
  }));
  serve(app, ctx, 'proxyDelete', async ({ params }) => {
    await deleteProxy(ctx.db, params.id);
    return { msg: 'OK' };
  });
  serve(app, ctx, 'proxyBulk', async ({ body }) => ({
    count: await deleteProxies(ctx.db, body.ids),
    msg: 'OK',
  }));
}
