import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType, WebhookPayloads } from '@blaster/contract';
import { queryRows } from '../db';
import type { AccountRow } from './accounts';
import type { Executor } from '../ledger/ledger';

export interface QueuedWebhookEvent<T extends WebhookEventType> {
  type: T;
  /** The chat account the event is about (its events reach each receiver in order), or null. */
  accountId: number | null;
  payload: WebhookPayloads[T];
  /** Only to this endpoint, whatever it subscribed to (the test event). */
  endpointId?: number;
}

/**
 * Writes a webhook event and one delivery per active endpoint subscribed to its type. Call it with
 * the transaction that makes the change the event tells of: the event exists exactly when the
 * change does, and the dispatcher sends it from the database however long the receiver is away.
 * With no endpoint subscribed nothing is written. Answers the event's id (null when none was written).
 *
 * The account's sequence row stays locked until the transaction ends, so two transactions about one
 * account number their events in commit order: a receiver never sees event n+1 before event n.
 */
export async function queueWebhookEvent<T extends WebhookEventType>(
  executor: Executor,
  event: QueuedWebhookEvent<T>,
): Promise<string | null> {
  const accountKey = event.accountId ?? 0;
  const uid = randomUUID();
  // Share-locked for the statement's transaction: an endpoint deleted meanwhile waits for it, then
  // takes the deliveries written here along (deliveries have no foreign key; see 0017).
  const targets =
    event.endpointId === undefined
      ? sql`select id from webhook_endpoints where active and ${event.type} = any(event_types) for key share`
      : sql`select id from webhook_endpoints where id = ${event.endpointId} for key share`;
  const rows = await queryRows<{ event_id: string | number }>(
    executor,
    sql`with targets as (${targets}),
      numbered as (
        insert into webhook_sequences (account_key, last_sequence)
        select ${accountKey}::int, 1 where exists (select 1 from targets)
        on conflict (account_key) do update set last_sequence = webhook_sequences.last_sequence + 1
        returning last_sequence
      ),
      event as (
        insert into webhook_events (uid, type, account_id, sequence, payload)
        select ${uid}, ${event.type}, ${event.accountId}::int, last_sequence, ${JSON.stringify(event.payload)}::jsonb
        from numbered
        returning id, sequence
      )
      insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence)
      select targets.id, event.id, ${accountKey}::int, event.sequence from targets cross join event
      returning event_id`,
  );
  return rows.length > 0 ? uid : null;
}

/**
 * Queues one `message.delivery` event per row of `changes`, for every active endpoint subscribed to
 * it, in one statement however many messages changed: the blast engine's settle and the delivery
 * tracker's batch call it in the transaction that writes the stages, so an event exists exactly when
 * its stage does. `changes` is a select of (message_log_id, whatsapp_id, user_id, number, status, at,
 * error, stage), `stage` ranking a message's stages (sent/failed 1, delivered 2, read 3, opted out 4);
 * `ctes` are `name as (...)` definitions it reads, data-modifying ones included (those run whether or
 * not anything is subscribed).
 *
 * Each account's sequence row takes all of the statement's events at once, accounts locked in id
 * order; within an account the events are numbered by message (the order they were sent in), then
 * stage, so a receiver hears of a message's stages in the order they are reached.
 */
export async function queueMessageDeliveryEvents(executor: Executor, changes: SQL, ctes?: SQL) {
  await executor.execute(sql`with ${ctes ? sql`${ctes},` : sql``}
    targets as (
      select id from webhook_endpoints where active and 'message.delivery' = any(event_types)
      for key share
    ),
    changes as (
      select * from (${changes}) c where exists (select 1 from targets)
    ),
    numbered as (
      insert into webhook_sequences (account_key, last_sequence)
      select whatsapp_id, count(*) from changes group by whatsapp_id order by whatsapp_id
      on conflict (account_key) do update
        set last_sequence = webhook_sequences.last_sequence + excluded.last_sequence
      returning account_key, last_sequence
    ),
    event as (
      insert into webhook_events (uid, type, account_id, sequence, payload)
      select gen_random_uuid()::text, 'message.delivery', c.whatsapp_id,
        n.last_sequence - count(*) over account_events
          + row_number() over (account_events order by c.message_log_id, c.stage),
        jsonb_build_object(
          'message_log_id', c.message_log_id, 'whatsapp_id', c.whatsapp_id, 'user_id', c.user_id,
          'number', c.number, 'status', c.status, 'error', c.error,
          'at', to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from changes c join numbered n on n.account_key = c.whatsapp_id
      window account_events as (partition by c.whatsapp_id)
      returning id, account_id, sequence
    )
    insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence)
    select targets.id, event.id, event.account_id, event.sequence from targets cross join event`);
}

/**
 * Queues one `number.opted_out` event per payload, for every active endpoint subscribed to it, in one
 * statement however many numbers opted out (a bulk suppression): the events have no account, so they
 * take the next sequence numbers of the account-less row together, in the payloads' order.
 */
export async function queueOptOutEvents(executor: Executor, payloads: WebhookPayloads['number.opted_out'][]) {
  if (payloads.length === 0) return;
  await executor.execute(sql`with
    targets as (
      select id from webhook_endpoints where active and 'number.opted_out' = any(event_types)
      for key share
    ),
    opted as (
      select p.payload, p.n from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb)
        with ordinality as p(payload, n)
      where exists (select 1 from targets)
    ),
    numbered as (
      insert into webhook_sequences (account_key, last_sequence)
      select 0, count(*) from opted having count(*) > 0
      on conflict (account_key) do update
        set last_sequence = webhook_sequences.last_sequence + excluded.last_sequence
      returning last_sequence
    ),
    event as (
      insert into webhook_events (uid, type, account_id, sequence, payload)
      select gen_random_uuid()::text, 'number.opted_out', null,
        numbered.last_sequence - (select count(*) from opted) + o.n, o.payload
      from opted o cross join numbered
      returning id, sequence
    )
    insert into webhook_deliveries (endpoint_id, event_id, account_key, sequence)
    select targets.id, event.id, 0, event.sequence from targets cross join event`);
}

/** The account part of an account event, from its row as it is now. */
export function accountRef(account: AccountRow) {
  return {
    whatsapp_id: account.id,
    user_id: account.userId,
    clientid: account.clientid,
    phonenumber: account.phonenumber,
    state: account.state,
  };
}

/** A fresh endpoint secret: 32 random bytes, readable in a header or an environment variable. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature header's value: HMAC-SHA256 with the endpoint's secret over
 * `<timestamp>.<raw body>`, where the timestamp (Unix seconds) is also sent in X-Blaster-Timestamp.
 * Signing the timestamp lets a receiver refuse an old request replayed later.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (docs/operations.md shows the same in a few lines of Node). */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string | number,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Connection states after which the account's session is over. */
const SESSION_ENDED = new Set(['conflict', 'loggedOut', 'disconnected']);

/**
 * The webhook events of an account's new connection state: `account.status` when it changed, and
 * `account.disconnected` when the session ended. Inside the transaction that saves the state.
 */
export async function queueAccountStateEvents(
  executor: Executor,
  account: AccountRow,
  previous: string | null,
) {
  if (previous === account.state) return;
  await queueWebhookEvent(executor, {
    type: 'account.status',
    accountId: account.id,
    payload: { ...accountRef(account), previous_state: previous },
  });
  if (account.state && SESSION_ENDED.has(account.state))
    await queueWebhookEvent(executor, {
      type: 'account.disconnected',
      accountId: account.id,
      payload: { ...accountRef(account), reason: account.state },
    });
}
