import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { driverOf, queryRows } from '../../db';

/** Seconds from a round's claim to its settlement: fast rounds take milliseconds, paced ones seconds. */
const ROUND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The process's standard metrics and the panel's own, read at scrape time where they live elsewhere. */
export function createMetrics(ctx: AppContext) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const sends = new Counter({
    name: 'blaster_sends_total',
    help: 'Blast sends settled by this process, by outcome (success, fail, suspended).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const rounds = new Histogram({
    name: 'blaster_blast_round_seconds',
    help: "Blast rounds settled by this process: time from claiming the round's targets to settling it.",
    buckets: ROUND_BUCKETS,
    registers,
  });
  const stopCounting = ctx.blast.onRound((round) => {
    rounds.observe(round.ms / 1000);
    for (const result of round.results)
      sends.inc({ outcome: result.ok ? 'success' : 'suspended' in result ? 'suspended' : 'fail' });
  });

  new Gauge({
    name: 'blaster_webhook_queue_depth',
    help: 'Webhook deliveries not delivered yet (all instances: read from the database).',
    registers,
    async collect() {
      // The pending deliveries have a partial index of their own: this count reads only it.
      const [row] = await queryRows<{ count: string }>(
        ctx.db,
        sql`select count(*)::text as count from webhook_deliveries where delivered_at is null`,
      ).catch(() => [undefined]);
      // The database away: the gauge says so rather than failing the whole scrape.
      this.set(row ? Number(row.count) : Number.NaN);
    },
  });
  new Gauge({
    name: 'blaster_leases_held',
    help: 'Job leases this instance holds, by kind of job.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      for (const [kind, count] of Object.entries(ctx.leases.heldCounts())) this.set({ kind }, count);
    },
  });
  new Gauge({
    name: 'blaster_db_pool_connections',
    help: 'Database connections of this process: total, idle, in use, and requests waiting for one (the embedded database is one connection).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const driver = driverOf(ctx.db);
      const [total, idle, waiting] =
        driver.kind === 'postgres'
          ? [driver.pool.totalCount, driver.pool.idleCount, driver.pool.waitingCount]
          : [1, 1, 0];
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Gauge({
    name: 'blaster_realtime_sockets',
    help: 'Realtime sockets open on this process (both socket ports).',
    registers,
    collect() {
      this.set(ctx.hub.totalSubscribers());
    },
  });

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    close: stopCounting,
  };
}

type Metrics = ReturnType<typeof createMetrics>;

function sameSecret(given: string, expected: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerOf(header: string | undefined) {
  return header ? (/^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '') : '';
}

/** The metrics' own listener (METRICS_PORT): only /metrics, on the address the operator chose. */
function startMetricsServer(metrics: Metrics, token: string | undefined, port: number, host: string) {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ msg: MSG.notFoundApi }));
      return;
    }
    if (token && !sameSecret(bearerOf(request.headers.authorization), token)) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ msg: MSG.unauthorized }));
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * GET /metrics (Prometheus text). Never served by default: on the main port it needs the bearer
 * token METRICS_TOKEN; METRICS_PORT serves it on a listener of its own (METRICS_ADDRESS, loopback by
 * default) that the operator keeps off the public network. With neither, the main port says 404.
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { token, port, address } = ctx.config.metrics;
  const metrics = createMetrics(ctx);
  let ownServer: Server | undefined;
  app.addHook('onClose', async () => {
    metrics.close();
    await new Promise<void>((resolve) => (ownServer ? ownServer.close(() => resolve()) : resolve()));
  });
  if (port !== undefined)
    app.addHook('onListen', async () => {
      ownServer = await startMetricsServer(metrics, token, port, address);
      const bound = ownServer.address();
      app.log.info({ metrics: bound }, 'metrics listening');
    });

  app.get('/metrics', async (request: FastifyRequest, reply) => {
    if (!token) return reply.status(404).send({ msg: MSG.notFoundApi });
    if (!sameSecret(bearerOf(request.headers.authorization), token))
      return reply.status(401).send({ msg: MSG.unauthorized });
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
