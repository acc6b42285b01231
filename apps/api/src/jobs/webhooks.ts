import { sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS, type WebhookBody, type WebhookEventType } from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';
import { LeasedJobs, type Wait } from '../cluster/leased-jobs';
import type { JobLeases } from '../cluster/leases';
import { queryRows, type Db } from '../db';
import type { Config } from '../config';
import { signWebhook } from '../domain/webhooks';
import { pruneWebhookDeliveries } from './retention';
import { OutboundError, type OutboundGuard } from '../lib/outbound/guard';

/** The dispatcher is one job: whichever instance holds its lease sends every webhook. */
export const WEBHOOK_DISPATCHER_JOB = 1;

interface Claimed {
  id: string | number;
  url: string;
  secret: string;
  uid: string;
  type: WebhookEventType;
  account_id: number | null;
  sequence: string | number;
  payload: Record<string, unknown>;
  created_ms: string | number;
}

interface Outcome {
  id: number;
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface WebhookDispatcherOptions {
  db: Db;
  leases: JobLeases;
  bus: ClusterBus;
  /** Every request goes through it: only addresses it allows are ever connected to. */
  outbound: OutboundGuard;
  settings: Config['webhooks'];
}

/**
 * What a failed attempt records besides an HTTP status: one of three words, never the system's error
 * (a refused connection, a reset or a parse error would tell what listens at an address).
 */
export const DELIVERY_FAILURES = {
  refused: 'address_refused',
  timeout: 'timeout',
  failed: 'connection_failed',
};

/** How often an idle dispatcher looks for rows past their retention. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Sends due webhook deliveries from the database. Per endpoint, the events of one account go out in
 * sequence: only the first undelivered one of each (endpoint, account) is ever sent, so a failing
 * event holds back the later events of its account at that endpoint while other accounts go on.
 *
 * A claim counts the attempt and sets the next one (base × 2^attempts, capped) before anything is
 * sent, in one statement for the whole batch: a crash mid-send leaves the delivery to be retried
 * after its backoff, by whichever instance holds the lease then. Delivery is at least once; a
 * delivery recorded as accepted (2xx) is never sent again. One still refused after
 * `maxAttempts` attempts or `maxAgeHours` hours is dead: left aside (the next event of its account
 * goes on) until an operator replays it. Idle, the dispatcher prunes old delivered and dead rows.
 */
export class WebhookDispatcher extends LeasedJobs {
  constructor(private readonly options: WebhookDispatcherOptions) {
    super('webhook', options.leases, options.bus);
  }

  /** Runs the dispatcher here unless another instance does; takes it over when that one goes away. */
  async resume() {
    await this.watchForOrphans();
  }

  /** Stops sending, and closes the connections kept to receivers. */
  override async stopAll() {
    await super.stopAll();
    this.options.outbound.close();
  }

  /** New work (a test event, a retry): the dispatcher looks now rather than at its next poll. */
  nudge() {
    this.wake(WEBHOOK_DISPATCHER_JOB);
  }

  protected wanted() {
    return sql`select ${WEBHOOK_DISPATCHER_JOB}::int as id`;
  }

  /** A failed step (the database away) ends the loop; the orphan watch starts it again shortly. */
  protected async failed() {}

  protected async work(id: number, wait: Wait) {
    let pruneAt = 0;
    while (!this.killed) {
      const sent = await this.step(id);
      if (this.killed) return;
      if (sent > 0) continue;
      if (Date.now() >= pruneAt) {
        // A full batch: more may be waiting, taken at the next idle turn; otherwise a minute's rest.
        const pruned = await this.prune();
        pruneAt = pruned < this.options.settings.pruneBatch ? Date.now() + PRUNE_EVERY_MS : 0;
        if (pruneAt === 0) continue;
      }
      await wait(this.options.settings.pollMs);
    }
  }

  /**
   * Deletes one batch of delivered rows past their retention and of dead ones past theirs, and the
   * events no delivery needs any more; answers how many deliveries went.
   */
  prune(): Promise<number> {
    return pruneWebhookDeliveries(this.options.db, this.options.settings);
  }

