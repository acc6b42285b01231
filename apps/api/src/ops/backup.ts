// npm run backup [-- <file>]: a backup of the database the server is configured for (DATA_DIR or
// DATABASE_URL), written to <file> or to backups/blaster-<time>.{tar.gz,dump}. See docs/operations.md.
import { resolve } from 'node:path';
import { configFromEnv } from '../config';
import { DatabaseLockedError } from '../db/lock';
import { backupEmbedded, backupPostgres } from './archive';

const config = configFromEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[2] ?? `backups/blaster-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupEmbedded(config.dataDir, file);
  console.log(`Backup written to ${file}`);
} catch (error) {
  console.error(
    error instanceof DatabaseLockedError
      ? `${error.message}\nThe embedded database is backed up while the server is stopped (a stop and a start take seconds).`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
}
