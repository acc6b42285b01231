import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryPage,
  listEndpoints,
  replayDelivery,
  retryDelivery,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './service';

/** Outbound webhooks, for admin and dev: endpoints, their deliveries, test events and retries. */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'webhookEndpointList', async () => ({ data: await listEndpoints(ctx) }));
  serve(app, ctx, 'webhookEndpointCreate', async ({ body, user }) => {
    const { endpoint, secret } = await createEndpoint(ctx, user, body);
    return { data: endpoint, secret, msg: WEBHOOK_MSG.saved };
  });
  serve(app, ctx, 'webhookEndpointUpdate', async ({ params, body, user }) => ({
    data: await updateEndpoint(ctx, user, params.id, body),
    msg: WEBHOOK_MSG.saved,
  }));
  serve(app, ctx, 'webhookEndpointDelete', async ({ params, user }) => {
    await deleteEndpoint(ctx, user, params.id);
    return { msg: WEBHOOK_MSG.deleted };
  });
  serve(app, ctx, 'webhookRotateSecret', async ({ params, user }) => {
    const { endpoint, secret } = await rotateSecret(ctx, user, params.id);
    return { data: endpoint, secret, msg: WEBHOOK_MSG.saved };
  });
  serve(app, ctx, 'webhookTest', async ({ params }) => ({
    eventId: await sendTest(ctx, params.id),
    msg: WEBHOOK_MSG.testQueued,
  }));
  serve(app, ctx, 'webhookDeliveries', async ({ query }) => deliveryPage(ctx, query));
  serve(app, ctx, 'webhookRetry', async ({ params }) => {
    await retryDelivery(ctx, params.id);
    return { msg: WEBHOOK_MSG.retryQueued };
  });
  serve(app, ctx, 'webhookReplay', async ({ params }) => {
    await replayDelivery(ctx, params.id);
    return { msg: WEBHOOK_MSG.replayQueued };
  });
}
