import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = join(__dirname, '..');
/** The drizzle-kit command line (its package exports no `bin.cjs`; it sits beside the entry point). */
const drizzleKit = join(
  dirname(createRequire(join(API_DIR, 'package.json')).resolve('drizzle-kit')),
  'bin.cjs',
);
const scratch = mkdtempSync(join(tmpdir(), 'schema-snapshots-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs `drizzle-kit generate` on the schema against a copy of the migrations. Answers whether it
 * found nothing to do; a change it cannot decide alone (a rename) makes it ask, which here fails.
 */
async function nothingToGenerate(migrations: string) {
  const before = readdirSync(migrations, { recursive: true }).map(String).sort();
  const stdout = await promisify(execFile)(
    process.execPath,
    // drizzle-kit reads `--out` relative to the working directory.
    [
      drizzleKit,
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema.ts',
      '--out',
      relative(API_DIR, migrations),
    ],
    { cwd: API_DIR },
  ).then(
    (done) => done.stdout,
    () => '',
  );
  const after = readdirSync(migrations, { recursive: true }).map(String).sort();
  return { after, before, said: stdout.includes('No schema changes') };
}

describe('migration snapshots', () => {
  it('match the schema: generating a migration from the unchanged schema writes nothing', async () => {
    const migrations = join(scratch, 'drizzle');
    cpSync(join(API_DIR, 'drizzle'), migrations, { recursive: true });
    const { after, before, said } = await nothingToGenerate(migrations);
    expect(after).toEqual(before);
    expect(said).toBe(true);
  });

  it('tell a schema change from the snapshots (the check can fail)', async () => {
    // The snapshots of the first migrations alone: the schema has grown since, so a migration is due.
    const migrations = join(scratch, 'early');
    cpSync(join(API_DIR, 'drizzle'), migrations, { recursive: true });
    for (const file of readdirSync(join(migrations, 'meta')))
      if (/^\d{4}_snapshot\.json$/.test(file) && file > '0005') rmSync(join(migrations, 'meta', file));
    const { said } = await nothingToGenerate(migrations);
    expect(said).toBe(false);
  });
});
