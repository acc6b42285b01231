// npm run restore -- <file> [--force]: puts a backup made by `npm run backup` back into the database
// the server is configured for (DATA_DIR or DATABASE_URL). The server must be stopped. See
// docs/operations.md.
import { openSync, readSync, closeSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFromEnv } from '../config';
import { restoreEmbedded, restorePostgres } from './archive';

const args = process.argv.slice(2);
const force = args.includes('--force');
const given = args.find((arg) => !arg.startsWith('--'));
if (!given) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const file = resolve(given);
const config = configFromEnv();

/** What the file is: PGlite's gzipped data folder, or a pg_dump custom archive ("PGDMP"). */
function kindOf(path: string): 'embedded' | 'postgres' | 'unknown' {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  return head.toString('latin1') === 'PGDMP' ? 'postgres' : 'unknown';
}

try {
  const kind = kindOf(file);
  const wanted = config.databaseUrl ? 'postgres' : 'embedded';
  if (kind !== wanted)
    throw new Error(
      kind === 'unknown'
        ? `${file} is not a backup made by npm run backup.`
        : `${file} is a backup of ${kind === 'embedded' ? 'the embedded database' : 'PostgreSQL'}, but this server is configured for ${wanted === 'embedded' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`,
    );
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, { force });
    console.log(`Restored ${file} into the PostgreSQL database.`);
  } else {
    const { movedAside } = await restoreEmbedded(config.dataDir, file);
    console.log(`Restored ${file} into ${config.dataDir}.`);
    if (movedAside) console.log(`The data that was there is kept in ${movedAside}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
