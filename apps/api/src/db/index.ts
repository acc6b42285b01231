import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDatabase, type DatabaseLock } from './lock';
import { maintainEmbeddedDatabase } from './maintenance';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs one-time setup (migrations, seeding) so that instances starting together take turns: a
   * PostgreSQL advisory lock; the embedded database has a single process anyway.
   */
  setupLock<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's folder lock (on-disk PGlite only): no second process may open it. */
  folderLock?: DatabaseLock;
  close(): Promise<void>;
}

/** Any fixed number; every instance of the panel asks for the same one. */
const SETUP_LOCK_KEY = 4_242_001;

/** A raw statement's rows; both drivers (PGlite and node-postgres) answer with { rows }. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The driver under a Db, for what the query builder does not do (bulk COPY). */
export function driverOf(db: Db): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool } {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof PGlite
    ? { kind: 'pglite', client }
    : { kind: 'postgres', pool: client as pg.Pool };
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; when absent it lives in memory (tests). */
  dataDir?: string;
  /** The HTTP port, recorded in the embedded database's lock so a second process can name it. */
  port?: number;
  /** How often the embedded database is vacuumed (it has no autovacuum); a minute by default. */
  maintenanceMs?: number;
  /**
   * An in-memory embedded database starts as a copy of this data folder (a `dumpDataDir()` archive):
   * tests migrate one database and open each of theirs from it instead of migrating every one.
   */
  loadDataDir?: Blob;
}

/**
 * A connection the server terminates (a failover, a restart, `pg_terminate_backend`) or the network
 * cuts emits 'error'. The pool listens on idle connections only; one checked out, inside a
 * transaction between two statements, has nobody listening and the error would end the process. Every
 * connection gets a listener from birth: the statement in flight fails with the error (the request
 * answers 503, the job's step is retried) and the pool drops the broken connection when it comes back.
 */
export function handleConnectionErrors(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** Connections the PostgreSQL pool keeps at most (the embedded database has one queue). */
export const POOL_CONNECTIONS = 10;

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_CONNECTIONS,
      // A connection attempt into a network that went silent fails instead of waiting forever, and
      // the kernel's keep-alive finds a peer that vanished without a word.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    handleConnectionErrors(pool);
    const db = drizzlePg(pool, { schema });
    const setupLock = async <T>(work: () => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    };
    await setupLock(() => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', setupLock, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // PGlite has no lock of its own: two processes on one folder both start, hand out the same ids and
  // leave files neither can open again. The folder lock refuses the second before it opens anything.
  const folderLock = options.dataDir ? lockDatabase(options.dataDir, options.port) : undefined;
  try {
    const client = options.dataDir
      ? new PGlite(options.dataDir)
      : new PGlite({ loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    // The embedded database has no background statistics collector; fresh statistics keep plans sane.
    await client.exec('analyze');
    const maintenance = maintainEmbeddedDatabase(client, options.maintenanceMs ?? 60_000);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      setupLock: (work) => work(),
      folderLock,
      async close() {
        await maintenance.stop();
        await client.close();
        folderLock?.release();
      },
    };
  } catch (error) {
    folderLock?.release();
    throw error;
  }
}
