import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  API,
  WEBHOOK_MSG,
  idParamSchema,
  webhookDeliveryPageQuerySchema,
  webhookEndpointBodySchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type Message,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { newWebhookSecret, queueWebhookEvent } from '../../domain/webhooks';
import { DELIVERY_FAILURES } from '../../jobs/webhooks';
import { HttpError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { recordAudit } from '../audit/service';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What the audit trail keeps of an endpoint: never its secret. */
const audited = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.eventTypes,
  active: row.active,
});

const present = (row: EndpointRow, pending = 0): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.eventTypes as WebhookEndpoint['events'],
  active: row.active,
  secretHint: `…${row.secret.slice(-4)}`,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  pending,
});

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

/** Refuses a receiver's URL that is, or resolves to, an address inside the network. */
async function assertReachable(ctx: AppContext, url: string) {
  if ((await ctx.outbound.checkOnSave(url)) === 'refused')
    throw new HttpError(400, WEBHOOK_MSG.urlNotPublic, { errors: { url: WEBHOOK_MSG.urlNotPublic } });
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

/** Outbound webhooks, for admin and dev: endpoints, their deliveries, test events and retries. */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const pendingCounts = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await ctx.db
      .select({ endpointId: webhookDeliveries.endpointId, pending: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.endpointId, ids),
          isNull(webhookDeliveries.deliveredAt),
          isNull(webhookDeliveries.deadAt),
        ),
      )
      .groupBy(webhookDeliveries.endpointId);
    return new Map(rows.map((row) => [row.endpointId, Number(row.pending)]));
  };

  /** Where a delivery stands, for the answer to a retry or replay that changed nothing. */
  const deliveryState = async (id: number) => {
    const [row] = await ctx.db
      .select({ deliveredAt: webhookDeliveries.deliveredAt, deadAt: webhookDeliveries.deadAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    if (!row) return null;
    return row.deliveredAt ? 'delivered' : row.deadAt ? 'dead' : 'waiting';
  };

  route(app, ctx, {
    method: 'GET',
    url: API.webhookEndpoints,
    access: OPERATOR_ROLES,
    handler: async () => {
      const rows = await ctx.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
      const pending = await pendingCounts(rows.map((row) => row.id));
      return { data: rows.map((row) => present(row, pending.get(row.id) ?? 0)) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.webhookEndpoints,
    access: OPERATOR_ROLES,
    body: webhookEndpointBodySchema,
    handler: async ({ body, user }) => {
      await assertReachable(ctx, body.url);
      const secret = newWebhookSecret();
      const row = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({
            url: body.url,
            description: body.description,
            eventTypes: body.events,
            active: body.active,
            secret,
            createdBy: user.id,
          })
          .returning();
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'webhook.create',
          target: { type: 'webhook', id: created!.id },
          after: audited(created!),
        });
        return created!;
      });
      // The only answer that carries the secret, besides a rotation's.
      return { data: present(row), secret, msg: WEBHOOK_MSG.saved };
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.webhookEndpoint(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: webhookEndpointBodySchema,
    handler: async ({ params, body, user }) => {
      await assertReachable(ctx, body.url);
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, params.id))
          .for('update');
        if (!current) throw new HttpError(404, WEBHOOK_MSG.endpointNotFound);
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({ url: body.url, description: body.description, eventTypes: body.events, active: body.active })
          .where(eq(webhookEndpoints.id, params.id))
          .returning();
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'webhook.update',
          target: { type: 'webhook', id: params.id },
          before: audited(current),
          after: audited(updated!),
        });
        return updated!;
      });
      // Activated again: what waited goes out now.
      if (row.active) ctx.webhooks.nudge();
      const pending = await pendingCounts([row.id]);
      return { data: present(row, pending.get(row.id) ?? 0), msg: WEBHOOK_MSG.saved };
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: API.webhookEndpoint(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, params.id)).returning();
        if (!row) throw new HttpError(404, WEBHOOK_MSG.endpointNotFound);
        // After the endpoint's row: a writer that share-locked it has committed, its deliveries included.
        // The events no other endpoint still has to receive go with them.
        await tx.execute(sql`with gone as (
            delete from webhook_deliveries where endpoint_id = ${params.id} returning event_id
          )
          delete from webhook_events e
          where e.id in (select event_id from gone)
            and not exists (
              select 1 from webhook_endpoints ep
              join webhook_deliveries d on d.endpoint_id = ep.id and d.event_id = e.id
              where ep.id <> ${params.id})`);
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'webhook.delete',
          target: { type: 'webhook', id: params.id },
          before: audited(row),
        });
      });
      return { msg: WEBHOOK_MSG.deleted };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.webhookRotateSecret(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => {
      const secret = newWebhookSecret();
      const row = await ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({ secret })
          .where(eq(webhookEndpoints.id, params.id))
          .returning();
        if (!updated) throw new HttpError(404, WEBHOOK_MSG.endpointNotFound);
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'webhook.rotate',
          target: { type: 'webhook', id: params.id },
          // The secret itself stays out of the trail: only that it changed, and its new last characters.
          after: { secret_rotated: true, secret_hint: present(updated).secretHint },
        });
        return updated;
      });
      const pending = await pendingCounts([row.id]);
      return { data: present(row, pending.get(row.id) ?? 0), secret, msg: WEBHOOK_MSG.saved };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.webhookTest(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => {
      const [endpoint] = await ctx.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, params.id));
      if (!endpoint) throw new HttpError(404, WEBHOOK_MSG.endpointNotFound);
      if (!endpoint.active) throw new HttpError(400, WEBHOOK_MSG.endpointInactive);
      // Counted per endpoint in the database, so every instance and every operator share the limit.
      const [counted] = await ctx.db
        .update(webhookEndpoints)
        .set({
          testsWindowStartedAt: sql`case when ${webhookEndpoints.testsWindowStartedAt} > now() - interval '1 minute'
            then ${webhookEndpoints.testsWindowStartedAt} else now() end`,
          testsInWindow: sql`case when ${webhookEndpoints.testsWindowStartedAt} > now() - interval '1 minute'
            then ${webhookEndpoints.testsInWindow} + 1 else 1 end`,
        })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ tests: webhookEndpoints.testsInWindow });
      if (!counted) throw new HttpError(404, WEBHOOK_MSG.endpointNotFound);
      if (counted.tests > ctx.config.webhooks.testsPerMinute)
        throw new HttpError(429, WEBHOOK_MSG.tooManyTests);
      const eventId = await queueWebhookEvent(ctx.db, {
        type: 'webhook.test',
        accountId: null,
        endpointId: endpoint.id,
        // Receivers read the spec's wording: a webhook has no reader's language.
        payload: { endpoint_id: endpoint.id, message: String(WEBHOOK_MSG.testQueued) },
      });
      ctx.webhooks.nudge();
      return { eventId, msg: WEBHOOK_MSG.testQueued };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.webhookDeliveries,
    access: OPERATOR_ROLES,
    query: webhookDeliveryPageQuerySchema,
    handler: async ({ query }) => {
      const conditions: SQL[] = [];
      if (query.endpoint) conditions.push(eq(webhookDeliveries.endpointId, query.endpoint));
      if (query.status === 'delivered') conditions.push(isNotNull(webhookDeliveries.deliveredAt));
      if (query.status === 'dead') conditions.push(isNotNull(webhookDeliveries.deadAt));
      const waiting = [isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.deadAt)];
      if (query.status === 'pending') conditions.push(...waiting, eq(webhookDeliveries.attempts, 0));
      if (query.status === 'retrying') conditions.push(...waiting, gt(webhookDeliveries.attempts, 0));
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: webhookDeliveries,
          id: webhookDeliveries.id,
          ids: () => ctx.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).$dynamic(),
          direction: 'desc',
          where: conditions.length ? and(...conditions) : undefined,
        },
        query,
      );
      const rows =
        ids.length === 0
          ? []
          : await ctx.db
              .select({ delivery: webhookDeliveries, event: webhookEvents, url: webhookEndpoints.url })
              .from(webhookDeliveries)
              .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
              .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
              .where(inArray(webhookDeliveries.id, ids));
      const byId = new Map(rows.map((row) => [row.delivery.id, row]));
      // The failure text is a message, written in the reader's language when the answer is sent.
      type ShownDelivery = Omit<WebhookDelivery, 'lastError'> & { lastError: Message | string | null };
      const data = ids.flatMap((id): ShownDelivery[] => {
        const row = byId.get(id);
        if (!row) return [];
        const { delivery, event } = row;
        return [
          {
            id: delivery.id,
            endpointId: delivery.endpointId,
            endpointUrl: row.url,
            eventId: event.uid,
            eventType: event.type as WebhookEventType,
            accountId: event.accountId,
            sequence: event.sequence,
            detail: eventDetail(event.payload),
            status: delivery.deliveredAt
              ? 'delivered'
              : delivery.deadAt
                ? 'dead'
                : delivery.attempts > 0
                  ? 'retrying'
                  : 'pending',
            attempts: delivery.attempts,
            nextAttemptAt:
              delivery.deliveredAt || delivery.deadAt ? null : delivery.nextAttemptAt.toISOString(),
            lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
            lastStatus: delivery.lastStatus,
            lastError: shownError(delivery.lastError, delivery.lastStatus),
            deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
            createdAt: delivery.createdAt.toISOString(),
          },
        ];
      });
      return { data, meta };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.webhookRetry(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => {
      // Only deliveries not yet accepted: an event the receiver answered 2xx is never sent again.
      // The earlier undelivered events of the same account at that endpoint are due now too, since
      // this one goes out only after them. A dead one is replayed instead.
      const retried = await ctx.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(
            isNull(webhookDeliveries.deliveredAt),
            isNull(webhookDeliveries.deadAt),
            sql`(${webhookDeliveries.endpointId}, ${webhookDeliveries.accountKey}) = (select endpoint_id, account_key from webhook_deliveries where id = ${params.id} and delivered_at is null and dead_at is null)`,
            sql`${webhookDeliveries.sequence} <= (select sequence from webhook_deliveries where id = ${params.id})`,
          ),
        )
        .returning({ id: webhookDeliveries.id });
      if (retried.length === 0) {
        const existing = await deliveryState(params.id);
        if (existing === 'dead') throw new HttpError(400, WEBHOOK_MSG.deadUseReplay);
        if (existing) throw new HttpError(400, WEBHOOK_MSG.alreadyDelivered);
        throw new HttpError(404, WEBHOOK_MSG.deliveryNotFound);
      }
      ctx.webhooks.nudge();
      return { msg: WEBHOOK_MSG.retryQueued };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.webhookReplay(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => {
      // From scratch: all its attempts again, the age limit counted from now. It is again the first
      // undelivered event of its account at that endpoint, so the later ones wait for it.
      const replayed = await ctx.db
        .update(webhookDeliveries)
        .set({ deadAt: null, replayedAt: sql`now()`, attempts: 0, nextAttemptAt: sql`now()` })
        .where(and(eq(webhookDeliveries.id, params.id), isNotNull(webhookDeliveries.deadAt)))
        .returning({ id: webhookDeliveries.id });
      if (replayed.length === 0) {
        const existing = await deliveryState(params.id);
        if (existing === 'delivered') throw new HttpError(400, WEBHOOK_MSG.alreadyDelivered);
        if (existing) throw new HttpError(400, WEBHOOK_MSG.notDead);
        throw new HttpError(404, WEBHOOK_MSG.deliveryNotFound);
      }
      ctx.webhooks.nudge();
      return { msg: WEBHOOK_MSG.replayQueued };
    },
  });
}
