import type { z } from 'zod';
import {
  WEBHOOK_MSG,
  type Message,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type webhookDeliveryPageQuerySchema,
  type webhookEndpointBodySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { newWebhookSecret, queueWebhookEvent } from '../../domain/webhooks';
import { DELIVERY_FAILURES } from '../../jobs/webhooks';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { createAudited, recordAudit, updateAudited } from '../audit/service';
import { webhookRepository as webhooks, type EndpointRecord, type EndpointValues } from './repository';

type EndpointBody = z.output<typeof webhookEndpointBodySchema>;
type DeliveryQuery = z.output<typeof webhookDeliveryPageQuerySchema>;
type DeliveryRow = Awaited<ReturnType<typeof webhooks.deliveryPage>>['rows'][number];

const values = (body: EndpointBody): EndpointValues => ({
  url: body.url,
  description: body.description,
  eventTypes: body.events,
  active: body.active,
});

/** What the audit trail keeps of an endpoint: never its secret. */
const audited = (row: EndpointRecord) => ({
  url: row.url,
  description: row.description,
  events: row.eventTypes,
  active: row.active,
});

const secretHint = (secret: string) => `…${secret.slice(-4)}`;

const present = (row: EndpointRecord, pending = 0): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.eventTypes as WebhookEndpoint['events'],
  active: row.active,
  secretHint: secretHint(row.secret),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  pending,
});

async function presentWithPending(ctx: AppContext, row: EndpointRecord): Promise<WebhookEndpoint> {
  const pending = await webhooks.pendingCounts(ctx.db, [row.id]);
  return present(row, pending.get(row.id) ?? 0);
}

/** Refuses a receiver's URL that is, or resolves to, an address inside the network. */
async function assertReachable(ctx: AppContext, url: string) {
  if ((await ctx.outbound.checkOnSave(url)) === 'refused')
    throw new HttpError(400, WEBHOOK_MSG.urlNotPublic, { errors: { url: WEBHOOK_MSG.urlNotPublic } });
}

const endpointNotFound = () => new HttpError(404, WEBHOOK_MSG.endpointNotFound);

export async function listEndpoints(ctx: AppContext): Promise<WebhookEndpoint[]> {
  const rows = await webhooks.endpoints(ctx.db);
  const pending = await webhooks.pendingCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, pending.get(row.id) ?? 0));
}

/** Adds a receiver; answers it with its new secret, the only time besides a rotation it is shown. */
export async function createEndpoint(ctx: AppContext, actor: AuthUser, body: EndpointBody) {
  await assertReachable(ctx, body.url);
  const secret = newWebhookSecret();
  const row = await createAudited(ctx, actor, {
    action: 'webhook.create',
    type: 'webhook',
    insert: (tx) => webhooks.insert(tx, { ...values(body), secret, createdBy: actor.id }),
    audited,
  });
  return { endpoint: present(row), secret };
}

export async function updateEndpoint(ctx: AppContext, actor: AuthUser, id: number, body: EndpointBody) {
  await assertReachable(ctx, body.url);
  const row = await updateAudited(ctx, actor, {
    action: 'webhook.update',
    target: { type: 'webhook', id },
    lock: (tx) => webhooks.lockForUpdate(tx, id),
    missing: endpointNotFound,
    update: (tx) => webhooks.update(tx, id, values(body)),
    audited,
  });
  // Activated again: what waited goes out now.
  if (row.active) ctx.webhooks.nudge();
  return presentWithPending(ctx, row);
}

export async function deleteEndpoint(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await webhooks.delete(tx, id);
    if (!row) throw endpointNotFound();
    await recordAudit(tx, ctx, {
      actor,
      action: 'webhook.delete',
      target: { type: 'webhook', id },
      before: audited(row),
    });
  });
}

/** Gives a receiver a new secret; answers it with the secret, shown this once. */
export async function rotateSecret(ctx: AppContext, actor: AuthUser, id: number) {
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await webhooks.update(tx, id, { secret });
    if (!updated) throw endpointNotFound();
    await recordAudit(tx, ctx, {
      actor,
      action: 'webhook.rotate',
      target: { type: 'webhook', id },
      // The secret itself stays out of the trail: only that it changed, and its new last characters.
      after: { secret_rotated: true, secret_hint: secretHint(secret) },
    });
    return updated;
  });
  return { endpoint: await presentWithPending(ctx, row), secret };
}

