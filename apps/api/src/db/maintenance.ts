import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs as a single backend, without a server's autovacuum: rows the engine
 * updates stay dead, every index over a passing state (a log pending, a number in use) keeps an entry
 * for each until a vacuum, and the planner's statistics stay as they were at start. A scan over the
 * logs in flight would slow with every message ever sent. So the database is vacuumed, and its
 * statistics refreshed, every so often; each pass only visits pages changed since the last.
 */
export function maintainEmbeddedDatabase(client: PGlite, everyMs: number) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= client
      .exec('vacuum (analyze)')
      .then(() => undefined)
      // A pass that fails (the database closing) is tried again at the next tick.
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
