import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import {
  API,
  EXPORT_ROWS_HEADER,
  MESSAGE_TEXT as MSG,
  UPLOAD_LIMITS,
  type ImportAnswer,
} from '@blaster/contract';
import { configFromEnv } from '../src/config';
import { imports, importStaging, phoneNumbers } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { upload as sendUpload, type UploadFile } from './support/multipart';

let t: TestApp;
const dataDir = `/tmp/blaster-test-${process.pid}`;
const IMPORT_LIMIT = 2 * 1024 * 1024;
let admin: { id: number; token: string };
let member: { id: number; token: string };

beforeAll(async () => {
  // The size limit is lowered to 2 MiB, which still spans several full batches of the import.
  t = await startTestApp({ DATA_DIR: dataDir, IMPORT_MAX_BYTES: String(IMPORT_LIMIT) });
  admin = await t.createUser('admin');
  member = await t.createUser('member');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An upload as the panel sends it; files are CSV unless they say otherwise. */
async function upload<T = ImportAnswer & { msg: string; errors?: Record<string, string> }>(
  url: string,
  file: UploadFile | null,
  fields: Record<string, string> = {},
  token = admin.token,
  method: 'POST' | 'PUT' = 'POST',
) {
  const answer = await sendUpload<T>(t, url, token, file && { type: 'text/csv', ...file }, fields, method);
  return { status: answer.status, body: answer.body };
}

/** Staged rows of imports that did not finish (a finished import keeps its skipped rows a while). */
const unfinishedImportRows = async () =>
  Number(
    (
      await t.ctx.db
        .select({ n: count() })
        .from(importStaging)
        .leftJoin(imports, eq(imports.id, importStaging.importId))
        .where(isNull(imports.finishedAt))
    )[0]!.n,
  );

const numbersInDb = async () => Number((await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n);

describe('phone number import', () => {
  it('normalizes, skips invalid rows and duplicates in the file and in the database', async () => {
    await t.call('POST', API.phoneSave, {
      token: admin.token,
      body: { number: '081100000001', name: 'Lama' },
    });
    const csv = [
      '\uFEFFnama;nomor',
      'Ani;0811-0000-0002',
      '"Budi; Jr";+62 811 0000 0003',
      'Lama lagi;6281100000001',
      'Ani kembar;081100000002',
      'Rusak;12345',
      ';081100000009',
    ].join('\r\n');
    const answer = await upload(API.phoneImport, { name: 'nomor.csv', content: csv });
    expect(answer.status).toBe(200);
    expect(answer.body.created.map((row) => [row.number, row.name])).toEqual([
      ['6281100000002', 'Ani'],
      ['6281100000003', 'Budi; Jr'],
    ]);
    expect(answer.body.msg).toBe(MSG.importDone(2));
    const reasons = Object.fromEntries(
      answer.body.skipped.map((row) => [row.name || row.number, row.reason]),
    );
    expect(reasons).toEqual({
      'Lama lagi': MSG.duplicateInDatabase,
      'Ani kembar': MSG.duplicateInFile,
      Rusak: MSG.invalidRow,
      '081100000009': MSG.invalidRow,
    });
    expect(answer.body.skipped.find((row) => row.name === 'Lama lagi')?.id).toEqual(expect.any(Number));
  });

  it('reads a headerless comma CSV and a JSON array of objects or pairs', async () => {
    const csv = await upload(API.phoneImport, {
      name: 'a.csv',
      content: '081100000010,Citra\n081100000011,Dodi\n',
    });
    expect(csv.body.createdCount).toBe(2);
    const json = await upload(API.phoneImport, {
      name: 'a.json',
      type: 'application/json',
      content: JSON.stringify([
        { number: '081100000012', name: 'Eka' },
        ['081100000013', 'Fajar'],
        { phone: 'x', name: 'y' },
      ]),
    });
    expect(json.body.createdCount).toBe(2);
    expect(json.body.skippedCount).toBe(1);
  });

  it('refuses a wrong extension, a missing file, an empty file and a member', async () => {
    const before = await numbersInDb();
    const txt = await upload(API.phoneImport, { name: 'nomor.txt', content: '081100000020,X' });
    expect(txt.status).toBe(400);
    expect(txt.body.msg).toBe(MSG.fileTypeCsvJson);
    const none = await upload(API.phoneImport, null, { note: 'no file' });
    expect(none.body.msg).toBe(MSG.fileRequired);
    const empty = await upload(API.phoneImport, { name: 'kosong.csv', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(MSG.fileEmpty);
    const headerOnly = await upload(API.phoneImport, { name: 'kosong.csv', content: 'number,name\n' });
    expect(headerOnly.body.msg).toBe(MSG.fileEmpty);
    const byMember = await upload(
      API.phoneImport,
      { name: 'a.csv', content: '081100000021,X' },
      {},
      member.token,
    );
    expect(byMember.status).toBe(403);
    expect(await numbersInDb()).toBe(before);
  });

  it('rejects a malformed file with a clear error and leaves nothing behind, even after full batches', async () => {
    const before = await numbersInDb();
    // 12,000 good rows (more than two staged batches), then an unterminated quote.
    const good = Array.from({ length: 12_000 }, (_, i) => `6281200${String(i).padStart(6, '0')},Nama ${i}`);
    const csv = `${good.join('\n')}\n"6281299999999,Rusak\n`;
    const answer = await upload(API.phoneImport, { name: 'rusak.csv', content: csv });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/^File tidak dapat dibaca: /);
    expect(await numbersInDb()).toBe(before);
    expect(await unfinishedImportRows()).toBe(0);

    const json = await upload(API.phoneImport, {
      name: 'rusak.json',
      content: '[{"number": "081100000030", "name": "A"},',
    });
    expect(json.status).toBe(400);
    const notArray = await upload(API.phoneImport, {
      name: 'obj.json',
      content: '{"number": "081100000031"}',
    });
    expect(notArray.status).toBe(400);
    expect(await numbersInDb()).toBe(before);
  });

  it('refuses a file over the size limit and keeps nothing of it', async () => {
    const before = await numbersInDb();
    const line = '6281300000000,Nama yang cukup panjang untuk mengisi file\n';
    const content = Buffer.alloc(IMPORT_LIMIT + 1024, line);
    const answer = await upload(API.phoneImport, { name: 'besar.csv', content });
    expect(answer.status).toBe(413);
    expect(answer.body.msg).toBe(MSG.fileTooLarge);
    expect(await numbersInDb()).toBe(before);
  });

  it("lets the operator lower the import limit, never raise it past the file kind's own", () => {
    expect(configFromEnv({}).importMaxBytes).toBe(UPLOAD_LIMITS.phoneNumbers);
    expect(configFromEnv({ IMPORT_MAX_BYTES: String(10 * UPLOAD_LIMITS.phoneNumbers) }).importMaxBytes).toBe(
      UPLOAD_LIMITS.phoneNumbers,
    );
    expect(configFromEnv({ IMPORT_MAX_BYTES: '2097152' }).importMaxBytes).toBe(2_097_152);
  });
});

describe('phone-number export', () => {
  const exported = (format: 'csv' | 'json', token = admin.token) =>
    t.app.inject({
      method: 'GET',
      url: `${API.phoneExport}?format=${format}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('writes every number newest first as CSV or JSON, telling how many rows to expect', async () => {
    const file = ['nomor,nama', '081255500001,=Ekspor', '081255500002,Dua'].join('\n');
    expect((await upload(API.phoneImport, { name: 'ekspor.csv', content: file })).status).toBe(200);
    const n = (await t.ctx.db.select({ n: count() }).from(phoneNumbers))[0]!.n;
    const csv = await exported('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers[EXPORT_ROWS_HEADER]).toBe(String(n));
    expect(csv.headers['content-disposition']).toBe('attachment; filename="phone_numbers.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines).toHaveLength(Number(n) + 1);
    // The spec's columns first, then the tags (and a column per field key other tests registered).
    const firstCells = (line: string) => line.split(',').slice(0, 4).join(',');
    expect(lines.slice(0, 3).map(firstCells)).toEqual([
      'number,name,status,tags',
      '6281255500002,Dua,active,',
      "6281255500001,'=Ekspor,active,",
    ]);

    const json = await exported('json');
    expect(json.headers[EXPORT_ROWS_HEADER]).toBe(String(n));
    const rows = JSON.parse(json.body) as { number: string; name: string; status: string }[];
    expect(rows).toHaveLength(Number(n));
    expect(rows[0]).toMatchObject({ number: '6281255500002', name: 'Dua', status: 'active', tags: '' });
    // The same text the panel wrote from the list before.
    expect(json.body).toBe(JSON.stringify(rows, null, 2));
    expect((await exported('csv', member.token)).statusCode).toBe(403);
  });
  it('exports tags and fields so that importing the file again gives the same numbers', async () => {
    const file = [
      // The last two are fields named like the import's own columns, so the file says `field:`.
      'nomor,nama,tags,Kota Asal,Produk,field:tag,field:status',
      '081255510001,Ani,"vip|jakarta",Bandung,"Kopi, gula",,',
      '081255510002,Budi,baru,,Teh,,',
      '081255510003,Citra,,Medan,,emas,aktif',
    ].join('\n');
    expect((await upload(API.phoneImport, { name: 'label.csv', content: file })).status).toBe(200);
    const mine = ['6281255510001', '6281255510002', '6281255510003'];
    const read = () =>
      t.ctx.db
        .select({
          number: phoneNumbers.number,
          name: phoneNumbers.name,
          tags: phoneNumbers.tags,
          fields: phoneNumbers.fields,
        })
        .from(phoneNumbers)
        .where(inArray(phoneNumbers.number, mine))
        .orderBy(phoneNumbers.number);
    const before = await read();
    expect(before).toEqual([
      {
        number: mine[0],
        name: 'Ani',
        tags: ['vip', 'jakarta'],
        fields: { kota_asal: 'Bandung', produk: 'Kopi, gula' },
      },
      { number: mine[1], name: 'Budi', tags: ['baru'], fields: { produk: 'Teh' } },
      {
        number: mine[2],
        name: 'Citra',
        tags: [],
        fields: { kota_asal: 'Medan', tag: 'emas', status: 'aktif' },
      },
    ]);

    for (const format of ['csv', 'json'] as const) {
      const content = (await exported(format)).body;
      await t.ctx.db.delete(phoneNumbers).where(inArray(phoneNumbers.number, mine));
      const again = await upload(API.phoneImport, { name: `ulang.${format}`, content });
      expect(again.status).toBe(200);
      expect(await read(), format).toEqual(before);
    }
  });
});

describe('proxies and templates', () => {
  it('imports proxies, skipping duplicates, and counts their use', async () => {
    const answer = await upload<{ created: { value: string }[]; skipped: { value: string }[] }>(
      API.proxyImport,
      {
        name: 'proxy.csv',
        content:
          'value,status\nhttp://10.1.0.1:80,active\nhttp://10.1.0.2:80,nonactive\nhttp://10.1.0.1:80,active\n',
      },
    );
    expect(answer.body.created.map((row) => row.value)).toEqual(['http://10.1.0.1:80', 'http://10.1.0.2:80']);
    expect(answer.body.skipped.map((row) => row.value)).toEqual(['http://10.1.0.1:80']);
    const saved = await t.call('POST', API.proxySave, { token: admin.token, body: { value: '' } });
    expect(saved.body).toMatchObject({ msg: MSG.proxyRequired });
  });

  it('sanitizes the caption, derives the chat text, checks buttons and serves media safely', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
      'hex',
    );
    const bad = await upload(API.messageCreate, null, {
      text: '<p>x</p>',
      button: JSON.stringify([{ title: 'Beli', url: '', type: 'url_button' }]),
      status: 'active',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG.buttonMissingUrl('Beli'));
    // Neither a caption nor media: a blast would send an empty message.
    for (const text of ['', '<p></p>', '<p> <br></p>']) {
      const empty = await upload(API.messageCreate, null, { text, status: 'active' });
      expect(empty.status, text).toBe(400);
      expect(empty.body.msg).toBe(MSG.templateEmpty);
    }

    const created = await upload<{
      message: { id: number; text: string; text_wa: string; media: string; button: unknown[] };
    }>(
      API.messageCreate,
      { name: 'promo.png', content: png, type: 'image/png' },
      {
        text: '<p>Halo <strong>{name}</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://toko.id">Toko</a></p>',
        text_wa: 'ignored by the server',
        button: JSON.stringify([
          { title: 'Kunjungi', url: 'https://toko.id', type: 'url_button' },
          { title: '', url: '', type: 'reply_button' },
        ]),
        status: 'active',
      },
    );
    expect(created.status).toBe(200);
    const message = created.body.message;
    expect(message.text).not.toMatch(/script|javascript/);
    expect(message.text_wa).toBe('Halo *{name}* x Toko\nhttps://toko.id');
    expect(message.button).toHaveLength(1);
    expect(message.media).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const media = await t.app.inject({ method: 'GET', url: message.media });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['x-content-type-options']).toBe('nosniff');

    const refused = await upload(
      API.messageCreate,
      { name: 'run.html', content: '<script>', type: 'text/html' },
      { text: 'x' },
    );
    expect(refused.body.msg).toBe(MSG.mediaTypeRefused);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });
});

describe('records told apart by one value', () => {
  const kinds = [
    {
      name: 'phone numbers',
      field: 'number',
      save: API.phoneSave,
      one: API.phoneNumber,
      key: 'phoneNumber',
      taken: MSG.phoneNumberTaken,
      notFound: MSG.phoneNumberNotFound,
      body: (value: string) => ({ number: value, name: 'Toko' }),
      values: ['6281355500001', '6281355500002'],
    },
    {
      name: 'proxies',
      field: 'value',
      save: API.proxySave,
      one: API.proxy,
      key: 'proxy',
      taken: MSG.proxyTaken,
      notFound: MSG.proxyNotFound,
      body: (value: string) => ({ value }),
      values: ['10.1.1.1:8080', '10.1.1.2:8080'],
    },
  ] as const;

  it.each(kinds)(
    '$name: a taken value is refused on its field, edits keep their own value, gone records answer 404',
    async (kind) => {
      const auth = { token: admin.token };
      const saved = [];
      for (const value of kind.values) {
        const answer = await t.call<Record<string, { id: number }>>('POST', kind.save, {
          ...auth,
          body: kind.body(value),
        });
        expect(answer.status).toBe(200);
        saved.push(answer.body[kind.key]!.id);
      }
      const [firstId, secondId] = saved as [number, number];

      const again = await t.call<{ msg: string; errors: Record<string, string> }>('POST', kind.save, {
        ...auth,
        body: kind.body(kind.values[0]),
      });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual({ [kind.field]: kind.taken });

      const stolen = await t.call<{ msg: string }>('PUT', kind.one(secondId), {
        ...auth,
        body: { ...kind.body(kind.values[0]), status: 'nonactive' },
      });
      expect([stolen.status, stolen.body.msg]).toEqual([400, kind.taken]);

      const kept = await t.call<Record<string, Record<string, unknown>>>('PUT', kind.one(firstId), {
        ...auth,
        body: { ...kind.body(kind.values[0]), status: 'nonactive' },
      });
      expect(kept.status).toBe(200);
      expect(kept.body[kind.key]).toMatchObject({ [kind.field]: kind.values[0], status: 'nonactive' });
      const read = await t.call<Record<string, Record<string, unknown>>>('GET', kind.one(firstId), auth);
      expect(read.body[kind.key]).toMatchObject({ status: 'nonactive' });

      expect((await t.call('DELETE', kind.one(firstId), auth)).status).toBe(200);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const gone = await t.call<{ msg: string }>(method, kind.one(firstId), {
          ...auth,
          body: method === 'PUT' ? kind.body(kind.values[0]) : undefined,
        });
        expect([gone.status, gone.body.msg]).toEqual([404, kind.notFound]);
      }
      const byMember = await t.call('PUT', kind.one(secondId), {
        token: member.token,
        body: kind.body(kind.values[1]),
      });
      expect(byMember.status).toBe(403);
    },
  );
});

describe('two edits racing to the same value', () => {
  it('saves one and refuses the other with the taken message, never a 500', async () => {
    const ids: number[] = [];
    for (const value of ['10.7.0.1:1', '10.7.0.2:1', '10.7.0.3:1']) {
      const saved = await t.call<{ proxy: { id: number } }>('POST', API.proxySave, {
        token: admin.token,
        body: { value },
      });
      ids.push(saved.body.proxy.id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        t.call<{ msg: string }>('PUT', API.proxy(id), { token: admin.token, body: { value: '10.7.0.9:1' } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((one) => one.status === 400))
      expect(answer.body.msg).toBe(MSG.proxyTaken);

    const emails = await Promise.all(
      [member, await t.createUser('member'), await t.createUser('member')].map((user) =>
        t.call<{ msg: string }>('PUT', API.user(user.id), {
          token: user.token,
          body: { email: 'sama@test.local', current_password: 'rahasia-123' },
        }),
      ),
    );
    expect(emails.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of emails.filter((one) => one.status === 400))
      expect(answer.body.msg).toBe(MSG.emailTaken);
  });
});