/** Queues a test event for an active receiver, a few a minute per receiver; answers the event's id. */
export async function sendTest(ctx: AppContext, id: number): Promise<string | null> {
  const endpoint = await webhooks.endpoint(ctx.db, id);
  if (!endpoint) throw endpointNotFound();
  if (!endpoint.active) throw new HttpError(400, WEBHOOK_MSG.endpointInactive);
  const tests = await webhooks.countTest(ctx.db, endpoint.id);
  if (tests === null) throw endpointNotFound();
  if (tests > ctx.config.webhooks.testsPerMinute) throw new HttpError(429, WEBHOOK_MSG.tooManyTests);
  const eventId = await queueWebhookEvent(ctx.db, {
    type: 'webhook.test',
    accountId: null,
    endpointId: endpoint.id,
    payload: { endpoint_id: endpoint.id, message: String(WEBHOOK_MSG.testQueued) },
  });
  ctx.webhooks.nudge();
  return eventId;
}

/**
 * A failed attempt as operators see it: the receiver's HTTP status, or one of three fixed texts.
 * Anything else (rows written before, with the system's own error) reads as a failed connection.
 */
function shownError(lastError: string | null, lastStatus: number | null): Message | string | null {
  if (lastError === null) return null;
  if (lastStatus !== null) return `HTTP ${lastStatus}`;
  if (lastError === DELIVERY_FAILURES.refused) return WEBHOOK_MSG.errorAddressRefused;
  if (lastError === DELIVERY_FAILURES.timeout || lastError === 'timed out') return WEBHOOK_MSG.errorTimedOut;
  return WEBHOOK_MSG.errorConnectionFailed;
}

/**
 * A delivery's event in a few words for the operator's list: a message's stage and number (with the
 * message log), an opted-out number, an account's state or the reason it paused.
 */
function eventDetail(payload: Record<string, unknown>): string | null {
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : null);
  const parts = [
    text('status') ?? text('state') ?? text('reason'),
    text('number'),
    typeof payload.message_log_id === 'number' ? `log #${payload.message_log_id}` : null,
  ].filter((part): part is string => part !== null && part !== '');
  return parts.length > 0 ? parts.join(' · ') : null;
}

function deliveryStatus(delivery: DeliveryRow['delivery']): WebhookDelivery['status'] {
  if (delivery.deliveredAt) return 'delivered';
  if (delivery.deadAt) return 'dead';
  return delivery.attempts > 0 ? 'retrying' : 'pending';
}

// The failure text is a message, written in the reader's language when the answer is sent.
type ShownDelivery = Omit<WebhookDelivery, 'lastError'> & { lastError: Message | string | null };

function presentDelivery({ delivery, event, url }: DeliveryRow): ShownDelivery {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    endpointUrl: url,
    eventId: event.uid,
    eventType: event.type as WebhookEventType,
    accountId: event.accountId,
    sequence: event.sequence,
    detail: eventDetail(event.payload),
    status: deliveryStatus(delivery),
    attempts: delivery.attempts,
    nextAttemptAt: delivery.deliveredAt || delivery.deadAt ? null : delivery.nextAttemptAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    lastStatus: delivery.lastStatus,
    lastError: shownError(delivery.lastError, delivery.lastStatus),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

export async function deliveryPage(ctx: AppContext, query: DeliveryQuery) {
  const { rows, meta } = await webhooks.deliveryPage(
    ctx.db,
    {
      endpoint: query.endpoint,
      status: query.status,
      oldestFirst: query.sort === 'time' && query.dir !== 'desc',
    },
    query,
  );
  return { data: rows.map(presentDelivery), meta };
}

/**
 * Sends a waiting delivery now. Only deliveries not yet accepted: an event the receiver answered 2xx
 * is never sent again. A dead one is replayed instead.
 */
export async function retryDelivery(ctx: AppContext, id: number): Promise<void> {
  if ((await webhooks.retry(ctx.db, id)) === 0) {
    const state = await webhooks.deliveryState(ctx.db, id);
    if (state === 'dead') throw new HttpError(400, WEBHOOK_MSG.deadUseReplay);
    if (state) throw new HttpError(400, WEBHOOK_MSG.alreadyDelivered);
    throw new HttpError(404, WEBHOOK_MSG.deliveryNotFound);
  }
  ctx.webhooks.nudge();
}

/**
 * Sends a dead delivery again from scratch. It is again the first undelivered event of its account at
 * that endpoint, so the later ones wait for it.
 */
export async function replayDelivery(ctx: AppContext, id: number): Promise<void> {
  if (!(await webhooks.replay(ctx.db, id))) {
    const state = await webhooks.deliveryState(ctx.db, id);
    if (state === 'delivered') throw new HttpError(400, WEBHOOK_MSG.alreadyDelivered);
    if (state) throw new HttpError(400, WEBHOOK_MSG.notDead);
    throw new HttpError(404, WEBHOOK_MSG.deliveryNotFound);
  }
  ctx.webhooks.nudge();
}
