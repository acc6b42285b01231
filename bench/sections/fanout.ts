import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { startRealtimeServer } from '../../apps/api/src/realtime/server';
import { createAppContext } from '../../apps/api/src/runtime';
import { openBenchDatabase, percentile, round } from '../support';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);

/** Realtime fan-out: SOCKETS admin panels, each event of the admin channel delivered to all of them. */
export async function realtimeFanOut() {
  const database = await openBenchDatabase();
  await seed(database.db, { email: 'bench@blaster.local', password: 'bench-password' });
  await database.db.execute(sql`analyze`);
  const ctx = createAppContext({
    db: database.db,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret'),
    config: configFromEnv({ HOST: '127.0.0.1', PORT: '0', REALTIME_PORT: '0' }),
  });
  const token = await ctx.tokens.sign(1);

  // Realtime: SOCKETS sockets on the admin channel, 100 events each delivered to all of them.
  const realtime = startRealtimeServer(ctx, { port: 0, host: '127.0.0.1' });
  await realtime.ready;
  const wsPort = (realtime.server.address() as { port: number }).port;
  const delays: number[] = [];
  let delivered = 0;
  const connect = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/?id=admin&token=${token}`);
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { payload: { sentAt: number } };
        delays.push(performance.now() + performance.timeOrigin - message.payload.sentAt);
        delivered += 1;
      });
      socket.once('open', () => {
        // A socket reset while the bench tears down is not a failure of the bench.
        socket.on('error', () => {});
        resolve(socket);
      });
      socket.once('error', reject);
    });
  // Connected in batches, as real panels arrive: a thousand at the same instant overflows the backlog.
  const sockets: WebSocket[] = [];
  while (sockets.length < SOCKETS)
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, SOCKETS - sockets.length) }, connect))),
    );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const events = 100;
  const started = performance.now();
  for (let i = 0; i < events; i += 1) {
    ctx.hub.publish('admin', {
      event: 'bench',
      payload: { sentAt: performance.now() + performance.timeOrigin },
    });
    if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
  }
  const deadline = Date.now() + 60_000;
  while (delivered < events * SOCKETS && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.terminate();
  await realtime.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  return {
    realtimeFanOut: {
      sockets: SOCKETS,
      events,
      delivered,
      eventsDeliveredPerSecond: Math.round(delivered / seconds),
      delayMs: { p50: round(percentile(delays, 50)), p99: round(percentile(delays, 99)) },
    },
  };
}
