/** Sizes the storage section reads: per table, and the write-ahead log between two points. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/api/src/db';

/** Tables a send writes rows to (or may: a click, a budget row per minute and per account and day). */
export const PER_SEND_TABLES = [
  'message_logs',
  'link_clicks',
  'ledger_entries',
  'webhook_events',
  'webhook_deliveries',
  'message_log_hourly',
  'ledger_hourly',
  'platform_hourly',
  'platform_hourly_changes',
  'send_minutes',
  'account_daily_sends',
  'template_use_counts',
  'account_events',
];

export interface TableSize {
  rows: number;
  tableBytes: number;
  indexBytes: number;
}

/** Rows, heap (with TOAST) and index bytes of each named table. */
export async function tableSizes(db: Db, tables: string[]): Promise<Record<string, TableSize>> {
  const rows = await queryRows<{ name: string; rows: string; total: string; indexes: string }>(
    db,
    sql`select c.relname as name, c.reltuples::bigint::text as rows,
          pg_total_relation_size(c.oid)::text as total, pg_indexes_size(c.oid)::text as indexes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})`,
  );
  const sizes: Record<string, TableSize> = {};
  for (const row of rows) {
    const counted = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from ${sql.identifier(row.name)}`,
    );
    sizes[row.name] = {
      rows: Number(counted[0]!.n),
      tableBytes: Number(row.total) - Number(row.indexes),
      indexBytes: Number(row.indexes),
    };
  }
  return sizes;
}

/** The write-ahead log's position in bytes (null where the database does not say). */
export async function walPosition(db: Db): Promise<number | null> {
  try {
    const [row] = await queryRows<{ at: string }>(
      db,
      sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`,
    );
    return Number(row!.at);
  } catch {
    return null;
  }
}

/** Bytes of the whole database. */
export async function databaseBytes(db: Db) {
  const [row] = await queryRows<{ bytes: string }>(
    db,
    sql`select pg_database_size(current_database())::text as bytes`,
  );
  return Number(row!.bytes);
}

/** Bytes of each index of a table. */
export async function indexSizes(db: Db, table: string) {
  const rows = await queryRows<{ name: string; bytes: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_relation_size(i.indexrelid)::text as bytes
        from pg_index i where i.indrelid = ${table}::regclass order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}

/** The indexes a statement's plan reads (EXPLAIN, not run). */
export async function indexesRead(db: Db, statement: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ plan: unknown }>(db, sql`explain (format json) ${statement}`);
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Index Name' && typeof value === 'string') names.add(value);
        else walk(value);
      }
  };
  const plan = row?.plan ?? Object.values(row ?? {})[0];
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return [...names];
}
