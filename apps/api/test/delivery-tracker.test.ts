import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db';
import { seed } from '../src/db/seed';
import type { GatewayEvent } from '../src/gateway/gateway';
import { DeliveryTracker } from '../src/jobs/delivery';
import { createHub } from '../src/realtime/hub';
import { ADMIN, openTestDatabase } from './support/app';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanups.length) await cleanups.pop()!();
});

describe('the delivery tracker', () => {
  it('writes the acknowledgements that arrive during a slow write in one next write, not a queue of batches', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const { db } = database;
    await seed(db, ADMIN);
    await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, state, status)
      values (1, 'id-1700000000000-1', 'connected', 'idle')`);
    await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status)
      select 1, 1, '62812' || lpad(i::text, 8, '0'), 'success' from generate_series(1, 8000) i`);
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
    });
    const ack = (logId: number) =>
      hear({
        type: 'ack',
        deviceId: 'id-1700000000000-1',
        key: `log-${logId}`,
        ack: 'delivered',
        at: new Date(),
      });

    // The first write is held until the rest has arrived, as a database busy with a blast would.
    const execute = db.execute.bind(db);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let writes = 0;
    const slowFirst = async (query: Parameters<typeof db.execute>[0]) => {
      writes += 1;
      if (writes === 1) await held;
      return execute(query);
    };
    vi.spyOn(db, 'execute').mockImplementation(slowFirst as typeof db.execute);

    for (const id of logIds.slice(0, 2000)) ack(id);
    await vi.waitFor(() => expect(writes).toBe(1));
    // The rest arrives over several turns of the event loop, as the network's acknowledgements do.
    for (let from = 2000; from < logIds.length; from += 500) {
      for (const id of logIds.slice(from, from + 500)) ack(id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await tracker.flush();

    expect(writes).toBe(2);
    const [counted] = await queryRows<{ delivered: string }>(
      db,
      sql`select count(*) as delivered from message_logs where delivered_at is not null`,
    );
    expect(Number(counted!.delivered)).toBe(8000);
    await tracker.stop();
  });
});
