import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API, MESSAGE_TEXT as MSG, ROLES, type Role } from '@blaster/contract';
import { queryRows } from '../src/db';
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';

let t: TestApp;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) tokens[role] = (await t.createUser(role)).token;
});
afterAll(() => t.close());

/** Strings an attacker or a broken client sends: SQL-ish, HTML-ish, control characters, long, non-Latin. */
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000',
    'nul\u0000in the middle',
    '😀🙈',
    '../../etc/passwd',
    '%00',
    'all',
    '-1',
    '1e309',
    'null',
  ),
  fc.string({ minLength: 300, maxLength: 2_000 }),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
);
const body = fc.oneof(
  fc.dictionary(
    fc.oneof(
      nasty,
      fc.constantFrom('id', 'userId', 'nominal', 'email', 'password', 'status', 'number', 'name'),
    ),
    value,
    {
      maxKeys: 6,
    },
  ),
  fc.array(value, { maxLength: 3 }),
  nasty,
);
const query = fc.dictionary(
  fc.constantFrom('page', 'search', 's', 'user_id', 'userId', 'id', 'synced'),
  nasty,
  { maxKeys: 4 },
);

describe('fuzzing every validated route', () => {
  it('never answers 500, whatever the body, query or path', async () => {
    const routes = t.ctx.routeTable.filter(
      (entry) => entry.schemas?.body || entry.schemas?.query || entry.schemas?.params,
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const entry of routes) {
      const role: Role | null =
        entry.access === 'public' ? null : entry.access.includes('dev') ? 'dev' : (entry.access[0] ?? null);
      await fc.assert(
        fc.asyncProperty(body, query, nasty, async (payload, search, segment) => {
          const url = entry.url.replace(/:(\w+)/g, () => encodeURIComponent(segment || 'x'));
          const answer = await t.app.inject({
            method: entry.method,
            url: `${url}?${new URLSearchParams(search)}`,
            headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
            ...(entry.method === 'GET' ? {} : { payload: payload as object }),
          });
          expect(
            answer.statusCode,
            `${entry.method} ${entry.url} -> ${answer.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 12 },
      );
    }
  }, 240_000);
});

describe('hostile text in valid requests', () => {
  const samples = ["' OR 1=1 --", '<script>alert(1)</script>', '50%_off \\', '😀 émoji'];
  const admin = () => ({ token: tokens.admin });

  /**
   * Every free-text field a user can fill in, written through its own route and read back through
   * the route the panel lists it with. Each answers the stored text, or the status of the write.
   */
  const fields: Record<string, (text: string, index: number) => Promise<string | number>> = {
    'level name': async (text, index) => {
      const saved = await t.call('POST', API.levelCreate, {
        ...admin(),
        body: { name: text, blast_fee: 1, requirement_blast: 100 + index },
      });
      if (saved.status !== 200) return saved.status;
      const list = await t.call<{ list: { name: string }[] }>('GET', API.levelList, admin());
      return list.body.list.find((level) => level.name === text)?.name ?? 'missing';
    },
    'sign-up first name, found by member search': async (text, index) => {
      const saved = await t.call<{ user: { id: number } }>('POST', API.register, {
        body: {
          firstName: text,
          lastName: 'Uji',
          email: `hostile${index}${text.length}@test.local`,
          password: 'rahasia-123',
          password2: 'rahasia-123',
          agreeToTerms: true,
        },
      });
      if (saved.status !== 200) return saved.status;
      const found = await t.call<{ data: { id: number; firstname: string }[] }>(
        'GET',
        `${API.membersPerPage}?${new URLSearchParams({ page: '1', search: text })}`,
        admin(),
      );
      // `%` and `_` are letters to the search, so only the member with this very name is found.
      expect(found.body.data.map((row) => row.id)).toEqual([saved.body.user.id]);
      return found.body.data[0]!.firstname;
    },
    'profile last name, bank and account name': async (text) => {
      const member = await t.createUser('member');
      const saved = await t.call('PUT', API.user(member.id), {
        token: member.token,
        body: { lastname: text, account_bank: text, account_name: text },
      });
      if (saved.status !== 200) return saved.status;
      const read = await t.call<{ user: Record<string, string> }>('GET', API.user(member.id), {
        token: member.token,
      });
      const { lastname, account_bank, account_name } = read.body.user;
      expect([account_bank, account_name]).toEqual([lastname, lastname]);
      return lastname!;
    },
    'bonus reason': async (text) => {
      const member = await t.createUser('member');
      const saved = await t.call('POST', API.bonusCreate, {
        ...admin(),
        body: { nominal: 1000, reason: text, userId: member.id },
      });
      if (saved.status !== 200) return saved.status;
      const list = await t.call<{ data: { reason: string }[] }>(
        'GET',
        `${API.bonusPerPage}?page=1&user_id=${member.id}`,
        admin(),
      );
      return list.body.data[0]?.reason ?? 'missing';
    },
    'phone-number name': async (text, index) => {
      const number = `62813777${String(index).padStart(4, '0')}${text.length % 10}`;
      const saved = await t.call('POST', API.phoneSave, { ...admin(), body: { number, name: text } });
      if (saved.status !== 200) return saved.status;
      const list = await t.call<{ data: { number: string; name: string }[] }>(
        'GET',
        `${API.phonePerPage}?page=1`,
        admin(),
      );
      return list.body.data.find((row) => row.number === number)?.name ?? 'missing';
    },
    'proxy value': async (text, index) => {
      const value = `${text}-${index}`;
      const saved = await t.call('POST', API.proxySave, { ...admin(), body: { value } });
      if (saved.status !== 200) return saved.status;
      const list = await t.call<{ data: { value: string }[] }>('GET', `${API.proxyPerPage}?page=1`, admin());
      return (
        list.body.data.find((row) => row.value === value)?.value.slice(0, -`-${index}`.length) ?? 'missing'
      );
    },
    'template button title and plain caption text': async (text) => {
      const saved = await t.call<{ message: { id: number } }>('POST', API.messageCreate, {
        ...admin(),
        body: {
          text: `<p>${text.replace(/[<>&]/g, (char) => `&#${char.charCodeAt(0)};`)}</p>`,
          button: JSON.stringify([{ title: text, url: '', type: 'reply_button' }]),
          status: 'active',
        },
      });
      if (saved.status !== 200) return saved.status;
      const read = await t.call<{ message: { text_wa: string; button: { title: string }[] } }>(
        'GET',
        API.message(saved.body.message.id),
        admin(),
      );
      // Markup typed as text stays text: the chat text is what was typed, the title too.
      expect(read.body.message.text_wa).toBe(text.trim());
      return read.body.message.button[0]!.title;
    },
    'settings bank names and info': async (text) => {
      const current = await t.call<{ setting: Record<string, unknown> }>('GET', API.settingGet, admin());
      const saved = await t.call('PUT', API.settingUpdate, {
        ...admin(),
        body: { ...current.body.setting, bank_names: text, info: text },
      });
      if (saved.status !== 200) return saved.status;
      const read = await t.call<{ setting: { bank_names: string; info: string } }>('GET', API.settingGet, {
        token: tokens.member,
      });
      expect(read.body.setting.info).toBe(read.body.setting.bank_names);
      return read.body.setting.bank_names;
    },
  };

  it.each(Object.keys(fields))('stores %s verbatim, and refuses a NUL byte with 400', async (field) => {
    for (const [index, text] of samples.entries()) {
      expect(await fields[field]!(text, index), `${field}: ${text}`).toBe(text);
    }
    expect(await fields[field]!('nul\u0000byte', samples.length)).toBe(400);
  });
});

describe('API reference', () => {
  it('serves OpenAPI generated from the zod schemas at /api/docs', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { properties: object } }> };
            'x-roles': unknown;
          }
        >
      >;
    }>();
    expect(document.openapi).toBe('3.1.0');
    const request = document.paths['/api/admin/withdraw/request']!.post!;
    expect(Object.keys(request.requestBody!.content['application/json']!.schema.properties)).toEqual([
      'nominal',
      'userId',
    ]);
    expect(request['x-roles']).toEqual(['dev', 'member']);
    expect(Object.keys(document.paths).length).toBeGreaterThan(60);
    expect(document.paths['/api/admin/generator/{id}']).toHaveProperty('put');
  });
});

describe('broken requests', () => {
  const post = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/bonus/create',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${tokens.admin}` },
    });

  it('answers malformed JSON, oversized bodies and unknown content types with a clear 4xx', async () => {
    const malformed = await post('{"nominal": 10000, "reason": ', 'application/json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('msg');
    const oversized = await post(JSON.stringify({ reason: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ msg: MSG.payloadTooLarge });
    const xml = await post('<bonus nominal="1"/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toHaveProperty('msg');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database restart', () => {
  it('answers a request caught in it with a clear 503, then serves the next requests again', async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const app = await startTestApp();
    const superuser = new pg.Client({ connectionString: server });
    let holder: pg.Client | undefined;
    try {
      const admin = await app.createUser('admin');
      const [database] = await queryRows<{ name: string }>(
        app.ctx.db,
        sql`select current_database() as name`,
      );
      const name = database!.name;
      const url = new URL(server);
      url.pathname = `/${name}`;
      await superuser.connect();
      holder = new pg.Client({ connectionString: url.toString() });
      // Terminated below like every other connection to the database.
      holder.on('error', () => {});
      await holder.connect();
      // Keep the request waiting inside the database while the restart happens.
      await holder.query('begin');
      await holder.query('lock table settings in access exclusive mode');
      const caught = app.call<{ msg: string }>('GET', API.settingGet, { token: admin.token });
      await waitFor(async () => {
        const waiting = await superuser.query(
          'select count(*) from pg_locks l join pg_database d on d.oid = l.database where not l.granted and d.datname = $1',
          [name],
        );
        return Number(waiting.rows[0].count) > 0;
      }, 'the request to wait on the lock');
      // What a restart does to every open connection, the pool's idle ones included.
      await superuser.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const answer = await caught;
      expect(answer.status).toBe(503);
      expect(answer.body.msg).toBe(MSG.databaseUnavailable);

      const statuses: number[] = [];
      await waitFor(async () => {
        statuses.push((await app.call('GET', '/api/health')).status);
        return statuses.at(-1) === 200;
      }, 'the health check to pass again');
      const after = await app.call<{ price: number }>('GET', API.settingGet, { token: admin.token });
      expect(after.status).toBe(200);
    } finally {
      await holder?.end().catch(() => {});
      await superuser.end().catch(() => {});
      await app.close();
    }
  });
});
