import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server `server` names, and a way to drop it again (tests and the
 * bench each work in one of their own): empty, or a copy of `template` (a database nobody is connected
 * to, which PostgreSQL copies file by file, far faster than migrating anew).
 */
export async function createScratchDatabase(server: string, options: { template?: string } = {}) {
  const name = `blaster_scratch_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
