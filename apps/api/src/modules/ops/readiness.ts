import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG, type Message } from '@blaster/contract';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db';
import { migrationsFolder } from '../../paths';

/** Whether an app has begun to stop: its readiness answers 503 from that moment on. */
const stoppingApps = new WeakSet<FastifyInstance>();

/** Takes the app out of its load balancer's rotation at once (the first step of a shutdown). */
export function beginShutdown(app: FastifyInstance) {
  stoppingApps.add(app);
}

/** The newest migration this build ships: the last entry of the migrations folder's journal. */
function newestShippedMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

let shipped: number | undefined;

/**
 * Whether the database's schema is the one this build expects: the newest migration it recorded
 * (drizzle keeps each one's folder timestamp) is the newest in the migrations folder. A database
 * behind (not migrated yet) or ahead (a newer release migrated it) is not ready for this code.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  shipped ??= newestShippedMigration();
  const [applied] = await queryRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return applied?.newest !== null && Number(applied?.newest) === shipped;
}

/**
 * GET /readyz: 200 only while the database answers, its migrations are current and the process is
 * not stopping; 503 in the API's error shape otherwise. `/api/health` stays the liveness check.
 */
export function readinessRoute(app: FastifyInstance, ctx: AppContext) {
  app.get('/readyz', async (_request, reply) => {
    const notReady = (msg: Message) => reply.status(503).header('retry-after', '5').send({ msg });
    if (stoppingApps.has(app)) return notReady(MSG.shuttingDown);
    let current: boolean;
    try {
      current = await migrationsCurrent(ctx.db);
    } catch {
      return notReady(MSG.databaseUnavailable);
    }
    if (stoppingApps.has(app)) return notReady(MSG.shuttingDown);
    if (!current) return notReady(MSG.migrationsNotCurrent);
    return { ok: true };
  });
}
