import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { driverOf, openDatabase } from '../../src/db';
import { repoRoot } from '../../src/paths';
import { createScratchDatabase } from '../../src/db/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database every test app's in-memory PGlite is loaded from (a tar file). */
    migratedDataDirArchive: string;
    /** The migrated PostgreSQL database every test app's database is created from (TEST_DATABASE_URL). */
    migratedTemplateDatabase: string;
  }
}

/** The bundle the launched API processes run (support/instances.ts), rebuilt when a source changed. */
function buildApiBundle() {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-changed.mjs'), 'API'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Migrates one database for the whole run, before any test file starts: each test app then opens a
 * copy of it instead of running every migration again. The embedded database is kept as a data-folder
 * archive; on PostgreSQL (TEST_DATABASE_URL) it is a template database, dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  buildApiBundle();
  // The embedded archive is made on PostgreSQL too: launched processes on an embedded folder start from it.
  const folder = mkdtempSync(join(tmpdir(), 'blaster-test-db-'));
  const archive = join(folder, 'migrated.tar');
  const embedded = await openDatabase({});
  try {
    const driver = driverOf(embedded.db);
    if (driver.kind !== 'pglite') throw new Error('the embedded database is not PGlite');
    writeFileSync(archive, Buffer.from(await (await driver.client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await embedded.close();
  }
  project.provide('migratedDataDirArchive', archive);
  const removeArchive = () => rmSync(folder, { recursive: true, force: true });

  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    project.provide('migratedTemplateDatabase', '');
    return removeArchive;
  }
  const template = await createScratchDatabase(server);
  // Every connection to the template is closed again: PostgreSQL copies only a database nobody uses.
  await (await openDatabase({ databaseUrl: template.url })).close();
  project.provide('migratedTemplateDatabase', template.name);
  return async () => {
    removeArchive();
    await template.drop();
  };
}
