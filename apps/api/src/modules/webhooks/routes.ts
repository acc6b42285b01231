import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  API,
  WEBHOOK_TEXT,
  idParamSchema,
  webhookDeliveryPageQuerySchema,
  webhookEndpointBodySchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { newWebhookSecret, queueWebhookEvent } from '../../domain/webhooks';
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
      .where(and(inArray(webhookDeliveries.endpointId, ids), isNull(webhookDeliveries.deliveredAt)))
      .groupBy(webhookDeliveries.endpointId);
    return new Map(rows.map((row) => [row.endpointId, Number(row.pending)]));
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
      return { data: present(row), secret, msg: WEBHOOK_TEXT.saved };
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.webhookEndpoint(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: webhookEndpointBodySchema,
    handler: async ({ params, body, user }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, params.id))
          .for('update');
        if (!current) throw new HttpError(404, WEBHOOK_TEXT.endpointNotFound);
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
      return { data: present(row, pending.get(row.id) ?? 0), msg: WEBHOOK_TEXT.saved };
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
        if (!row) throw new HttpError(404, WEBHOOK_TEXT.endpointNotFound);
        // After the endpoint's row: a writer that share-locked it has committed, its deliveries included.
        await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, params.id));
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'webhook.delete',
          target: { type: 'webhook', id: params.id },
          before: audited(row),
        });
      });
      return { msg: WEBHOOK_TEXT.deleted };
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
        if (!updated) throw new HttpError(404, WEBHOOK_TEXT.endpointNotFound);
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
      return { data: present(row, pending.get(row.id) ?? 0), secret, msg: WEBHOOK_TEXT.saved };
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
      if (!endpoint) throw new HttpError(404, WEBHOOK_TEXT.endpointNotFound);
      if (!endpoint.active) throw new HttpError(400, WEBHOOK_TEXT.endpointInactive);
      const eventId = await queueWebhookEvent(ctx.db, {
        type: 'webhook.test',
        accountId: null,
        endpointId: endpoint.id,
        payload: { endpoint_id: endpoint.id, message: WEBHOOK_TEXT.testQueued },
      });
      ctx.webhooks.nudge();
      return { eventId, msg: WEBHOOK_TEXT.testQueued };
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
      if (query.status === 'pending')
        conditions.push(isNull(webhookDeliveries.deliveredAt), eq(webhookDeliveries.attempts, 0));
      if (query.status === 'retrying')
        conditions.push(isNull(webhookDeliveries.deliveredAt), gt(webhookDeliveries.attempts, 0));
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
      const data = ids.flatMap((id): WebhookDelivery[] => {
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
            status: delivery.deliveredAt ? 'delivered' : delivery.attempts > 0 ? 'retrying' : 'pending',
            attempts: delivery.attempts,
            nextAttemptAt: delivery.deliveredAt ? null : delivery.nextAttemptAt.toISOString(),
            lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
            lastStatus: delivery.lastStatus,
            lastError: delivery.lastError,
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
      // this one goes out only after them.
      const retried = await ctx.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(
            isNull(webhookDeliveries.deliveredAt),
            sql`(${webhookDeliveries.endpointId}, ${webhookDeliveries.accountKey}) = (select endpoint_id, account_key from webhook_deliveries where id = ${params.id} and delivered_at is null)`,
            sql`${webhookDeliveries.sequence} <= (select sequence from webhook_deliveries where id = ${params.id})`,
          ),
        )
        .returning({ id: webhookDeliveries.id });
      if (retried.length === 0) {
        const [exists] = await ctx.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, params.id));
        if (exists) throw new HttpError(400, WEBHOOK_TEXT.alreadyDelivered);
        throw new HttpError(404, WEBHOOK_TEXT.deliveryNotFound);
      }
      ctx.webhooks.nudge();
      return { msg: WEBHOOK_TEXT.retryQueued };
    },
  });
}
