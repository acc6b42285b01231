import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { driverOf, openDatabase } from '../../src/db';
import { createScratchDatabase } from '../../src/db/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database every test app's in-memory PGlite is loaded from (a tar file). */
    migratedDataDirArchive: string;
    /** The migrated PostgreSQL database every test app's database is created from (TEST_DATABASE_URL). */
    migratedTemplateDatabase: string;
  }
}

/**
 * Migrates one database for the whole run, before any test file starts: each test app then opens a
 * copy of it instead of running every migration again. Both backends get their own: the embedded
 * database as a data-folder archive, PostgreSQL as a template database, dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'blaster-test-db-'));
  const embedded = await openDatabase({});
  const archive = join(folder, 'migrated.tar');
  try {
    const driver = driverOf(embedded.db);
    if (driver.kind !== 'pglite') throw new Error('the embedded database is not PGlite');
    writeFileSync(archive, Buffer.from(await (await driver.client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await embedded.close();
  }
  project.provide('migratedDataDirArchive', archive);

  const server = process.env.TEST_DATABASE_URL;
  let template: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  if (server) {
    template = await createScratchDatabase(server);
    // Every connection to the template is closed again: PostgreSQL copies only a database nobody uses.
    await (await openDatabase({ databaseUrl: template.url })).close();
  }
  project.provide('migratedTemplateDatabase', template?.name ?? '');

  return async () => {
    await template?.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
