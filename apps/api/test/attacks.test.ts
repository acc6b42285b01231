import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MESSAGE_TEXT as MSG, ROLES, type Role } from '@blaster/contract';
import { configFromEnv } from '../src/config';
import { messageTemplates } from '../src/db/schema';
import { buildApp } from '../src/server';
import { startTestApp, type TestApp } from './support/app';
import { connect } from './support/chat';
import { upload } from './support/multipart';

/*
 * Each block performs one attack on input handling and checks it fails: the answer a user sees, and
 * what is left on disk or in the database.
 */
let t: TestApp;
const dataDir = `/tmp/blaster-attacks-${process.pid}`;
let admin: { id: number; token: string };
const callers = {} as Record<Role, { id: number; token: string }>;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = await t.createUser('admin');
  for (const role of ROLES) callers[role] = await t.createUser(role);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('template media outside the uploads folder', () => {
  const victim = () => join(dataDir, 'victim.txt');
  const plantVictim = () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(victim(), 'keep me');
  };
  const importTemplates = (items: unknown[]) =>
    upload<{ created: { id: number; media: string | null }[]; skipped: { index: number; reason: string }[] }>(
      t,
      API.messageImport,
      admin.token,
      { name: 'templates.json', content: JSON.stringify(items) },
    );

  it('refuses an imported media reference that climbs out of the folder, and deleting deletes nothing else', async () => {
    plantVictim();
    const answer = await importTemplates([
      { media: '/uploads/../victim.txt', text: 'climbs out' },
      { media: '/uploads/..%2Fvictim.txt', text: 'encoded' },
      { media: '/uploads/sub/../../victim.txt', text: 'nested' },
      { media: null, text: 'no media' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.skipped).toEqual([
      { index: 1, reason: MSG.mediaReferenceInvalid },
      { index: 2, reason: MSG.mediaReferenceInvalid },
      { index: 3, reason: MSG.mediaReferenceInvalid },
    ]);
    expect(answer.body.created.map((row) => row.media)).toEqual([null]);
    for (const row of answer.body.created)
      expect((await t.call('DELETE', API.message(row.id), { token: admin.token })).status).toBe(200);
    expect(existsSync(victim())).toBe(true);
  });

  it('never deletes a file outside the folder, even for a reference already stored', async () => {
    plantVictim();
    // A row written before references were checked.
    const [row] = await t.ctx.db
      .insert(messageTemplates)
      .values({ text: 'old', textWa: 'old', button: [], status: 'active', media: '/uploads/../victim.txt' })
      .returning();
    const replaced = await upload(
      t,
      API.message(row!.id),
      admin.token,
      { name: 'new.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
      { text: 'new' },
      'PUT',
    );
    expect(replaced.status).toBe(200);
    expect(existsSync(victim())).toBe(true);
    expect((await t.call('DELETE', API.message(row!.id), { token: admin.token })).status).toBe(200);
    expect(existsSync(victim())).toBe(true);
  });

  it('refuses a media text field on create and update with a clear error', async () => {
    const created = await upload(t, API.messageCreate, admin.token, null, {
      text: 'x',
      media: '/uploads/../victim.txt',
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ msg: MSG.mediaReferenceInvalid });
    const good = await upload<{ message: { id: number } }>(t, API.messageCreate, admin.token, null, {
      text: 'x',
    });
    const updated = await upload(
      t,
      API.message(good.body.message.id),
      admin.token,
      null,
      { text: 'x', media: '../../db' },
      'PUT',
    );
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ msg: MSG.mediaReferenceInvalid });
  });

  it('keeps a media file another template still shows', async () => {
    const first = await upload<{ message: { id: number; media: string } }>(
      t,
      API.messageCreate,
      admin.token,
      { name: 'shared.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' },
      { text: 'first' },
    );
    const media = first.body.message.media;
    const imported = await importTemplates([{ media, text: 'second' }]);
    expect(imported.body.created[0]!.media).toBe(media);
    await t.call('DELETE', API.message(first.body.message.id), { token: admin.token });
    expect((await t.app.inject({ method: 'GET', url: media })).statusCode).toBe(200);
    await t.call('DELETE', API.message(imported.body.created[0]!.id), { token: admin.token });
    expect((await t.app.inject({ method: 'GET', url: media })).statusCode).toBe(404);
  });
});

