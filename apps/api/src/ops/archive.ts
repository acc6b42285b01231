import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDatabase } from '../db/lock';

/**
 * Backups of both backends. The embedded database is copied whole (PGlite's own data-folder tarball),
 * with its folder lock held, so never while a server has it open. PostgreSQL is dumped with Debian's
 * pg_dump in its custom format while the servers run, and restored with pg_restore.
 */

/** The embedded database's folder inside DATA_DIR (as main.ts opens it). */
export const embeddedFolder = (dataDir: string) => join(dataDir, 'db');

export async function backupEmbedded(dataDir: string, file: string) {
  const folder = embeddedFolder(dataDir);
  if (!existsSync(join(folder, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${folder} (check DATA_DIR).`);
  // Throws DatabaseLockedError, naming the running server: the copy would be torn.
  const lock = lockDatabase(folder);
  try {
    const db = new PGlite(folder);
    try {
      const tarball = await db.dumpDataDir('gzip');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Restores into DATA_DIR's embedded folder. A folder a server holds is refused (its lock); a folder
 * with data is moved aside (answered), never overwritten.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ movedAside?: string }> {
  const folder = embeddedFolder(dataDir);
  const lock = lockDatabase(folder);
  try {
    let movedAside: string | undefined;
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      movedAside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(folder, movedAside);
    }
    mkdirSync(folder, { recursive: true });
    const db = new PGlite(folder, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      // Reading the schema proves the copy opens.
      await db.query('select count(*) from drizzle.__drizzle_migrations');
    } finally {
      await db.close();
    }
    return { movedAside };
  } finally {
    lock.release();
  }
}

/**
 * pg_dump and pg_restore take the connection string without its password, which goes in PGPASSWORD:
 * a command line can be read by every user of the machine (ps).
 */
function connectionFor(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(
        (error as { code?: string }).code === 'ENOENT'
          ? new Error(
              `${command} was not found: install Debian's postgresql-client (apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

const PG_DUMP = process.env.PG_DUMP ?? 'pg_dump';
const PG_RESTORE = process.env.PG_RESTORE ?? 'pg_restore';

export async function backupPostgres(databaseUrl: string, file: string) {
  const { dbname, env } = connectionFor(databaseUrl);
  mkdirSync(dirname(file), { recursive: true });
  // One consistent snapshot of the whole database, taken while the servers keep working.
  await run(
    PG_DUMP,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Other sessions on the database: the API servers (or anyone else) still connected. */
async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump archive over the database, in one transaction (all or nothing). Refused while
 * anything else is connected: a server writing during the restore would mix old and new rows.
 */
export async function restorePostgres(databaseUrl: string, file: string, options: { force?: boolean } = {}) {
  const sessions = await otherSessions(databaseUrl);
  if (sessions > 0 && !options.force)
    throw new Error(
      `${sessions} other session(s) are connected to this database: stop every API server first (or pass --force).`,
    );
  const { dbname, env } = connectionFor(databaseUrl);
  await run(
    PG_RESTORE,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
