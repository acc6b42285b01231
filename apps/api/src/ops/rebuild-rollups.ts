// npm run rollups:rebuild: counts the charts' hourly sums again from the message log and the ledger
// of the database the server is configured for (DATA_DIR or DATABASE_URL). See docs/operations.md.
import { join } from 'node:path';
import { configFromEnv } from '../config';
import { openDatabase } from '../db';
import { DatabaseLockedError } from '../db/lock';
import { rebuildRollups } from '../db/rollups';

const config = configFromEnv();
try {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'db'),
  });
  try {
    const rebuilt = await rebuildRollups(database.db);
    console.log(
      `Rollups rebuilt: ${rebuilt.messageHours} hourly send rows, ${rebuilt.ledgerHours} hourly ledger rows.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof DatabaseLockedError
      ? `${error.message}\nThe embedded database is rebuilt while the server is stopped.`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
}
