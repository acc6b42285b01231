import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, EN_CATALOG, ID_CATALOG, MESSAGE_TEXT as MSG, WEBHOOK_TEXT } from '@blaster/contract';
import { ADMIN, startTestApp, type TestApp } from './support/app';

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
});
