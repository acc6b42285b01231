import { z } from '../validation-texts';
import { OPERATOR_ROLES } from '../roles';
import { idParamSchema } from '../schemas/common';
import {
  webhookDeliveryPageQuerySchema,
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointSchema,
} from '../schemas/webhooks';
import { endpoint, pagedSchema, saidSchema } from './define';

const tags = ['Webhooks'] as const;
/** An endpoint as saved, with the secret: the only answers that show it (creation and rotation). */
const endpointWithSecret = z.object({ data: webhookEndpointSchema, secret: z.string(), msg: z.string() });

/** Outbound webhooks, for admin and dev: receivers, their deliveries, test events, retries and replays. */
export const webhooksEndpoints = {
  webhookEndpointList: endpoint({
    method: 'GET',
    path: '/api/admin/webhooks/endpoints',
    access: OPERATOR_ROLES,
    answer: z.object({ data: z.array(webhookEndpointSchema) }),
    summary: 'Every webhook receiver, oldest first, with its deliveries still waiting',
    tags,
  }),
  webhookEndpointCreate: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/endpoints',
    access: OPERATOR_ROLES,
    body: webhookEndpointBodySchema,
    answer: endpointWithSecret,
    summary: 'Adds a webhook receiver; the answer shows its signing secret this once',
    tags,
  }),
  webhookEndpointUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/webhooks/endpoints/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: webhookEndpointBodySchema,
    answer: z.object({ data: webhookEndpointSchema, msg: z.string() }),
    errors: [404],
    summary: 'Changes a webhook receiver (its secret stays)',
    tags,
  }),
  webhookEndpointDelete: endpoint({
    method: 'DELETE',
    path: '/api/admin/webhooks/endpoints/:id',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Deletes a webhook receiver and its undelivered events',
    tags,
  }),
  webhookRotateSecret: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/endpoints/:id/rotate-secret',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: endpointWithSecret,
    errors: [404],
    summary: 'Gives a webhook receiver a new signing secret, shown this once',
    tags,
  }),
  webhookTest: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/endpoints/:id/test',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: z.object({ eventId: z.string().nullable(), msg: z.string() }),
    errors: [404],
    summary: 'Queues a test event for one active receiver (a few a minute per receiver)',
    tags,
  }),
  webhookDeliveries: endpoint({
    method: 'GET',
    path: '/api/admin/webhooks/deliveries',
    access: OPERATOR_ROLES,
    query: webhookDeliveryPageQuerySchema,
    answer: pagedSchema(webhookDeliverySchema),
    summary:
      'Webhook deliveries, newest first (oldest first when sorted by time ascending), by receiver and status',
    tags,
  }),
  webhookRetry: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/deliveries/:id/retry',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Sends a waiting delivery now, with the earlier ones of its account',
    tags,
  }),
  webhookReplay: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/deliveries/:id/replay',
    access: OPERATOR_ROLES,
    params: idParamSchema,
    answer: saidSchema,
    errors: [404],
    summary: 'Sends a stopped (dead) delivery again from its first attempt',
    tags,
  }),
} as const;
