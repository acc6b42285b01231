import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { round } from '../support';

/** What the sign-in page may download before it shows, gzipped. */
export const INITIAL_ROUTE_GOAL_KB = 120;

/**
 * Gzipped size of the initial route: every script and stylesheet index.html names (the entry script,
 * the chunks it preloads because it imports them, the stylesheet). Screens loaded on first use are not
 * part of it. Builds the panel first when its sources changed.
 */
export function initialBundle() {
  const repoRoot = resolve(import.meta.dirname, '../..');
  execSync('node scripts/build-changed.mjs', { cwd: repoRoot, stdio: 'ignore' });
  const dist = resolve(repoRoot, 'apps/web/dist');
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  const sizes = assets.map((asset) => ({
    asset,
    gzipBytes: gzipSync(readFileSync(resolve(dist, asset))).length,
  }));
  const totalGzipKb = round(sizes.reduce((sum, item) => sum + item.gzipBytes, 0) / 1024);
  return {
    assets: sizes,
    totalGzipKb,
    goalKb: INITIAL_ROUTE_GOAL_KB,
    withinGoal: totalGzipKb <= INITIAL_ROUTE_GOAL_KB,
  };
}
