import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresBus, type ClusterBus } from '../src/cluster/bus';
import { openDatabase, type Database } from '../src/db';
import { createScratchDatabase } from '../src/db/scratch';
import { waitFor } from './support/chat';

const server = process.env.TEST_DATABASE_URL;

describe.skipIf(!server)('the cluster bus on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let sender: ClusterBus;
  let receiver: ClusterBus;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    database = await openDatabase({ databaseUrl: scratch.url });
    const bus = (instanceId: string) =>
      createPostgresBus({ connectionString: scratch.url, instanceId, db: database.db });
    [sender, receiver] = [await bus('one'), await bus('two')];
  });
  afterAll(async () => {
    await sender?.close();
    await receiver?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('delivers a burst of 20,000 messages to the other instance, all of them, in order, and none back', async () => {
    const received: number[] = [];
    const echoed: number[] = [];
    receiver.subscribe('burst', (n) => received.push(n as number));
    sender.subscribe('burst', (n) => echoed.push(n as number));
    for (let n = 0; n < 20_000; n += 1) sender.publish('burst', n);
    await waitFor(() => received.length === 20_000, '20,000 messages');
    expect(received).toEqual([...Array(20_000).keys()]);
    expect(echoed).toEqual([]);
  });

  it('carries a message larger than a notification through the table, between smaller ones in order', async () => {
    const received: string[] = [];
    receiver.subscribe('sizes', (text) => received.push(text as string));
    const large = 'x'.repeat(20_000);
    sender.publish('sizes', 'before');
    sender.publish('sizes', large);
    sender.publish('sizes', 'after');
    await waitFor(() => received.length === 3, 'three messages');
    expect(received).toEqual(['before', large, 'after']);
  });
});
