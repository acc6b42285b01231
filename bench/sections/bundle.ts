import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { round } from '../support';

/** Gzipped size of what the first page loads: the entry script and stylesheet of index.html. */
export function initialBundle() {
  const dist = resolve(import.meta.dirname, '../../apps/web/dist');
  if (!existsSync(resolve(dist, 'index.html')))
    execSync('npm run build -w @blaster/web', { stdio: 'ignore' });
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  const sizes = assets.map((asset) => ({
    asset,
    gzipBytes: gzipSync(readFileSync(resolve(dist, asset))).length,
  }));
  return { assets: sizes, totalGzipKb: round(sizes.reduce((sum, item) => sum + item.gzipBytes, 0) / 1024) };
}
