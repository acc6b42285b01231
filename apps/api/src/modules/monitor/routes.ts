import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API } from '@blaster/contract';
import type { AppContext } from '../../context';
import { route } from '../../lib/routes';

const monitorQuerySchema = z.object({
  id: z.string().trim().max(100).optional(),
  type: z.string().max(20).optional(),
});

/** Recent gateway and socket events for the developer monitors: what reached the server, for debugging a device or a socket. */
export function monitorRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.monitorLocal,
    access: ['dev'],
    query: monitorQuerySchema,
    handler: async ({ query }) => ({ data: ctx.monitors.gateway.about(query.id || undefined) }),
  });
  route(app, ctx, {
    method: 'GET',
    url: API.monitorRemote,
    access: ['dev'],
    query: monitorQuerySchema,
    handler: async ({ query }) => ({ data: ctx.monitors.gateway.about(query.id || undefined) }),
  });
  route(app, ctx, {
    method: 'GET',
    url: API.monitorSocket,
    access: ['dev'],
    query: monitorQuerySchema,
    handler: async ({ query }) => ({ data: ctx.monitors.socket.about(query.id || undefined) }),
  });
}
