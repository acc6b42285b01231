// Builds the panel and the API only when their sources changed since the last build: a hash of every
// source file is kept next to each build output and compared on the next start.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'coverage']);

const targets = [
  {
    name: 'panel',
    sources: ['apps/web', 'packages/contract/src', 'packages/contract/package.json', 'package-lock.json'],
    output: 'apps/web/dist',
    command: 'npm run build -w @blaster/web',
  },
  {
    name: 'API',
    sources: [
      'apps/api/src',
      'apps/api/build.mjs',
      'apps/api/package.json',
      'packages/contract/src',
      'packages/contract/package.json',
      'package-lock.json',
    ],
    output: 'apps/api/dist',
    command: 'npm run build -w @blaster/api',
  },
];

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

export function sourceHash(sources) {
  const hash = createHash('sha256');
  const files = sources.flatMap((source) => filesUnder(resolve(root, source))).sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

// `node scripts/build-changed.mjs API` builds the API alone (the API tests run its bundle).
const named = process.argv.slice(2);
for (const target of targets.filter((t) => named.length === 0 || named.includes(t.name))) {
  const stamp = resolve(root, target.output, '.source-hash');
  const hash = sourceHash(target.sources);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    console.log(`The ${target.name} is up to date (${target.output}).`);
    continue;
  }
  console.log(`Building the ${target.name}...`);
  execSync(target.command, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${hash}\n`);
}
