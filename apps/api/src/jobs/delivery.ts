import { sql } from 'drizzle-orm';
import { normalizeNumber } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { messageLogs } from '../db/schema';
import { lockHourlySumsOf } from '../db/rollups';
import type { ChatGateway, DeliveryAck, GatewayEvent } from '../gateway/gateway';
import type { RealtimeHub } from '../realtime/hub';
import { isOptOutReply } from '../modules/suppression/opt-out-reply';
import { addSuppression, publishSuppressed } from '../modules/suppression/list';
import { queueMessageDeliveryEvents } from '../domain/webhooks';
import { stageNumbersOf } from '../domain/number-history';
import type { ShortLinks } from '../lib/short-links';
import { WriteBehind } from '../lib/write-behind';
import { recordClick } from '../modules/links/clicks';
import { recordBlockOrReport, recordOptOut } from './template-feedback';

/** Acknowledgements wait at most this long before they are written... */
const FLUSH_MS = 250;
/** ...or until this many messages have one waiting, whichever comes first. */
const FLUSH_AT = 2_000;
/** One write takes at most this many messages (a backlog goes in several). */
const MAX_BATCH = 2_000;
/** A batch the database refused is tried again with the next, as long as the backlog stays this small... */
const MAX_BACKLOG = 50_000;
/** ...and the database has not refused this many writes in a row (it is gone: shutting down). */
const MAX_FAILED_WRITES = 3;

/** The message log a send's idempotency key names (the blast engine sends with `log-<id>`). */
export function logIdOfKey(key: string): number | null {
  const match = /^log-(\d{1,15})$/.exec(key);
  return match ? Number(match[1]) : null;
}

interface Acked {
  delivered: Date | null;
  read: Date | null;
}

export interface DeliveryTrackerOptions {
  db: Db;
  hub: RealtimeHub;
  /** Only its events are heard. */
  gateway: Pick<ChatGateway, 'on'>;
  /** Reads back the short links recipients open through the network (none: such clicks are not heard). */
  links?: Pick<ShortLinks, 'decode'>;
  /**
   * How long acknowledgements wait for more before they are written (250 ms by default). A test that
   * counts writes sets it beyond its own length, so only the batch size and a flush start a write,
   * however slowly a busy machine delivers the acknowledgements.
   */
  flushMs?: number;
  /** A template went back to pacing after its feedback: the blasts read their templates again. */
  templatesChanged?: () => void;
}

/**
 * The delivery funnel after a send: the network's acknowledgements are gathered in memory, merged per
 * message (a read also tells the message was delivered, whatever became of that acknowledgement) and
 * written in one statement per batch, never one per acknowledgement. A STOP reply suppresses its
 * sender at once and tells the operators.
 *
 * Acknowledgements are the network's best effort: a batch not yet written when the process dies is
 * lost like an acknowledgement the network lost, and the message stays at the stage it had reached.
 */
export class DeliveryTracker {
  private waiting = new Map<number, Acked>();
  /** Callers waiting for every acknowledgement to be written: writes then wait for settles, not skip them. */
  private mustWait = 0;
  private readonly writes = new WriteBehind(() => this.writeUntilEmpty());
  private stopped = false;
  private failedWrites = 0;
  /** Opt-outs and clicks being written (flush waits for them too). */
  private readonly optingOut = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;

  private readonly flushMs: number;

  constructor(private readonly options: DeliveryTrackerOptions) {
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.unsubscribe = options.gateway.on((event) => this.receive(event));
  }

  private receive(event: GatewayEvent) {
    if (this.stopped) return;
    if (event.type === 'ack') this.acknowledged(event.key, event.ack, event.at);
    else if (event.type === 'link.click') this.clicked(event.url, event.at);
    else if (event.type === 'feedback') this.feedback(event.key, event.reaction, event.at);
    else if (event.type === 'message.inbound' && isOptOutReply(event.text)) {
      // The acknowledgements gathered so far are written first: the stages the message reached before
      // the reply are told before its opt-out.
      // The database may be away: the recipient's next STOP is then taken as this one.
      this.keep(
        this.writeAllWaiting().then(() => this.optOut(normalizeNumber(event.from), event.replyTo, event.at)),
      );
    }
  }

