import type { PGlite } from '@electric-sql/pglite';

interface TableActivity {
  table: string;
  /** Rows inserted, updated and deleted since the database opened. */
  changes: number;
  /** The planner's count of the table's rows. */
  rows: number;
  analyzes: number;
}

/** Where a table stood when it was last vacuumed and analyzed. */
interface Baseline {
  changes: number;
  analyzes: number;
}

/**
 * Changed rows per table. This build of PGlite never moves its counters into the shared statistics,
 * so they stay in the transaction view; a build that does moves them to the other. The sum is the
 * count either way.
 */
const READ_ACTIVITY = `
  select s.relid::regclass::text as "table", c.reltuples::float8 as rows,
    s.analyze_count::float8 as analyzes,
    (s.n_tup_ins + s.n_tup_upd + s.n_tup_del + x.n_tup_ins + x.n_tup_upd + x.n_tup_del)::float8 as changes
  from pg_stat_user_tables s
  join pg_stat_xact_user_tables x using (relid)
  join pg_class c on c.oid = s.relid`;

/** Autovacuum's own threshold: 50 rows plus a tenth of the table changed since its last statistics. */
const needsMaintenance = (table: TableActivity, since: Baseline) =>
  table.changes - since.changes > 50 + 0.1 * Math.max(table.rows, 0);

/**
 * The embedded database runs as a single backend, without a server's autovacuum: rows the engine
 * updates stay dead, every index over a passing state (a log pending, a number in use) keeps an entry
 * for each until a vacuum, and the planner's statistics stay as they were at start. A scan over the
 * logs in flight would slow with every message ever sent. So every so often the tables that changed
 * enough are vacuumed and their statistics refreshed.
 *
 * Only those tables: ANALYZE samples every large table whether it changed or not and holds the only
 * backend for hundreds of milliseconds, which every request waiting behind it would feel once a
 * minute. And never a vacuum without ANALYZE: here a vacuum that finds nothing to do can record a
 * table that grew since its last statistics as empty, and the planner would then plan for one row.
 */
export function maintainEmbeddedDatabase(client: PGlite, everyMs: number) {
  const baselines = new Map<string, Baseline>();

  const pass = async () => {
    const { rows: tables } = await client.query<TableActivity>(READ_ACTIVITY);
    const due = tables.filter((table) => {
      const since = baselines.get(table.table);
      if (!since || since.analyzes !== table.analyzes) {
        // New, or analyzed since the last pass (an import analyzes its table): fresh from here.
        baselines.set(table.table, { changes: table.changes, analyzes: table.analyzes });
        return false;
      }
      return needsMaintenance(table, since);
    });
    if (!due.length) return;
    await client.exec(`vacuum (analyze) ${due.map(({ table }) => table).join(', ')}`);
    for (const { table, changes, analyzes } of due) {
      baselines.set(table, { changes, analyzes: analyzes + 1 });
    }
  };

  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pass()
      // A pass that fails (the database closing) is tried again at the next tick.
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  };
  // The server analyzes everything as it opens: change is counted from there.
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
