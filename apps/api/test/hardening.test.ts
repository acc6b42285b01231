import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API, MSG, ROLES, type Role } from '@blaster/contract';
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
  const samples = ["' OR 1=1 --", '<script>alert(1)</script>', 'nul\u0000byte', '😀 émoji'];

  it('stores SQL-ish and HTML-ish text verbatim, and refuses a NUL byte with 400 instead of failing', async () => {
    for (const [index, text] of samples.entries()) {
      const level = await t.call<{ level: { name: string } }>('POST', '/api/admin/level/create', {
        token: tokens.admin,
        body: { name: text, blast_fee: 1, requirement_blast: 10 + index },
      });
      const register = await t.call<{ user: { firstname: string } }>('POST', '/api/auth/register', {
        body: {
          firstName: text,
          lastName: 'Uji',
          email: `fuzz${index}@test.local`,
          password: 'rahasia-123',
          password2: 'rahasia-123',
          agreeToTerms: true,
        },
      });
      const proxy = await t.call<{ proxy: { value: string } }>('POST', '/api/admin/proxy/save', {
        token: tokens.admin,
        body: { value: `${text}-${index}` },
      });
      if (text.includes('\u0000')) {
        for (const answer of [level, register, proxy]) expect(answer.status).toBe(400);
      } else {
        expect(level.body.level.name).toBe(text);
        expect(register.body.user.firstname).toBe(text);
        expect(proxy.body.proxy.value).toBe(`${text}-${index}`);
      }
    }
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
