import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@blaster/contract';
import type { Db } from '../../db';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { readPage, type PageRequest } from '../../lib/paging';

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type EndpointValues = Pick<EndpointRecord, 'url' | 'description' | 'eventTypes' | 'active'>;
export type DeliveryState = 'delivered' | 'dead' | 'waiting';

/** Which deliveries a status filter keeps: waiting ones are pending before their first attempt. */
function statusCondition(status: WebhookDeliveryStatus | undefined): SQL[] {
  const waiting = [isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.deadAt)];
  if (status === 'delivered') return [isNotNull(webhookDeliveries.deliveredAt)];
  if (status === 'dead') return [isNotNull(webhookDeliveries.deadAt)];
  if (status === 'pending') return [...waiting, eq(webhookDeliveries.attempts, 0)];
  if (status === 'retrying') return [...waiting, gt(webhookDeliveries.attempts, 0)];
  return [];
}

/** Webhook receivers, their events and deliveries: every statement the webhooks module runs. */
export const webhookRepository = {
  endpoints: (db: Db) => db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id)),

  async endpoint(db: Db, id: number): Promise<EndpointRecord | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  },

  /** Deliveries not yet accepted nor given up, per endpoint. */
  async pendingCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
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
  },

  async insert(
    executor: Executor,
    values: EndpointValues & { secret: string; createdBy: number },
  ): Promise<EndpointRecord> {
    const [row] = await executor.insert(webhookEndpoints).values(values).returning();
    return row!;
  },

  async lockForUpdate(executor: Executor, id: number): Promise<EndpointRecord | undefined> {
    const [row] = await executor
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    return row;
  },

  async update(
    executor: Executor,
    id: number,
    values: Partial<EndpointValues> | { secret: string },
  ): Promise<EndpointRecord | undefined> {
    const [row] = await executor
      .update(webhookEndpoints)
      .set(values)
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return row;
  },

  /**
   * Deletes an endpoint, its deliveries and the events no other endpoint still has to receive. The
   * endpoint's row goes first: a writer that share-locked it has committed, its deliveries included.
   */
  async delete(executor: Executor, id: number): Promise<EndpointRecord | undefined> {
    const [row] = await executor.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) return undefined;
    await executor.execute(sql`with gone as (
        delete from webhook_deliveries where endpoint_id = ${id} returning event_id
      )
      delete from webhook_events e
      where e.id in (select event_id from gone)
        and not exists (
          select 1 from webhook_endpoints ep
          join webhook_deliveries d on d.endpoint_id = ep.id and d.event_id = e.id
          where ep.id <> ${id})`);
    return row;
  },

  /**
   * Counts one test event in the endpoint's one-minute window, in the database so every instance and
   * every operator share the limit. Answers the tests in the window, or null when the endpoint is gone.
   */
  async countTest(db: Db, id: number): Promise<number | null> {
    const [counted] = await db
      .update(webhookEndpoints)
      .set({
        testsWindowStartedAt: sql`case when ${webhookEndpoints.testsWindowStartedAt} > now() - interval '1 minute'
          then ${webhookEndpoints.testsWindowStartedAt} else now() end`,
        testsInWindow: sql`case when ${webhookEndpoints.testsWindowStartedAt} > now() - interval '1 minute'
          then ${webhookEndpoints.testsInWindow} + 1 else 1 end`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ tests: webhookEndpoints.testsInWindow });
    return counted ? counted.tests : null;
  },

  /**
   * One page of deliveries, newest first (oldest first when sorted by time ascending: the id's order,
   * which the primary key and the per-endpoint index read either way), with their events and
   * endpoints' addresses, in page order.
   */
  async deliveryPage(
    db: Db,
    filter: { endpoint?: number; status?: WebhookDeliveryStatus; oldestFirst?: boolean },
    request: PageRequest,
  ) {
    const conditions = statusCondition(filter.status);
    if (filter.endpoint) conditions.push(eq(webhookDeliveries.endpointId, filter.endpoint));
    const { ids, meta } = await readPage(
      db,
      {
        table: webhookDeliveries,
        direction: filter.oldestFirst ? 'asc' : 'desc',
        where: conditions.length ? and(...conditions) : undefined,
      },
      request,
    );
    const rows =
      ids.length === 0
        ? []
        : await db
            .select({ delivery: webhookDeliveries, event: webhookEvents, url: webhookEndpoints.url })
            .from(webhookDeliveries)
            .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
            .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
            .where(inArray(webhookDeliveries.id, ids));
    const byId = new Map(rows.map((row) => [row.delivery.id, row]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), meta };
  },

  /**
   * Makes a waiting delivery due now, with the earlier undelivered events of the same account at that
   * endpoint (it goes out only after them). Answers how many were made due.
   */
  async retry(db: Db, id: number): Promise<number> {
    const retried = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          isNull(webhookDeliveries.deliveredAt),
          isNull(webhookDeliveries.deadAt),
          sql`(${webhookDeliveries.endpointId}, ${webhookDeliveries.accountKey}) = (select endpoint_id, account_key from webhook_deliveries where id = ${id} and delivered_at is null and dead_at is null)`,
          sql`${webhookDeliveries.sequence} <= (select sequence from webhook_deliveries where id = ${id})`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return retried.length;
  },

  /**
   * Revives a dead delivery from scratch: all its attempts again, its age limit counted from now.
   * Answers whether one was revived.
   */
  async replay(db: Db, id: number): Promise<boolean> {
    const replayed = await db
      .update(webhookDeliveries)
      .set({ deadAt: null, replayedAt: sql`now()`, attempts: 0, nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, id), isNotNull(webhookDeliveries.deadAt)))
      .returning({ id: webhookDeliveries.id });
    return replayed.length > 0;
  },

  /** Where a delivery stands; null when there is none. */
  async deliveryState(db: Db, id: number): Promise<DeliveryState | null> {
    const [row] = await db
      .select({ deliveredAt: webhookDeliveries.deliveredAt, deadAt: webhookDeliveries.deadAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    if (!row) return null;
    return row.deliveredAt ? 'delivered' : row.deadAt ? 'dead' : 'waiting';
  },
};
