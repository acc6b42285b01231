import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MIGRATED_DATABASE_ENV, startServer } from './stack';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * Builds the panel and the API's bundle before any browser test, each only when its sources changed
 * since the last build: the tests drive what `npm start` serves. Then one server migrates a database
 * and seeds the admin; every server of the run starts from a copy of it (support/stack.ts).
 */
export default async function setup() {
  execFileSync(process.execPath, [resolve(repoRoot, 'scripts/build-changed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const first = await startServer();
  await first.stop({ keepData: true });
  process.env[MIGRATED_DATABASE_ENV] = join(first.dataDir, 'db');
  return () => rmSync(first.dataDir, { recursive: true, force: true });
}
