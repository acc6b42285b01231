import { createPostgresBus } from '../../apps/api/src/cluster/bus';
import { createHub } from '../../apps/api/src/realtime/hub';
import { openBenchDatabase, percentile, round } from '../support';

/**
 * Two instances on one PostgreSQL: events published on one, delivered to the other's hub through
 * LISTEN/NOTIFY.
 */
export async function crossInstanceFanOut() {
  const database = await openBenchDatabase();
  const busOf = (instanceId: string) =>
    createPostgresBus({ connectionString: database.url!, instanceId, db: database.db });
  const [sender, receiver] = [await busOf('bench-a'), await busOf('bench-b')];
  const publisher = createHub(sender);
  const listener = createHub(receiver);
  const delays: number[] = [];
  let lastDelivery = 0;
  listener.tap((_channel, message) => {
    delays.push(performance.now() + performance.timeOrigin - Number(message.payload?.sentAt));
    lastDelivery = performance.now();
  });
  const events = Number(process.env.BENCH_CLUSTER_EVENTS ?? 20_000);
  const started = performance.now();
  for (let i = 0; i < events; i += 1) {
    publisher.publish('admin', {
      event: 'bench',
      payload: { sentAt: performance.now() + performance.timeOrigin },
    });
    if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  const deadline = Date.now() + 60_000;
  while (delays.length < events && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (lastDelivery - started) / 1000;
  await sender.close();
  await receiver.close();
  await database.close();
  return {
    events,
    delivered: delays.length,
    eventsPerSecond: Math.round(delays.length / seconds),
    delayMs: { p50: round(percentile(delays, 50)), p99: round(percentile(delays, 99)) },
  };
}