  /**
   * Keeps a one-off write (an opt-out, a click, a block or report) for flush to wait on. One the
   * database refuses is lost: these are the network's best effort, and nothing retries them.
   */
  private keep(work: Promise<unknown>) {
    const writing: Promise<void> = work
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.optingOut.delete(writing));
    this.optingOut.add(writing);
  }

  /**
   * A recipient opened a short link in the network itself: recorded as the redirect records one
   * opened in a browser (modules/links), a click the code does not check out for being ignored.
   */
  private clicked(url: string, at: Date) {
    const code = /\/l\/([^/?#]+)$/.exec(url.split(/[?#]/)[0]!)?.[1];
    const link = code ? this.options.links?.decode('click', code) : null;
    if (!link) return;
    this.keep(recordClick(this.options.db, link, at));
  }

  /**
   * A recipient blocked or reported the sender over a message: marked on the message and counted
   * against its template, one short statement each (they are rare); flush waits for them.
   */
  private feedback(key: string, reaction: 'block' | 'report', at: Date) {
    const logId = logIdOfKey(key);
    if (logId === null) return;
    this.keep(
      recordBlockOrReport(this.options.db, logId, reaction, at).then((retrial) => {
        if (retrial) this.options.templatesChanged?.();
      }),
    );
  }

  private acknowledged(key: string, ack: DeliveryAck, at: Date) {
    const logId = logIdOfKey(key);
    if (logId === null) return;
    const entry = this.waiting.get(logId) ?? { delivered: null, read: null };
    if (ack === 'delivered') entry.delivered ??= at;
    else entry.read ??= at;
    this.waiting.set(logId, entry);
    if (this.writes.busy) return; // the write in flight takes it next
    if (this.waiting.size >= FLUSH_AT) void this.writes.now();
    else this.writes.later(this.flushMs);
  }

  /** Writes every acknowledgement gathered so far, and the opt-outs being written; resolves when done. */
  async flush(): Promise<void> {
    await Promise.all([...this.optingOut]);
    return this.writeAllWaiting();
  }

  /** Writes every acknowledgement gathered so far, waiting for the settles that hold their messages. */
  private async writeAllWaiting() {
    this.mustWait += 1;
    try {
      await this.writes.now();
    } finally {
      this.mustWait -= 1;
    }
  }

  /**
   * Writes the acknowledgements gathered so far (opt-outs not waited for) until none is left waiting;
   * those arriving meanwhile are merged per message in the map and go in the next batch.
   */
  private async writeUntilEmpty() {
    for (;;) {
      const later = new Map<number, Acked>();
      try {
        await this.writeBatches(later);
      } finally {
        for (const [id, acked] of later) this.merge(id, acked);
      }
      if (later.size === 0) return;
      // Messages a settle held: tried again shortly, once it has committed; at once, waiting for it,
      // when someone waits for them (a STOP reply, a flush).
      if (this.mustWait === 0) {
        this.writes.later(this.flushMs);
        return;
      }
    }
  }

  private async writeBatches(later: Map<number, Acked>) {
    while (this.waiting.size > 0) {
      const batch = this.take(MAX_BATCH);
      try {
        for (const [id, acked] of await this.write(batch, this.mustWait > 0)) later.set(id, acked);
        this.failedWrites = 0;
      } catch {
        this.failedWrites += 1;
        if (this.stopped || this.failedWrites >= MAX_FAILED_WRITES) return;
        for (const [id, acked] of batch) {
          if (this.waiting.size >= MAX_BACKLOG) break;
          this.merge(id, acked);
        }
        this.writes.later(this.flushMs * 4);
        return;
      }
    }
  }

  /** Puts an acknowledgement back among the waiting ones (a newer one for the message kept first). */
  private merge(id: number, acked: Acked) {
    const newer = this.waiting.get(id);
    this.waiting.set(id, { delivered: newer?.delivered ?? acked.delivered, read: newer?.read ?? acked.read });
  }

  /** Up to `limit` of the waiting acknowledgements, oldest first, out of the map. */
  private take(limit: number) {
    if (this.waiting.size <= limit) {
      const all = this.waiting;
      this.waiting = new Map();
      return all;
    }
    const batch = new Map<number, Acked>();
    for (const [id, acked] of this.waiting) {
      if (batch.size >= limit) break;
      batch.set(id, acked);
      this.waiting.delete(id);
    }
    return batch;
  }

  /**
   * Writes a batch in one short transaction that, unless told to wait for them, skips the messages a
   * blast's settle holds (and the accounts whose webhook sequence it holds) and answers them back, to
   * go in a later write: waiting for them would hold every other account's rows meanwhile.
   */
  private async write(batch: Map<number, Acked>, waitForSettles: boolean): Promise<Map<number, Acked>> {
    const skipLocked = waitForSettles ? sql`` : sql`skip locked`;
    const entries = [...batch];
    const acks = sql`acks(id, delivered, read) as (
        select * from unnest(
          ${sql.param(entries.map(([id]) => id))}::bigint[],
          ${sql.param(entries.map(([, acked]) => acked.delivered?.toISOString() ?? null))}::timestamptz[],
          ${sql.param(entries.map(([, acked]) => acked.read?.toISOString() ?? null))}::timestamptz[]))`;
    const skipped = new Map<number, Acked>();
    await this.options.db.transaction(async (tx) => {
      // Only rows that move on are written; the first time a stage was reached is kept.
      const moving = await queryRows<{ id: string | number; whatsapp_id: number | null }>(
        tx,
        sql`with ${acks},
            moving as (
              select m.id from ${messageLogs} m join acks a on a.id = m.id
              where m.delivered_at is null or (a.read is not null and m.read_at is null)),
            locked as materialized (
              select m.id, m.whatsapp_id from ${messageLogs} m where m.id in (select id from moving)
              order by m.id for update of m ${skipLocked})
            select moving.id, locked.whatsapp_id from moving left join locked on locked.id = moving.id`,
      );
      const sequenced = await lockWritableAccounts(tx, moving, waitForSettles);
      const writing = new Set<number>();
      for (const row of moving) {
        const id = Number(row.id);
        if (row.whatsapp_id !== null && sequenced.has(row.whatsapp_id)) writing.add(id);
        else skipped.set(id, batch.get(id)!);
      }
      if (writing.size === 0) return;
      // What each row held before is read under the lock: each stage reached now is told to the
      // webhooks in the same statement. A message whose send is not settled yet is told nothing here:
      // its settle tells the stages reached so far, after the send's own.
      await queueMessageDeliveryEvents(
        tx,
        sql`select c.id as message_log_id, c.whatsapp_id, c.user_id, c.target as number, s.status, s.at,
                null::text as error, s.stage
              from changed c
              cross join lateral (values
                (2, 'delivered', case when c.was_delivered is null then c.delivered_at end),
                (3, 'read', case when c.was_read is null then c.read_at end)
              ) s(stage, status, at)
              where c.status <> 'pending' and s.at is not null`,
        sql`${acks},
            before as (
              select m.id, m.delivered_at, m.read_at from ${messageLogs} m join acks a on a.id = m.id
              where m.id = any(${sql.param([...writing])}::bigint[])
            ),
            changed as (
              update ${messageLogs} m
              set delivered_at = coalesce(m.delivered_at, a.delivered, a.read),
                  read_at = coalesce(m.read_at, a.read)
              from before b join acks a on a.id = b.id
              where m.id = b.id
              returning m.id, m.whatsapp_id, m.user_id, m.target, m.status, m.delivered_at, m.read_at,
                m.replied_at, m.phone_number_id, b.delivered_at as was_delivered, b.read_at as was_read
            ),
            ${stageNumbersOf('changed')}`,
      );
    });
    return skipped;
  }

  /**
   * A STOP reply (or the opt-out page's button, `reason` 'link'): the number joins the suppression
   * list now, and the message it answers is marked.
   * The log is written before the number (whose row the suppression trigger marks), the order the
   * blast engine's settle takes them in, so the two never wait on each other; a write that fails all
   * the same (the database busy or away) is tried twice more.
   */
  async optOut(number: string, replyTo: string | null, at: Date, reason: 'reply' | 'link' = 'reply') {
    const firstTo = await this.retried(() => this.optOutOnce(number, replyTo, at, reason));
    // Counted against the message's template after the opt-out is written, in a transaction of its
    // own: the template's row is one every opt-out of its blasts updates, and a transaction waiting
    // for it while holding the message's account (its event sequence) held that account's settle,
    // and with it the owner's row every other account of the owner settles under.
    if (firstTo === null) return;
    const retrial = await this.retried(() => recordOptOut(this.options.db, firstTo));
    if (retrial) this.options.templatesChanged?.();
  }

  /** A write that fails (the database busy or away) is tried twice more. */
  private async retried<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= 3 || this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private async optOutOnce(number: string, replyTo: string | null, at: Date, reason: 'reply' | 'link') {
    const { db, hub } = this.options;
    const logId = replyTo ? logIdOfKey(replyTo) : null;
    const added = await db.transaction(async (tx) => {
      const [answered] =
        logId === null
          ? []
          : await queryRows<{ whatsapp_id: number; opted_out_at: string | null }>(
              tx,
              sql`select whatsapp_id, opted_out_at from ${messageLogs}
                  where id = ${logId} and target = ${number} for update`,
            );
      // The first STOP to a message marks it, and is told as its last stage (once it is settled: a
      // send still being settled tells it with its outcome).
      const firstTo = answered && answered.opted_out_at === null ? logId : null;
      if (firstTo !== null) {
        // Its hourly sums before the account's event sequence, as a settle takes them.
        await lockHourlySumsOf(tx, [firstTo], false);
        await queueMessageDeliveryEvents(
          tx,
          sql`select id as message_log_id, whatsapp_id, user_id, target as number, 'opted_out' as status,
                opted_out_at as at, null::text as error, 4 as stage
              from marked where status <> 'pending'`,
          sql`marked as (
                update ${messageLogs} set opted_out_at = ${at.toISOString()}::timestamptz where id = ${firstTo}
                returning id, whatsapp_id, user_id, target, status, opted_out_at)`,
        );
      }
      const suppressed = await addSuppression(tx, {
        number,
        reason,
        whatsappId: answered?.whatsapp_id ?? null,
      });
      return { suppressed, firstTo };
    });
    if (added.suppressed) publishSuppressed(hub, added.suppressed);
    return added.firstTo;
  }

  /** Writes what is gathered and stops listening (shutdown). */
  async stop() {
    this.unsubscribe();
    await this.flush();
    this.stopped = true;
  }
}

/**
 * Locks, for the messages an acknowledgement moves on, their accounts' hourly sums and then their
 * event sequences, the order a settle takes them in; answers the accounts both were locked for.
 * Unless `waitForSettles`, an account whose rows a settle holds is left for a later write.
 */
async function lockWritableAccounts(
  tx: Pick<Db, 'execute'>,
  moving: { id: string | number; whatsapp_id: number | null }[],
  waitForSettles: boolean,
): Promise<Set<number>> {
  const skipLocked = waitForSettles ? sql`` : sql`skip locked`;
  const summed = await lockHourlySumsOf(
    tx,
    moving.flatMap((row) => (row.whatsapp_id === null ? [] : [Number(row.id)])),
    !waitForSettles,
  );
  const accounts = [
    ...new Set(
      moving.flatMap((row) =>
        row.whatsapp_id === null || !summed.has(row.whatsapp_id) ? [] : [row.whatsapp_id],
      ),
    ),
  ];
  return new Set(
    accounts.length === 0
      ? []
      : (
          await queryRows<{ account: number }>(
            tx,
            sql`with wanted(account) as (select unnest(${sql.param(accounts)}::int[])),
                  locked as materialized (
                    select account_key from webhook_sequences
                    where account_key in (select account from wanted)
                    order by account_key for update ${skipLocked})
                  select account from wanted
                  where account in (select account_key from locked)
                    or not exists (select 1 from webhook_sequences s where s.account_key = wanted.account)`,
          )
        ).map((row) => row.account),
  );
}
