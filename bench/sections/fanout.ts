import { sql } from 'drizzle-orm';
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { startRealtimeServer } from '../../apps/api/src/realtime/server';
import { createAppContext } from '../../apps/api/src/runtime';
import { openBenchDatabase, percentile, round } from '../support';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const EVENTS = 100;
/** Over 100 events a second to 1,000 panels: over 100,000 deliveries a second asked for. */
const EVENT_INTERVAL_MS = Number(process.env.BENCH_EVENT_INTERVAL_MS ?? 7);

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
  // The panels live in a child process; events go out at a steady rate the way live updates do.
  const panels = fork(
    resolve(import.meta.dirname, 'fanout-sockets.ts'),
    [`ws://127.0.0.1:${wsPort}/?id=admin&token=${token}`, String(SOCKETS)],
    { execArgv: ['--import', 'tsx'] },
  );
  // A child that dies (a refused connection, say) ends the section with its error instead of a hang.
  const exited = new Promise<never>((_, fail) =>
    panels.once('exit', (code) => fail(new Error(`the fan-out panels exited with code ${code}`))),
  );
  exited.catch(() => {}); // the exit after the report (the bench ends the panels) is no failure
  const message = (type: string) =>
    Promise.race([
      exited,
      new Promise<{ delays?: number[]; lastArrival?: number }>((done) =>
        panels.on('message', (m: { type: string; delays?: number[]; lastArrival?: number }) => {
          if (m.type === type) done(m);
        }),
      ),
    ]);
  await message('ready');
  await new Promise((wait) => setTimeout(wait, 200));
  const events = EVENTS;
  const finished = message('done');
  panels.send({ expect: events * SOCKETS, deadlineMs: 60_000 });
  const started = performance.timeOrigin + performance.now();
  for (let i = 0; i < events; i += 1) {
    ctx.hub.publish('admin', {
      event: 'bench',
      payload: { sentAt: performance.timeOrigin + performance.now() },
    });
    await new Promise((wait) => setTimeout(wait, EVENT_INTERVAL_MS));
  }
  const answer = await finished;
  panels.kill();
  const delays = answer.delays ?? [];
  // From the first event sent to the last delivery received.
  const seconds = ((answer.lastArrival ?? 0) - started) / 1000;
  const delivered = delays.length;
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
      eventIntervalMs: EVENT_INTERVAL_MS,
      eventsDeliveredPerSecond: Math.round(delivered / seconds),
      delayMs: { p50: round(percentile(delays, 50)), p99: round(percentile(delays, 99)) },
    },
  };
}
