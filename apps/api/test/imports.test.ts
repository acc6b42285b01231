import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type pg from 'pg';
import { API, EXPORT_FILE_NAMES, MESSAGE_TEXT as MSG, type ImportAnswer } from '@blaster/contract';
import { driverOf } from '../src/db';
import { imports, importStaging, phoneNumbers } from '../src/db/schema';
import { SKIPPED_LIST_LIMIT, CREATED_LIST_LIMIT } from '../src/modules/imports/pipeline';
import { IMPORT_SPOOL_DIR, sweepImportsAtStart } from '../src/modules/imports/sweep';
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';
import { launchListening } from './support/instances';

let t: TestApp;
let admin: { id: number; token: string };
let otherAdmin: { id: number; token: string };

/** Small chunks, so files of a few thousand rows cross as many chunk boundaries as a large one does. */
const CHUNK_BYTES = 16 * 1024;

beforeAll(async () => {
  t = await startTestApp({ IMPORT_CHUNK_BYTES: String(CHUNK_BYTES) });
  admin = await t.createUser('admin');
  otherAdmin = await t.createUser('admin');
});
afterAll(() => t.close());

async function upload<T = ImportAnswer>(
  url: string,
  name: string,
  content: string | Buffer,
  token = admin.token,
) {
  const boundary = `----blaster${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  return { status: response.statusCode, body: response.json() as T & { msg: string } };
}

async function download(importId: number, format: 'csv' | 'json', token = admin.token) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${API.importSkipped(importId)}?format=${format}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

const numberOf = (i: number) => `6285${String(i).padStart(9, '0')}`;

describe('phone number import at scale', () => {
  it('answers a file of bad lines in many chunks with counts and the first skipped rows only', async () => {
    const line = `${'bukan nomor telepon '.repeat(4)},Budi\n`;
    const lines = Math.ceil((64 * CHUNK_BYTES) / line.length);
    const answer = await upload(API.phoneImport, 'rusak.csv', Buffer.from(line.repeat(lines)));
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(0);
    expect(answer.body.skippedCount).toBe(lines);
    expect(answer.body.skipped).toHaveLength(SKIPPED_LIST_LIMIT);
    expect(answer.body.skipped[0]).toMatchObject({ reason: MSG.invalidRow, name: 'Budi' });
    expect(answer.body.msg).toBe(MSG.importDone(0));
  }, 300_000);

  it('keeps names with tabs, backslashes and line breaks exact, added or skipped as already saved', async () => {
    const saved = numberOf(850_000_000);
    await t.database.db.insert(phoneNumbers).values({ number: saved, name: 'Lama' });
    const names = ['Tab\there \\ miring', 'Baris\nbaru \\N', 'bukan\\ttab', 'Biasa'];
    const numbers = [saved, numberOf(850_000_001), numberOf(850_000_002), numberOf(850_000_003)];
    const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const file = numbers.map((number, i) => `${number},${quoted(names[i]!)}`).join('\n');
    const answer = await upload(API.phoneImport, 'nama.csv', `nomor,nama\n${file}\n`);
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(3);
    expect(answer.body.skipped).toEqual([
      expect.objectContaining({ number: saved, name: names[0], reason: MSG.duplicateInDatabase }),
    ]);
    expect(answer.body.created.map((row) => [row.number, row.name])).toEqual(
      numbers.slice(1).map((number, i) => [number, names[i + 1]]),
    );
    const [stored] = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, saved));
    expect(stored!.name).toBe('Lama');
  });

  it('keeps the first of each number in the file, skips those already saved, and adds the rest in file order', async () => {
    // 3,000 numbers already saved; a file of 12,000 rows: every 4th repeats an earlier row of the file,
    // every 5th is one already saved, every 7th is invalid.
    await t.database.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 3_000 }, (_, i) => ({ number: numberOf(100_000 + i), name: `Lama ${i}` })),
      );
    const rows: string[] = [];
    const expected = { created: [] as string[], skipped: [] as { number: string; reason: string }[] };
    const seen = new Set<string>();
    for (let i = 0; i < 12_000; i += 1) {
      if (i % 7 === 6) {
        rows.push(`12${i},Rusak ${i}`);
        expected.skipped.push({ number: `12${i}`, reason: MSG.invalidRow });
        continue;
      }
      const taken = i % 5 === 4;
      const number = taken ? numberOf(100_000 + Math.floor(i / 5)) : numberOf(i % 4 === 3 ? i - 3 : i);
      rows.push(`${number.replace(/^62/, '0')},Nama ${i}`);
      if (seen.has(number)) expected.skipped.push({ number, reason: MSG.duplicateInFile });
      else if (taken) expected.skipped.push({ number, reason: MSG.duplicateInDatabase });
      else expected.created.push(number);
      seen.add(number);
    }
    const before = Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n);
    const answer = await upload(API.phoneImport, 'nomor.csv', `nomor,nama\n${rows.join('\n')}\n`);
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(expected.created.length);
    expect(answer.body.skippedCount).toBe(expected.skipped.length);
    expect(Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n)).toBe(
      before + expected.created.length,
    );
    // The answer holds the first rows only, in file order; ids follow the file's order.
    expect(answer.body.created).toHaveLength(CREATED_LIST_LIMIT);
    expect(answer.body.created.map((row) => row.number)).toEqual(
      expected.created.slice(0, CREATED_LIST_LIMIT),
    );
    const ids = answer.body.created.map((row) => row.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(answer.body.skipped.map((row) => ({ number: row.number, reason: row.reason }))).toEqual(
      expected.skipped.slice(0, SKIPPED_LIST_LIMIT),
    );
    const taken = answer.body.skipped.find((row) => row.reason === MSG.duplicateInDatabase)!;
    const [saved] = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, taken.number));
    expect(taken.id).toBe(saved!.id);
    // The first occurrence in the file is the one kept.
    const [kept] = await t.ctx.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, numberOf(0)));
    expect(kept!.name).toBe('Nama 0');

    // Every skipped row is in the downloads, the importer's alone.
    const csv = await download(answer.body.importId, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain(EXPORT_FILE_NAMES.phoneNumbersSkippedCsv);
    const parsed = Papa.parse<{ number: string; name: string; status: string }>(csv.body, { header: true });
    expect(parsed.data.map((row) => ({ number: row.number, reason: row.status }))).toEqual(expected.skipped);
    const json = await download(answer.body.importId, 'json');
    expect(json.headers['content-disposition']).toContain(EXPORT_FILE_NAMES.phoneNumbersSkippedJson);
    const list = JSON.parse(json.body) as { number: string; name: string; status: string }[];
    expect(list.map((row) => ({ number: row.number, reason: row.status }))).toEqual(expected.skipped);
    expect(list.find((row) => row.number === '126')).toEqual({
      number: '126',
      name: 'Rusak 6',
      status: MSG.invalidRow,
    });
    expect((await download(answer.body.importId, 'json', otherAdmin.token)).status).toBe(404);
  });

  it('tells duplicates apart across a file of several chunks, and a file failing near its end adds nothing', async () => {
    // About 150 KB, a dozen chunks: rows are staged (and, on PostgreSQL, added) a chunk at a time. The
    // number saved before comes first and again near the end; row 10's number comes back near the end too.
    const saved = numberOf(900_000_000);
    await t.database.db.insert(phoneNumbers).values({ number: saved, name: 'Lama' });
    const total = 6_000;
    const lines = Array.from({ length: total }, (_, i) => `${numberOf(500_000_000 + i)},Banyak ${i}`);
    lines[0] = `${saved},Lagi`;
    lines[total - 5] = `${numberOf(500_000_010)},Ulang`;
    lines[total - 3] = `${saved},Lagi juga`;
    const before = Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n);
    const answer = await upload(API.phoneImport, 'banyak.csv', `nomor,nama\n${lines.join('\n')}\n`);
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(total - 3);
    expect(answer.body.skippedCount).toBe(3);
    expect(answer.body.skipped.map((row) => ({ number: row.number, reason: row.reason }))).toEqual([
      { number: saved, reason: MSG.duplicateInDatabase },
      { number: numberOf(500_000_010), reason: MSG.duplicateInFile },
      { number: saved, reason: MSG.duplicateInFile },
    ]);
    expect(Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n)).toBe(before + total - 3);
    const [kept] = await t.ctx.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, numberOf(500_000_010)));
    expect(kept!.name).toBe('Banyak 10');

    // The same size as JSON, broken after its last row: nothing of it stays, nothing is left staged.
    const items = Array.from({ length: total }, (_, i) => ({
      number: numberOf(700_000_000 + i),
      name: `Rusak ${i}`,
    }));
    const broken = `${JSON.stringify(items).slice(0, -1)},{"number": oops}]`;
    const failed = await upload(API.phoneImport, 'rusak.json', broken);
    expect(failed.status).toBe(400);
    expect(Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n)).toBe(before + total - 3);
    const [stagedLeft] = await t.ctx.db
      .select({ n: count() })
      .from(importStaging)
      .where(sql`${importStaging.value} like '62857%'`);
    expect(Number(stagedLeft!.n)).toBe(0);
  }, 300_000);

  it('adds each number once when two imports of the same list run at the same time', async () => {
    // A dozen chunks each; on PostgreSQL the two move their rows side by side, so one of them finds
    // numbers taken by the other after checking them as new.
    const total = 6_000;
    const csv = `nomor,nama\n${Array.from({ length: total }, (_, i) => `${numberOf(300_000_000 + i)},Sama ${i}`).join('\n')}\n`;
    const before = Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n);
    const answers = await Promise.all([
      upload(API.phoneImport, 'sama-1.csv', csv),
      upload(API.phoneImport, 'sama-2.csv', csv, otherAdmin.token),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers[0]!.body.createdCount + answers[1]!.body.createdCount).toBe(total);
    expect(answers[0]!.body.skippedCount + answers[1]!.body.skippedCount).toBe(total);
    for (const answer of answers)
      for (const row of answer.body.skipped) expect(row.reason).toBe(MSG.duplicateInDatabase);
    expect(Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n)).toBe(before + total);
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips a number another writer saves while the import is copying, and adds the rest once',
    async () => {
      // Another session adds one of the file's numbers and holds it uncommitted: the import's look-up
      // cannot see it, so its copy waits for that session, then meets the saved number. The import
      // starts over the staged way; the number is skipped as saved, naming its row.
      const { pool } = driverOf(t.database.db) as { pool: pg.Pool };
      const other = await pool.connect();
      const total = 4_000;
      const lines = Array.from({ length: total }, (_, i) => `${numberOf(600_000_000 + i)},Balap ${i}`);
      const contested = numberOf(600_000_000 + 3_000);
      try {
        await other.query('begin');
        const saved = await other.query<{ id: number }>(
          `insert into phone_numbers (number, name) values ($1, 'Lebih dulu') returning id`,
          [contested],
        );
        const importing = upload(API.phoneImport, 'balap.csv', `nomor,nama\n${lines.join('\n')}\n`);
        await waitFor(
          async () =>
            (
              await pool.query(
                `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'COPY%'`,
              )
            ).rows[0].n === 1,
          "the import's COPY to wait on the contested row's lock",
        );
        await other.query('commit');
        const answer = await importing;
        expect(answer.status).toBe(200);
        expect(answer.body.createdCount).toBe(total - 1);
        expect(answer.body.skipped).toEqual([
          expect.objectContaining({
            id: saved.rows[0]!.id,
            number: contested,
            reason: MSG.duplicateInDatabase,
          }),
        ]);
        const [kept] = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, contested));
        expect(kept!.name).toBe('Lebih dulu');
        const [added] = await t.ctx.db
          .select({ n: count() })
          .from(phoneNumbers)
          .where(sql`${phoneNumbers.name} like 'Balap %'`);
        expect(Number(added!.n)).toBe(total - 1);
      } finally {
        await other.query('rollback').catch(() => {});
        other.release();
      }
    },
    120_000,
  );

  it('answers an empty download for an import that skipped nothing', async () => {
    const answer = await upload(API.phoneImport, 'baru.csv', `${numberOf(900_001)},Baru\n`);
    expect(answer.body).toMatchObject({ createdCount: 1, skippedCount: 0, skipped: [] });
    expect(JSON.parse((await download(answer.body.importId, 'json')).body)).toEqual([]);
    expect((await download(answer.body.importId, 'csv')).body).toBe('number,name,status');
  });
});

describe('proxies and templates share the pipeline', () => {
  it('imports proxies with exact counts and a full skipped download', async () => {
    const values = Array.from({ length: 700 }, (_, i) => `http://10.9.${Math.floor(i / 250)}.${i % 250}:80`);
    const answer = await upload<ImportAnswer<{ value: string }, { value: string; reason: string }>>(
      API.proxyImport,
      'proxy.csv',
      `value,status\n${[...values, ...values, ''].join('\n')}\n`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ createdCount: 700, skippedCount: 700, msg: 'OK' });
    expect(answer.body.created).toHaveLength(700);
    expect(answer.body.skipped).toHaveLength(SKIPPED_LIST_LIMIT);
    expect(answer.body.skipped[0]).toMatchObject({ value: values[0], reason: MSG.duplicateInFile });
    const json = JSON.parse((await download(answer.body.importId, 'json')).body) as { value: string }[];
    expect(json.map((row) => row.value)).toEqual(values);
    const again = await upload<ImportAnswer<unknown, { value: string; reason: string; id: number }>>(
      API.proxyImport,
      'proxy.csv',
      `${values[0]}\n`,
    );
    expect(again.body.skipped[0]).toMatchObject({ value: values[0], reason: MSG.duplicateInDatabase });
    expect(again.body.skipped[0]!.id).toEqual(expect.any(Number));
  });

  it('imports templates, skipping the ones that fail their checks', async () => {
    const answer = await upload<ImportAnswer<{ text_wa: string }, { index: number; reason: string }>>(
      API.messageImport,
      'messages.json',
      JSON.stringify([
        { text: '<p>Halo <strong>{name}</strong></p>', button: [] },
        { text: 'x', button: [{ title: 'Beli', url: '', type: 'url_button' }] },
        'bukan template',
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(1);
    expect(answer.body.created[0]!.text_wa).toBe('Halo *{name}*');
    expect(answer.body.skipped).toEqual([
      { index: 2, reason: MSG.buttonMissingUrl('Beli') },
      { index: 3, reason: MSG.invalidRow },
    ]);
  });
});

describe('start-up sweep', () => {
  it('removes the rows of imports cut off by a crash, keeping what a running import may still need', async () => {
    const db = t.database.db;
    const crashed = async (age: string) => {
      const [row] = await db
        .insert(imports)
        .values({ kind: 'phone_numbers', userId: admin.id, createdAt: sql`now() - ${age}::interval` })
        .returning();
      await db.insert(importStaging).values(
        Array.from({ length: 50 }, (_, i) => ({
          importId: row!.id,
          rowNo: i + 1,
          value: numberOf(i),
          name: 'x',
        })),
      );
      return row!.id;
    };
    const longAgo = await crashed('2 hours');
    await mkdir(IMPORT_SPOOL_DIR, { recursive: true });
    const leftUpload = join(IMPORT_SPOOL_DIR, `crashed-${process.pid}.csv`);
    await writeFile(leftUpload, '6281100000001,Ani\n');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(leftUpload, twoHoursAgo, twoHoursAgo);
    const justNow = await crashed('1 minute');
    const staged = async (id: number) =>
      Number(
        (await db.select({ n: count() }).from(importStaging).where(eq(importStaging.importId, id)))[0]!.n,
      );

    await sweepImportsAtStart(db, t.database.kind);

    expect(await staged(longAgo)).toBe(0);
    expect(existsSync(leftUpload)).toBe(false);
    expect(await db.select().from(imports).where(eq(imports.id, longAgo))).toEqual([]);
    // The embedded database has one process, so nothing can be running at its start; on PostgreSQL
    // another instance may be importing right now.
    expect(await staged(justNow)).toBe(t.database.kind === 'pglite' ? 0 : 50);
  });
});

describe('the upload spool on a host shared by several servers', () => {
  it('an embedded server starting beside this one leaves its upload alone, and clears a stopped process’s', async () => {
    await mkdir(IMPORT_SPOOL_DIR, { recursive: true });
    const inFlight = join(IMPORT_SPOOL_DIR, 'being-imported.csv');
    await writeFile(inFlight, '6281100000001,Ani\n');
    const stopped = spawn(process.execPath, ['-e', '']);
    const stoppedPid = await new Promise<number>((resolve) =>
      stopped.once('exit', () => resolve(stopped.pid!)),
    );
    const leftBehind = join(dirname(IMPORT_SPOOL_DIR), String(stoppedPid), 'cut-off.csv');
    await mkdir(dirname(leftBehind), { recursive: true });
    await writeFile(leftBehind, '6281100000002,Budi\n');

    const dataDir = mkdtempSync(join(tmpdir(), 'blaster-spool-'));
    const { launched, running } = await launchListening(dataDir, {
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'x'.repeat(12),
    });
    try {
      expect(running).toBe(true);
      expect(existsSync(inFlight)).toBe(true);
      expect(existsSync(leftBehind)).toBe(false);
    } finally {
      launched.process.kill('SIGTERM');
      await launched.exited;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(inFlight, { force: true });
    }
  }, 300_000);
});