  /** Claims, sends and records one batch; answers how many were sent. */
  async step(id: number): Promise<number> {
    const { db, settings } = this.options;
    const claimed = await db.transaction(async (tx) => {
      await this.confirmLease(tx, id);
      return queryRows<Claimed>(
        tx,
        // The (endpoint, account) pairs with something undelivered, found by skipping through the
        // pending index one pair at a time, and the first undelivered delivery of each: the claim
        // costs a few index probes per pair however long the backlog (a blast queues thousands).
        sql`with recursive pairs as (
            (select endpoint_id, account_key from webhook_deliveries
             where delivered_at is null and dead_at is null order by endpoint_id, account_key limit 1)
            union all
            select next.endpoint_id, next.account_key from pairs p cross join lateral (
              select d.endpoint_id, d.account_key from webhook_deliveries d
              where d.delivered_at is null and d.dead_at is null
                and (d.endpoint_id, d.account_key) > (p.endpoint_id, p.account_key)
              order by d.endpoint_id, d.account_key limit 1
            ) next
          ), heads as (
            select head.id, head.next_attempt_at
            from pairs p
            join webhook_endpoints e on e.id = p.endpoint_id and e.active
            cross join lateral (
              select d.id, d.next_attempt_at from webhook_deliveries d
              where d.delivered_at is null and d.dead_at is null
                and d.endpoint_id = p.endpoint_id and d.account_key = p.account_key
              order by d.sequence limit 1
            ) head
          ), due as (
            select id from heads where next_attempt_at <= now() order by next_attempt_at limit ${settings.batchSize}
          )
          update webhook_deliveries d
          set attempts = d.attempts + 1,
              last_attempt_at = now(),
              next_attempt_at = now() + least(${settings.retryMaxMs}::float8,
                ${settings.retryBaseMs}::float8 * power(2, least(d.attempts, 40))) * interval '1 millisecond'
          from due, webhook_events ev, webhook_endpoints ep
          where d.id = due.id and ev.id = d.event_id and ep.id = d.endpoint_id
          returning d.id, ep.url, ep.secret, ev.uid, ev.type, ev.account_id, ev.sequence, ev.payload,
            extract(epoch from ev.created_at) * 1000 as created_ms`,
      );
    });
    if (claimed.length === 0) return 0;
    const outcomes = await Promise.all(claimed.map((row) => this.send(row)));
    // A crash between sending and recording: the receivers may get these again (at least once).
    if (this.killed) return claimed.length;
    await db.transaction(async (tx) => {
      await this.confirmLease(tx, id);
      // A failure past the attempt or age limit is the last: the delivery is dead until replayed.
      await tx.execute(sql`update webhook_deliveries d
        set last_status = v.status,
            last_error = v.error,
            delivered_at = case when v.ok then now() end,
            dead_at = case when not v.ok and (d.attempts >= ${settings.maxAttempts}
              or coalesce(d.replayed_at, d.created_at)
                <= now() - ${settings.maxAgeHours}::float8 * interval '1 hour') then now() end
        from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(id bigint, ok boolean, status int, error text)
        where d.id = v.id and d.delivered_at is null and d.dead_at is null`);
    });
    return claimed.length;
  }

  private async send(row: Claimed): Promise<Outcome> {
    const id = Number(row.id);
    const body: WebhookBody = {
      id: row.uid,
      type: row.type,
      created_at: new Date(Number(row.created_ms)).toISOString(),
      account_id: row.account_id === null ? null : Number(row.account_id),
      sequence: Number(row.sequence),
      data: row.payload as never,
    };
    const text = JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const status = await this.options.outbound.post(row.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'BlasterPanel-Webhooks/1',
          [WEBHOOK_HEADERS.eventId]: row.uid,
          [WEBHOOK_HEADERS.eventType]: row.type,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(row.secret, timestamp, text),
        },
        body: text,
        // A redirect is not followed, nor an acceptance: the receiver's address should be the final one.
        timeoutMs: this.options.settings.timeoutMs,
      });
      const ok = status >= 200 && status < 300;
      return { id, ok, status, error: ok ? null : `HTTP ${status}` };
    } catch (error) {
      const kind = error instanceof OutboundError ? error.kind : 'failed';
      return { id, ok: false, status: null, error: DELIVERY_FAILURES[kind] };
    }
  }
}
