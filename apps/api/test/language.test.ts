import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, EN_CATALOG, ID_CATALOG, MESSAGE_TEXT as MSG, WEBHOOK_TEXT } from '@blaster/contract';
import { ADMIN, startTestApp, type TestApp } from './support/app';
import { multipart, type UploadFile } from './support/multipart';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await t.createUser('admin')).token;
});
afterAll(() => t.close());

const wrongLogin = (headers?: Record<string, string>) =>
  t.call('POST', API.login, { body: { email: ADMIN.email, password: 'salah-sekali' }, headers });

describe('answers in the request language', () => {
  it("keeps the spec's wording without Accept-Language, for '*' and for other languages", async () => {
    for (const headers of [undefined, { 'accept-language': '*' }, { 'accept-language': 'de-DE' }]) {
      const answer = await wrongLogin(headers);
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(MSG.invalidCredentials);
    }
  });

  it('gives the error message in English or Indonesian when asked', async () => {
    const english = await wrongLogin({ 'accept-language': 'en-US,en;q=0.9' });
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe(EN_CATALOG.invalidCredentials);
    expect(english.body.msg).toBe('Invalid email or password.');

    const indonesian = await wrongLogin({ 'accept-language': 'id' });
    expect(indonesian.body.msg).toBe('Email atau password salah.');
  });

  it("translates the validation messages of each field, and the default keeps the spec's", async () => {
    const invalid = (language?: string) =>
      t.call<{ msg: string; errors: Record<string, string> }>('POST', API.levelCreate, {
        token: adminToken,
        body: { name: '', blast_fee: 'abc', requirement_blast: 'x' },
        headers: language ? { 'accept-language': language } : undefined,
      });
    const spec = await invalid();
    expect(spec.status).toBe(400);
    expect(spec.body.errors.name).toBe(MSG.levelNameRequired);

    const english = await invalid('en');
    expect(english.status).toBe(400);
    expect(english.body.errors.name).toBe(EN_CATALOG.levelNameRequired);
    expect(english.body.errors.name).toBe('Level name is required.');
    expect(english.body.msg).not.toBe(spec.body.msg);
  });

  it("translates the webhook screen's answers and field errors, which are not MSG's", async () => {
    const missing = (language?: string) =>
      t.call('DELETE', API.webhookEndpoint(999999), {
        token: adminToken,
        headers: language ? { 'accept-language': language } : undefined,
      });
    expect((await missing()).body.msg).toBe(WEBHOOK_TEXT.endpointNotFound);
    const english = await missing('en');
    expect(english.status).toBe(404);
    expect(english.body.msg).toBe(EN_CATALOG['webhook.endpointNotFound']);

    const invalid = await t.call<{ errors: Record<string, string> }>('POST', API.webhookEndpoints, {
      token: adminToken,
      body: { url: 'ftp://example.com', events: [] },
      headers: { 'accept-language': 'en' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.url).toBe(EN_CATALOG['webhook.urlScheme']);
    expect(invalid.body.errors.events).toBe(EN_CATALOG['webhook.eventsRequired']);
  });

  it('translates the answer of an unknown route', async () => {
    const missing = await t.call('GET', '/api/no-such-route', { headers: { 'accept-language': 'id' } });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(ID_CATALOG.notFoundApi);
  });

  const withLanguage = (language?: string) =>
    language ? { 'accept-language': language } : ({} as Record<string, string>);

  it('writes a success message with blanks in the language asked for', async () => {
    const importList = async (file: UploadFile, language?: string) => {
      const body = multipart(file);
      const answer = await t.app.inject({
        method: 'POST',
        url: API.phoneImport,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${adminToken}`, ...withLanguage(language) },
      });
      return { status: answer.statusCode, body: answer.json<{ msg: string }>() };
    };
    const spec = await importList({
      name: 'a.csv',
      content: 'number,name\n6281200000101,Ani\n6281200000102,Budi\n',
    });
    expect(spec.status).toBe(200);
    expect(spec.body.msg).toBe(MSG.importDone(2));
    expect(spec.body.msg).toBe('Total 2 nomor, berhasil didaftarkan.');

    const english = await importList({ name: 'b.csv', content: 'number,name\n6281200000103,Citra\n' }, 'en');
    expect(english.status).toBe(200);
    expect(english.body.msg).toBe('1 numbers registered in total.');
  });

  it('writes a success message without blanks in the language asked for', async () => {
    const save = (name: string, language?: string) =>
      t.call<{ msg: string }>('POST', API.levelCreate, {
        token: adminToken,
        body: { name, blast_fee: '10', requirement_blast: 5 },
        headers: withLanguage(language),
      });
    const spec = await save('Perunggu');
    expect(spec.status).toBe(200);
    expect(spec.body.msg).toBe(MSG.levelSaved);
    const english = await save('Perak', 'en');
    expect(english.body.msg).toBe('Level saved.');
  });

  it('writes an error message with blanks in the language asked for', async () => {
    const create = async (language?: string) => {
      const body = multipart(null, {
        text: '<p>x</p>',
        button: JSON.stringify([{ title: 'Beli', url: '', type: 'url_button' }]),
        status: 'active',
      });
      const answer = await t.app.inject({
        method: 'POST',
        url: API.messageCreate,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${adminToken}`, ...withLanguage(language) },
      });
      return { status: answer.statusCode, body: answer.json<{ msg: string }>() };
    };
    const spec = await create();
    expect(spec.status).toBe(400);
    expect(spec.body.msg).toBe('Judul button : "Beli" belum mempunyai URL.');
    const english = await create('en');
    expect(english.status).toBe(400);
    expect(english.body.msg).toBe('Button title: "Beli" has no URL yet.');
  });

  it('writes a validation error and its per-field errors in the language asked for', async () => {
    const member = await t.createUser('member', {
      account_bank: 'BCA',
      account_number: '1234567890',
      account_name: 'Penerima',
    });
    const request = (language?: string) =>
      t.call<{ msg: string; errors: Record<string, string> }>('POST', API.withdrawRequest, {
        token: member.token,
        body: { nominal: 9_999, userId: member.id },
        headers: withLanguage(language),
      });
    const spec = await request();
    expect(spec.status).toBe(400);
    expect(spec.body).toMatchObject({ msg: MSG.minWithdraw, errors: { nominal: MSG.minWithdraw } });
    const english = await request('en');
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({
      msg: 'The minimum withdrawal is Rp 10,000',
      errors: { nominal: 'The minimum withdrawal is Rp 10,000' },
    });
  });
});
