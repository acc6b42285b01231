import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * Builds the panel and the API's bundle before any browser test, each only when its sources changed
 * since the last build: the tests drive what `npm start` serves.
 */
export default function buildOnce() {
  execFileSync(process.execPath, [resolve(repoRoot, 'scripts/build-changed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
