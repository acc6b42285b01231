import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { driverOf, openDatabase, type Database, type Db } from '../../src/db';
import * as schema from '../../src/db/schema';

/**
 * In-memory embedded databases handed from one test app to the next (on the app's close). Starting a PGlite from the
 * migrated archive costs seconds of CPU; emptying one whose test app has closed back to its migrated rows
 * costs a fraction of that, and a test cannot tell the two apart: same rows, same sequences, no
 * lock or setting left over. A database whose schema a test changed (a constraint added to force
 * a failure, a migration row removed) is closed for real instead.
 */
const idle: Database[] = [];

/**
 * Each app gets a handle of its own on the embedded database, which stops working when the app
 * releases it: a job of a closed app still running would otherwise write into the next test's rows.
 */
interface Lease {
  underlying: Database;
  released: boolean;
}
const leases = new WeakMap<Database, Lease>();

/** Kept as well as thrown: the background job that makes a stray call may swallow what it throws. */
export class ReleasedDatabaseError extends Error {
  constructor() {
    super('an embedded test database was used after its test app released it');
  }
}
let strayCalls: ReleasedDatabaseError[] = [];

/** The calls made through released handles since the last time this was asked (the setup checks). */
export function takeStrayDatabaseCalls(): ReleasedDatabaseError[] {
  const taken = strayCalls;
  strayCalls = [];
  return taken;
}

