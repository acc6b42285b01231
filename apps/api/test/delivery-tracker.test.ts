import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type Db } from '../src/db';
import { lockRollupSources, recountRollups } from '../src/db/rollups';
import { seed } from '../src/db/seed';
import type { GatewayEvent } from '../src/gateway/gateway';
import { DeliveryTracker } from '../src/jobs/delivery';
import { createHub } from '../src/realtime/hub';
import { ADMIN, openTestDatabase } from './support/app';
import { signal, waitFor } from './support/chat';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanups.length) await cleanups.pop()!();
});

const DEVICE = 'id-1700000000000-1';

/** `count` settled sends of one account, and a tracker hearing acknowledgements told to `ack`. */
async function trackerWithSends(count: number, flushMs?: number) {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const { db } = database;
  await seed(db, ADMIN);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, state, status)
    values (1, ${DEVICE}, 'connected', 'idle')`);
  await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status)
    select 1, 1, '62812' || lpad(i::text, 8, '0'), 'success' from generate_series(1, ${count}) i`);
  const logIds = (await queryRows<{ id: string }>(db, sql`select id from message_logs order by id`)).map(
    (row) => Number(row.id),
  );
  let hear: (event: GatewayEvent) => void = () => {};
  const tracker = new DeliveryTracker({
    db,
    hub: createHub(),
    gateway: {
      on: (listener) => {
        hear = listener;
        return () => {};
      },
    },
    flushMs,
  });
  const ack = (logId: number, kind: 'delivered' | 'read') =>
    hear({ type: 'ack', deviceId: DEVICE, key: `log-${logId}`, ack: kind, at: new Date() });
  return { db, logIds, tracker, ack };
}

