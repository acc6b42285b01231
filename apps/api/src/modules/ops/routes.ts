import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { metricsRoutes } from './metrics';
import { readinessRoute } from './readiness';

/** What a load balancer and a monitoring system ask: readiness, metrics; every answer names its request. */
export function opsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  readinessRoute(app, ctx);
  metricsRoutes(app, ctx);
}