describe('ids and amounts beyond what an integer column holds', () => {
  const TOO_BIG = '2147483648';
  /** The first role a route admits, preferring the widest (dev, then admin). */
  const callerFor = (access: 'public' | readonly Role[]) =>
    access === 'public'
      ? null
      : callers[(['dev', 'admin', 'staff', 'member'] as const).find((role) => access.includes(role))!];

  it('answers 400 or 404, never 500, on every route with a path parameter', async () => {
    const routes = t.ctx.routeTable.filter((entry) => entry.url.includes(':'));
    expect(routes.length).toBeGreaterThan(30);
    for (const entry of routes) {
      const caller = callerFor(entry.access);
      const answer = await t.call(entry.method, entry.url.replace(/:(\w+)/g, TOO_BIG), {
        token: caller?.token,
        body: entry.method === 'GET' ? undefined : {},
      });
      expect([400, 404], `${entry.method} ${entry.url} -> ${JSON.stringify(answer.body)}`).toContain(
        answer.status,
      );
    }
  });

  it('never answers 500 to such ids and amounts in bodies and queries', async () => {
    const fields = [
      'id',
      'userId',
      'user_id',
      'whatsapp_id',
      'whatsappClientId',
      'reconnect',
      'nominal',
      'blast_fee',
      'requirement_blast',
      'blast_interval_min',
      'blast_interval_max',
      'interval_min',
      'interval_max',
      'price',
      'page',
    ];
    for (const big of [TOO_BIG, '1e10']) {
      const values = Object.fromEntries(fields.map((field) => [field, big]));
      for (const entry of t.ctx.routeTable) {
        const caller = callerFor(entry.access);
        const url = `${entry.url.replace(/:(\w+)/g, String(caller?.id ?? 1))}?${new URLSearchParams(values)}`;
        const answer = await t.call(entry.method, url, {
          token: caller?.token,
          body: entry.method === 'GET' ? undefined : { ...values, name: 'Besar', reason: 'uji' },
        });
        expect(answer.status, `${entry.method} ${url} -> ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      }
    }
  });

  it("refuses them with the field's own message", async () => {
    const bonus = await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: TOO_BIG, reason: 'besar', userId: callers.member.id },
    });
    expect(bonus.status).toBe(400);
    expect(bonus.body).toMatchObject({
      msg: MSG.bonusNominalRequired,
      errors: { nominal: MSG.bonusNominalRequired },
    });
    const unknownMember = await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 1000, reason: 'besar', userId: TOO_BIG },
    });
    expect(unknownMember.status).toBe(400);
    expect(unknownMember.body).toMatchObject({ errors: { userId: MSG.bonusMemberRequired } });
    const level = await t.call('POST', API.levelCreate, {
      token: admin.token,
      body: { name: 'Mahal', blast_fee: 1e10, requirement_blast: 5 },
    });
    expect(level.status).toBe(400);
    expect(level.body).toMatchObject({ errors: { blast_fee: MSG.levelFeeRequired } });
    const withdraw = await t.call('POST', API.withdrawRequest, {
      token: callers.member.token,
      body: { nominal: TOO_BIG, userId: callers.member.id },
    });
    expect(withdraw.status).toBe(400);
    expect(withdraw.body).toMatchObject({ msg: MSG.withdrawOverBalance });
  });

  it('refuses a bonus that would push the balance past the largest amount, and keeps the balance', async () => {
    const target = await t.createUser('member');
    const give = (nominal: number) =>
      t.call('POST', API.bonusCreate, {
        token: admin.token,
        body: { nominal, reason: 'besar', userId: target.id },
      });
    expect((await give(2_147_483_647)).status).toBe(200);
    const second = await give(1);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ msg: MSG.balanceTooLarge });
    const balance = await t.call<{ balance: number }>('GET', API.balance(target.id), { token: admin.token });
    expect(balance.body.balance).toBe(2_147_483_647);
  });
});

describe('hostile import files', () => {
  const DEPTH = 100_000;
  const deepJson = `[${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}]`;
  const deepObject = `[{"number":"081200000001","name":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}]`;
  const imports = [
    { url: API.phoneImport, csv: 'number,name\n081200000001,Ani\n081200000002,Bu\u0000di\n' },
    { url: API.proxyImport, csv: 'value\nhttp://10.0.0.1:8080\nhttp://10.0.0.2:80\u000080\n' },
    { url: API.messageImport, csv: null },
  ];
  const malformed = expect.stringMatching(new RegExp(`^${MSG.fileMalformed('')}`));

  for (const { url, csv } of imports) {
    it(`answers 400 with the import's error to a deeply nested JSON file (${url})`, async () => {
      for (const content of [deepJson, deepObject]) {
        const answer = await upload(t, url, admin.token, { name: 'deep.json', content });
        expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
        expect(answer.body).toMatchObject({ msg: malformed, errors: { file: malformed } });
      }
    });

    it(`answers 400 with the import's error to a NUL character in a cell (${url})`, async () => {
      const json = JSON.stringify([
        { number: '081200000003', value: 'x\u0000y', text: 'a\u0000b', name: 'A' },
      ]);
      for (const file of [
        ...(csv ? [{ name: 'nul.csv', content: csv }] : []),
        { name: 'nul.json', content: json },
      ]) {
        const answer = await upload(t, url, admin.token, file);
        expect(answer.status, `${file.name} ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(400);
        expect(answer.body).toMatchObject({ msg: malformed, errors: { file: malformed } });
      }
    });
  }
});

describe('a NUL character in a form field', () => {
  it('answers 400, not 500, and stores nothing', async () => {
    const before = await t.ctx.db.select().from(messageTemplates);
    const answer = await upload(t, API.messageCreate, admin.token, null, { text: 'a\u0000b' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ msg: MSG.invalidRequest });
    expect(await t.ctx.db.select().from(messageTemplates)).toHaveLength(before.length);
  });
});

describe('bidirectional control characters in names', () => {
  const RLO = '\u202E';
  const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/;
  const spoof = `Budi${RLO}gnp.exe`;
  const shown = (value: unknown) => JSON.stringify(value);

  it('strips them from every name and free text a user writes', async () => {
    const registered = await t.call<{ user: { id: number; firstname: string; lastname: string } }>(
      'POST',
      API.register,
      {
        body: {
          firstName: spoof,
          lastName: `\u2066Ali\u2069\u200F`,
          email: `bidi${RLO}@test.local`.replace(RLO, ''),
          password: 'rahasia-123',
          password2: 'rahasia-123',
          agreeToTerms: true,
        },
      },
    );
    expect(registered.status).toBe(200);
    expect(registered.body.user).toMatchObject({ firstname: 'Budignp.exe', lastname: 'Ali' });
    const profile = await t.call<{ user: Record<string, unknown> }>(
      'PUT',
      API.user(registered.body.user.id),
      {
        token: admin.token,
        body: { account_name: `Budi${RLO}`, account_bank: `BCA\u202A`, lastname: `\u202DAli` },
      },
    );
    expect(profile.status).toBe(200);
    expect(shown(profile.body.user)).not.toMatch(CONTROLS);

    const level = await t.call('POST', API.levelCreate, {
      token: admin.token,
      body: { name: `Gold${RLO}`, blast_fee: 1, requirement_blast: 987_654 },
    });
    expect(level.status).toBe(200);
    const bonus = await t.call('POST', API.bonusCreate, {
      token: admin.token,
      body: { nominal: 1000, reason: `hadiah${RLO}0001 pR`, userId: registered.body.user.id },
    });
    expect(bonus.status).toBe(200);
    const phone = await t.call('POST', API.phoneSave, {
      token: admin.token,
      body: { number: '081300000001', name: spoof },
    });
    expect(phone.status).toBe(200);
    const imported = await upload(t, API.phoneImport, admin.token, {
      name: 'names.csv',
      content: `number,name\n081300000002,${spoof}\n`,
    });
    expect(imported.status).toBe(200);

    for (const url of [
      API.levelList,
      `${API.bonusPerPage}?page=1`,
      `${API.phonePerPage}?page=1`,
      API.members,
    ])
      expect(shown((await t.call('GET', url, { token: admin.token })).body), url).not.toMatch(CONTROLS);
  });

  it('refuses a name made of nothing else with the field message', async () => {
    const answer = await t.call('POST', API.levelCreate, {
      token: admin.token,
      body: { name: `${RLO}\u200E`, blast_fee: 1, requirement_blast: 987_655 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { name: MSG.levelNameRequired } });
  });
});

describe('formulas in CSV files handed back', () => {
  it("writes a validator file's formula-like cells as text when a developer downloads it", async () => {
    const staff = callers.staff;
    const account = await connect(t, staff, 'qr');
    const created = await upload<{ validator: { id: number } }>(
      t,
      API.lookupCreate('validator'),
      staff.token,
      {
        name: 'targets.csv',
        content:
          'number,name\n081900000001,"=HYPERLINK(""http://evil.example"",""klik"")"\n081900000002,@SUM(1)\n',
      },
      { whatsapp_id: String(account.id) },
    );
    expect(created.status).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: API.validatorFile(created.body.validator.id),
      headers: { authorization: `Bearer ${callers.dev.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\r\n')).toEqual([
      'number,name',
      '081900000001,"\'=HYPERLINK(""http://evil.example"",""klik"")"',
      "081900000002,'@SUM(1)",
      '',
    ]);
  });
});

describe('server errors', () => {
  /** The app as main.ts builds it, on the test app's context, logging into `lines`. */
  async function loggingApp(env: Record<string, string>) {
    const lines: Record<string, unknown>[] = [];
    // A route table of its own: the test app's one stays as the other tests walk it.
    const app = await buildApp(
      { ...t.ctx, routeTable: [] },
      {
        log: {
          level: configFromEnv(env).logLevel,
          stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
        },
      },
    );
    app.get('/api/test/failing', async () => {
      throw new Error('disk on fire');
    });
    await app.ready();
    return { app, lines };
  }

  it('are logged by default with the request id, which the 500 answer carries; normal requests are not', async () => {
    const { app, lines } = await loggingApp({});
    const fine = await app.inject({ method: 'GET', url: '/api/config' });
    expect(fine.statusCode).toBe(200);
    expect(lines).toEqual([]);

    const failed = await app.inject({ method: 'GET', url: '/api/test/failing' });
    expect(failed.statusCode).toBe(500);
    const { msg, requestId } = failed.json<{ msg: string; requestId: string }>();
    expect(msg).toBe(MSG.internalServerError);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers['x-request-id']).toBe(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: requestId,
      msg: 'request failed',
      url: '/api/test/failing',
      err: { message: 'disk on fire' },
    });
    await app.close();
  });

  it('logs every request with LOG_REQUESTS=1, and LOG_LEVEL chooses the level', async () => {
    expect(configFromEnv({}).logLevel).toBe('warn');
    expect(configFromEnv({ LOG_REQUESTS: '1' }).logLevel).toBe('info');
    expect(configFromEnv({ LOG_REQUESTS: '1', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(configFromEnv({ LOG_LEVEL: 'error' }).logLevel).toBe('error');
    expect(() => configFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    const { app, lines } = await loggingApp({ LOG_REQUESTS: '1' });
    await app.inject({ method: 'GET', url: '/api/config' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
