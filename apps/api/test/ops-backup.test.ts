import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API } from '@blaster/contract';
import { openDatabase, queryRows, type Database } from '../src/db';
import { lockDatabase } from '../src/db/lock';
import { createScratchDatabase } from '../src/db/scratch';
import { messageTemplates, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { startTestApp, stopInstance } from './support/app';
import { connect, fastMember, waitFor } from './support/chat';

/*
 * `npm run backup` and `npm run restore` on both backends: a backup restored into a fresh data folder
 * (or a fresh PostgreSQL database) holds every row of every table.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'blaster-backup-'));
  dirs.push(dir);
  return dir;
};

/** Runs `npm run <script> -- <args>` from the repository root with `env` added. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Fills a database through the API: users, a connected account, a finished blast (logs, ledger). */
async function fill(database: Database) {
  const t = await startTestApp({ SANDBOX_TIME_SCALE: '0.001' }, { database });
  const member = await fastMember(t);
  await t.createUser('staff');
  const account = await connect(t, member, 'qr');
  await t.ctx.db
    .insert(phoneNumbers)
    .values(Array.from({ length: 30 }, (_, i) => ({ number: String(6287200000000 + i), name: `Nama ${i}` })));
  await t.ctx.db.insert(messageTemplates).values({ text: '<p>Halo</p>', textWa: 'Halo {name}' });
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: account.id },
  });
  expect(started.status).toBe(200);
  await waitFor(
    async () =>
      (await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))[0]!
        .status === 'idle',
    'the blast to finish',
  );
  await stopInstance(t);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table's row count (the app's and the migrations'), and a few whole rows to compare. */
async function contents(query: Query) {
  const tables = await query(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[String(name)] = Number((await query(`select count(*) as n from ${String(name)}`))[0]!.n);
  return {
    counts,
    users: await query('select id, email, password_hash, role, referral_code from users order by id'),
    logs: await query('select id, target, status, whatsapp_id from message_logs order by id limit 5'),
    ledger: await query('select id, user_id, amount, kind from ledger_entries order by id limit 5'),
  };
}

const queryOf =
  (database: Database): Query =>
  (text) =>
    queryRows<Record<string, unknown>>(database.db, sql.raw(text));

const server = process.env.TEST_DATABASE_URL;

// The data folder's backup is the same whichever database the other tests use: the PostgreSQL pass
// leaves it to the embedded one.
describe.skipIf(server)('backup and restore, embedded database', () => {
  it('restores a backup into a fresh data folder with every row, and refuses folders a server holds', async () => {
    const source = tempDir();
    const database = await openDatabase({ dataDir: join(source, 'db') });
    await fill(database);
    const before = await contents(queryOf(database));
    await database.close();
    expect(before.counts['public.message_logs']).toBe(30);
    expect(before.counts['public.ledger_entries']).toBeGreaterThan(0);

    // A running server holds the folder: a copy taken under it would be torn.
    const running = lockDatabase(join(source, 'db'));
    const file = join(tempDir(), 'nightly.tar.gz');
    const refused = await npmRun('backup', [file], { DATA_DIR: source });
    running.release();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already in use');
    expect(existsSync(file)).toBe(false);

    const made = await npmRun('backup', [file], { DATA_DIR: source });
    expect(made.output).toContain(`Backup written to ${file}`);
    expect(made.code).toBe(0);

    // Restoring over a server's data is refused before anything is touched.
    const target = tempDir();
    const other = lockDatabase(join(target, 'db'));
    const blocked = await npmRun('restore', [file], { DATA_DIR: target });
    other.release();
    expect(blocked.code).toBe(1);
    expect(blocked.output).toContain('already in use');

    const restored = await npmRun('restore', [file], { DATA_DIR: target });
    expect(restored.code).toBe(0);
    const copy = await openDatabase({ dataDir: join(target, 'db') });
    try {
      expect(await contents(queryOf(copy))).toEqual(before);
    } finally {
      await copy.close();
    }

    // A backup of the other backend is told apart.
    const wrongKind = await npmRun('restore', [file], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.output).toContain('backup of the embedded database');
  }, 240_000);
});

describe.skipIf(!server)('backup and restore, PostgreSQL', () => {
  it('restores a pg_dump backup into a fresh database with every row, and refuses while a server is connected', async () => {
    const source = await createScratchDatabase(server!);
    const target = await createScratchDatabase(server!);
    try {
      const database = await openDatabase({ databaseUrl: source.url });
      await fill(database);
      const before = await contents(queryOf(database));
      await database.close();
      expect(before.counts['public.message_logs']).toBe(30);

      const file = join(tempDir(), 'nightly.dump');
      const made = await npmRun('backup', [file], { DATABASE_URL: source.url });
      expect(made.output).toContain(`Backup written to ${file}`);
      expect(made.code).toBe(0);

      // A server still connected to the database would write between the old rows and the new.
      const connected = new pg.Client({ connectionString: target.url });
      await connected.connect();
      const blocked = await npmRun('restore', [file], { DATABASE_URL: target.url });
      await connected.end();
      expect(blocked.code).toBe(1);
      expect(blocked.output).toContain('stop every API server first');

      const restored = await npmRun('restore', [file], { DATABASE_URL: target.url });
      expect(restored.output).toContain('Restored');
      expect(restored.code).toBe(0);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        expect(await contents(async (text) => (await client.query(text)).rows)).toEqual(before);
      } finally {
        await client.end();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 240_000);
});
