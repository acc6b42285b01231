import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';

/** Recent gateway and socket events for the developer monitors: what reached the server, for debugging a device or a socket. */
export function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'monitorLocal', async ({ query }) => ({
    data: ctx.monitors.gateway.about(query.id || undefined),
  }));
  serve(app, ctx, 'monitorRemote', async ({ query }) => ({
    data: ctx.monitors.gateway.about(query.id || undefined),
  }));
  serve(app, ctx, 'monitorSocket', async ({ query }) => ({
    data: ctx.monitors.socket.about(query.id || undefined),
  }));
}
