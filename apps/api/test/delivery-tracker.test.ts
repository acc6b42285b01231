import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db';
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
});