/** Waits until a connection of the test database waits for a lock another one holds. */
const lockWaitIn = (db: Db, what: string) =>
  waitFor(
    async () =>
      (
        await queryRows(
          db,
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).length > 0,
    what,
  );

describe('the delivery tracker', () => {
  it('merges what arrives for a message during a slow write and writes it once, not as a queue of batches', async () => {
    // Writes start from the batch size alone: on a busy machine the acknowledgements may take longer to
    // arrive than the flush interval, which would write a partial batch and count one write more.
    const { db, logIds, tracker, ack } = await trackerWithSends(4000, 10 * 60_000);
    /** Acknowledgements arrive over several turns of the event loop, as the network's do. */
    const arrive = async (ids: number[], kind: 'delivered' | 'read') => {
      for (let from = 0; from < ids.length; from += 500) {
        for (const id of ids.slice(from, from + 500)) ack(id, kind);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    // The first write is held until the rest has arrived, as a database busy with a blast would.
    const released = signal();
    let writes = 0;
    const holdFirst = async () => {
      writes += 1;
      if (writes === 1) await released.fired;
    };
    const execute = db.execute.bind(db);
    const slowExecute = async (query: Parameters<typeof db.execute>[0]) => {
      await holdFirst();
      return execute(query);
    };
    vi.spyOn(db, 'execute').mockImplementation(slowExecute as typeof db.execute);
    const transaction = db.transaction.bind(db);
    const slowTransaction = async (...args: Parameters<typeof db.transaction>) => {
      await holdFirst();
      return transaction(...args);
    };
    vi.spyOn(db, 'transaction').mockImplementation(slowTransaction as typeof db.transaction);

    await arrive(logIds.slice(0, 2000), 'delivered');
    await waitFor(() => writes >= 1, 'the first write');
    expect(writes).toBe(1);
    // Meanwhile 2,000 other messages are delivered, then read.
    await arrive(logIds.slice(2000), 'delivered');
    await arrive(logIds.slice(2000), 'read');
    released.fire();
    await tracker.flush();

    expect(writes).toBe(2);
    const [counted] = await queryRows<{ delivered: string; read: string }>(
      db,
      sql`select count(delivered_at) as delivered, count(read_at) as read from message_logs`,
    );
    expect(Number(counted!.delivered)).toBe(4000);
    expect(Number(counted!.read)).toBe(2000);
    await tracker.stop();
  });

  // A settle holding a message's row needs a second connection: the embedded database has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'writes the other messages at once while a settle holds one, and that one after the settle',
    async () => {
      const { db, logIds, tracker, ack } = await trackerWithSends(2);
      const [held, other] = logIds;
      const delivered = async () =>
        (
          await queryRows<{ id: string }>(
            db,
            sql`select id from message_logs where delivered_at is not null order by id`,
          )
        ).map((row) => Number(row.id));

      const locked = signal();
      const settled = signal();
      const settle = db.transaction(async (tx) => {
        await tx.execute(sql`select id from message_logs where id = ${held} for update`);
        locked.fire();
        await settled.fired;
      });
      await locked.fired;
      for (const id of [held!, other!]) ack(id, 'delivered');

      await waitFor(async () => (await delivered()).includes(other!), 'the other delivery to be recorded');
      expect(await delivered()).toEqual([other]);
      settled.fire();
      await settle;
      await waitFor(async () => (await delivered()).includes(held!), 'the held delivery to be recorded');
      expect(await delivered()).toEqual([held, other]);
      await tracker.stop();
    },
  );
  // Two writers of one account on two connections: the embedded database has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "writes an acknowledgement beside a settle of the same account's hour without a deadlock, its event told once",
    async () => {
      const { db, logIds, tracker, ack } = await trackerWithSends(1);
      const [acked] = logIds;
      // A webhook endpoint takes the stages, so both writers take the account's event sequence.
      await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
        values ('https://receiver.example/hook', 'secret', array['message.delivery'])`);
      await db.execute(sql`insert into webhook_sequences (account_key, last_sequence) values (1, 0)`);
      const [pending] = await queryRows<{ id: string }>(
        db,
        sql`insert into message_logs (user_id, whatsapp_id, target, status)
            values (1, 1, '6281299999999', 'pending') returning id`,
      );
      const settling = Number(pending!.id);

      // A settle of the account's other message: its log update takes the hour's sums (the log's
      // trigger), then, after the acknowledgement's write has begun, its events take the sequence.
      const summed = signal();
      const proceed = signal();
      const settle = db.transaction(async (tx) => {
        await tx.execute(
          sql`update message_logs set status = 'success', sent_at = now() where id = ${settling}`,
        );
        summed.fire();
        await proceed.fired;
        await tx.execute(sql`insert into webhook_sequences (account_key, last_sequence) values (1, 1)
          on conflict (account_key) do update set last_sequence = webhook_sequences.last_sequence + 1`);
      });
      await summed.fired;
      ack(acked!, 'delivered');
      // A flush waits for settles instead of leaving their messages for later.
      const flushed = tracker.flush();
      await lockWaitIn(db, 'the write to wait for the settle');
      proceed.fire();
      await settle;
      await flushed;

      const told = await queryRows<{ status: string }>(
        db,
        sql`select payload->>'status' as status from webhook_events where (payload->>'message_log_id')::bigint = ${acked}`,
      );
      expect(told.map((event) => event.status)).toEqual(['delivered']);
      await tracker.stop();
    },
  );
  // A rebuild and a write on two connections: the embedded database has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'writes an acknowledgement that arrives while the rollups are rebuilt once the rebuild is done, without a deadlock',
    async () => {
      const { db, logIds, tracker, ack } = await trackerWithSends(1);
      const [acked] = logIds;
      // The rebuild holds the log's writers back, and rewrites the hourly sums only once the
      // acknowledgement's write waits: a write holding a sum by then would wait on the rebuild as the
      // rebuild waits on it.
      const sourcesHeld = signal();
      const recount = signal();
      const rebuild = db.transaction(async (tx) => {
        await lockRollupSources(tx);
        sourcesHeld.fire();
        await recount.fired;
        await recountRollups(tx);
      });
      await sourcesHeld.fired;
      ack(acked!, 'delivered');
      const flushed = tracker.flush();
      await lockWaitIn(db, 'the write to wait for the rebuild');
      recount.fire();
      await rebuild;
      await flushed;

      const [written] = await queryRows<{ delivered: boolean; summed: string }>(
        db,
        sql`select (select delivered_at is not null from message_logs where id = ${acked}) as delivered,
              (select coalesce(sum(delivered), 0) from message_log_hourly) as summed`,
      );
      expect({ delivered: written!.delivered, summed: Number(written!.summed) }).toEqual({
        delivered: true,
        summed: 1,
      });
      await tracker.stop();
    },
  );
});