function lease(underlying: Database): Database {
  const { client } = driverOf(underlying.db) as { client: PGlite };
  const state: Lease = { underlying, released: false };
  const refuseOnceReleased = () => {
    if (!state.released) return;
    const error = new ReleasedDatabaseError();
    strayCalls.push(error);
    throw error;
  };
  const guarded = new Proxy(client, {
    get(target, property) {
      refuseOnceReleased();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const leased: Database = {
    ...underlying,
    db: new Proxy(drizzle(guarded, { schema }) as unknown as Db, {
      get(target, property, receiver) {
        refuseOnceReleased();
        return Reflect.get(target, property, receiver) as unknown;
      },
    }),
    // A test that closes its database (the database going away) closes the real one.
    close: () => (state.released ? Promise.resolve() : underlying.close()),
  };
  leases.set(leased, state);
  return leased;
}

/** At most this many wait for the next app: a file opens one or two at a time. */
const MAX_IDLE = 2;

/** What the migrated database held, kept to compare and restore against. */
interface Migrated {
  fingerprint: string;
  tablesWithRows: string[];
  sequences: { name: string; lastValue: string | null }[];
  /** The settings the session started with (PGlite sets its search path for the session). */
  sessionSettings: { name: string; setting: string }[];
}

const migratedState = new WeakMap<PGlite, Migrated>();

const BASELINE_SCHEMA = 'test_migrated_rows';

/**
 * Every part of the schema a test could change, and the migrations the database records: equal
 * fingerprints mean the schema is the migrated one.
 */
const FINGERPRINT = `
  select md5(concat_ws('|',
    (select string_agg(nspname, ',' order by nspname) from pg_namespace),
    (select string_agg(rolname, ',' order by rolname) from pg_roles),
    (select string_agg(relname || ':' || relkind::text, ',' order by relname)
       from pg_class where relnamespace = 'public'::regnamespace),
    (select string_agg(conrelid::regclass || '.' || conname || pg_get_constraintdef(oid), ',' order by conrelid::regclass::text, conname)
       from pg_constraint where connamespace = 'public'::regnamespace),
    (select string_agg(attrelid::regclass || '.' || attname || format_type(atttypid, atttypmod)
       || attnotnull || coalesce(pg_get_expr(adbin, adrelid), ''), ',' order by attrelid::regclass::text, attnum)
       from pg_attribute left join pg_attrdef on adrelid = attrelid and adnum = attnum
       join pg_class on pg_class.oid = attrelid
       where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped),
    (select string_agg(tgrelid::regclass || '.' || tgname || tgenabled::text, ',' order by tgrelid::regclass::text, tgname)
       from pg_trigger join pg_class on pg_class.oid = tgrelid
       where relnamespace = 'public'::regnamespace and not tgisinternal),
    (select string_agg(oid::regprocedure || md5(prosrc), ',' order by oid::regprocedure::text)
       from pg_proc where pronamespace = 'public'::regnamespace),
    (select count(*) || ':' || coalesce(max(hash), '') from drizzle.__drizzle_migrations)
  )) as fingerprint`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function publicTables(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition`,
  );
  return rows.map((row) => row.name);
}

/** Keeps the migrated rows (settings, levels…) in a schema of their own, and the sequences' values. */
async function keepMigratedState(client: PGlite): Promise<Migrated> {
  const tablesWithRows: string[] = [];
  await client.exec(`create schema ${BASELINE_SCHEMA}`);
  for (const table of await publicTables(client)) {
    const { rows } = await client.query(`select 1 from public.${quoted(table)} limit 1`);
    if (rows.length === 0) continue;
    tablesWithRows.push(table);
    await client.exec(`create table ${BASELINE_SCHEMA}.${quoted(table)} as table public.${quoted(table)}`);
  }
  const { rows: sequences } = await client.query<{ name: string; lastValue: string | null }>(
    `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'`,
  );
  const { rows: sessionSettings } = await client.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where source = 'session'`,
  );
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return { fingerprint: rows[0]!.fingerprint, tablesWithRows, sequences, sessionSettings };
}

/** Empties the database back to its migrated rows, or says it cannot (its schema was changed). */
async function resetToMigrated(client: PGlite, migrated: Migrated): Promise<boolean> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  if (rows[0]?.fingerprint !== migrated.fingerprint) return false;
  const tables = (await publicTables(client)).map((table) => `public.${quoted(table)}`);
  await client.exec(`
    select pg_advisory_unlock_all();
    unlisten *;
    -- A new app prepares its statements anew (lib/statements.ts keeps them per handle).
    deallocate all;
    -- The audit trail's trigger refuses TRUNCATE to the application; the reset is not the application.
    set session_replication_role = replica;
    truncate ${tables.join(', ')} restart identity cascade;
    ${migrated.tablesWithRows
      .map(
        (table) => `insert into public.${quoted(table)} select * from ${BASELINE_SCHEMA}.${quoted(table)};`,
      )
      .join('\n')}
    ${migrated.sequences
      .map(({ name, lastValue }) =>
        lastValue === null
          ? `alter sequence public.${quoted(name)} restart;`
          : `select setval('public.${quoted(name)}', ${lastValue}, true);`,
      )
      .join('\n')}
    reset all;
    ${migrated.sessionSettings.map(({ name, setting }) => `select set_config('${name}', '${setting.replaceAll("'", "''")}', false);`).join('\n')}
    analyze;
  `);
  return true;
}

/**
 * Ends a test app's use of its database: an embedded one opened here is emptied and kept for the
 * next app; any other, or one that cannot be emptied (closed by its test, its schema changed), is
 * closed. A test that closes the database itself (the database going away) closes it for real.
 */
export async function releaseDatabase(database: Database) {
  const state = leases.get(database);
  if (!state) return database.close();
  state.released = true;
  const underlying = state.underlying;
  const driver = driverOf(underlying.db);
  if (driver.kind === 'pglite' && idle.length < MAX_IDLE && !driver.client.closed) {
    const migrated = migratedState.get(driver.client);
    if (migrated && (await resetToMigrated(driver.client, migrated).catch(() => false))) {
      idle.push(underlying);
      return;
    }
  }
  await underlying.close();
}

/** An in-memory embedded database in its migrated state: a closed one emptied, or a new one. */
export async function openRecycledEmbedded(migratedArchive: Blob): Promise<Database> {
  const reused = idle.pop();
  if (reused) return lease(reused);
  const database = await openDatabase({ loadDataDir: migratedArchive });
  const driver = driverOf(database.db);
  if (driver.kind === 'pglite') migratedState.set(driver.client, await keepMigratedState(driver.client));
  return lease(database);
}
