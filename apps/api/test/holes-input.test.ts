import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { API, MESSAGE_TEXT as MSG, SIGNUP_RATE_LIMIT_MAX, type ImportAnswer } from '@blaster/contract';
import { phoneNumbers, users } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { upload } from './support/multipart';

let t: TestApp;
let admin: { id: number; token: string };
let dev: { id: number; token: string };
let member: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
  dev = await t.createUser('dev');
  member = await t.createUser('member');
});
afterAll(() => t.close());

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('skipped-rows download', () => {
  it('writes formula-looking cells of the skipped-rows CSV as inert text', async () => {
    const hostile = ['=HYPERLINK("http://127.0.0.1/x","klik")', '@SUM(1)', '+cmd|/c calc', '-2+3', '=1+1'];
    // Each hostile text twice: once as an unusable number, once as the name of a duplicate row.
    const rows = [
      'nomor,nama',
      '081277700001,Asli',
      ...hostile.map((text) => `"${text.replaceAll('"', '""')}",Nama`),
      ...hostile.map((text) => `081277700001,"${text.replaceAll('"', '""')}"`),
    ];
    const answer = await upload<ImportAnswer>(t, API.phoneImport, admin.token, {
      name: 'racun.csv',
      content: rows.join('\n'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.skippedCount).toBe(hostile.length * 2);

    const download = await t.app.inject({
      method: 'GET',
      url: `${API.importSkipped(answer.body.importId)}?format=csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.statusCode).toBe(200);
    const cells = Papa.parse<string[]>(download.body, { skipEmptyLines: true }).data.flat();
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    // The text is all there, behind the apostrophe that makes it text.
    for (const text of hostile) expect(cells).toContain(`'${text}`);
  });
});

describe('ids beyond the database column', () => {
  it('answers the three 32-bit filters without a server error', async () => {
    const big = '2147483648';
    const phones = await t.call('GET', `${API.phoneList}?after=${big}`, { token: admin.token });
    expect(phones.status).toBe(200);
    const audit = await t.call('GET', `${API.auditPerPage}?actor=${big}`, { token: admin.token });
    expect(audit.status).toBe(400);
    expect(audit.body.msg).toBe(MSG.invalidRequest);
    const deliveries = await t.call('GET', `${API.webhookDeliveries}?endpoint=${big}`, {
      token: admin.token,
    });
    expect(deliveries.status).toBe(200);
  });

  it('never answers 500 to a boundary value in any numeric parameter of the API reference', async () => {
    const docs = await t.call<{
      paths: Record<
        string,
        Record<
          string,
          {
            'x-roles': string | string[];
            parameters: { name: string; in: 'path' | 'query'; schema: { type?: string } }[];
          }
        >
      >;
    }>('GET', '/api/docs');
    expect(docs.status).toBe(200);
    const boundaries = ['2147483648', '-1', '9007199254740993', '1e309', '', 'abc', '0x1', '1e3', '0x10'];
    const tokens: Record<string, string> = { admin: admin.token, dev: dev.token, member: member.token };
    let probed = 0;
    for (const [path, operations] of Object.entries(docs.body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const roles = operation['x-roles'];
        const role =
          roles === 'public' ? null : (['dev', 'admin', 'member'].find((r) => roles.includes(r)) ?? null);
        if (roles !== 'public' && !role) continue;
        const numeric = operation.parameters.filter(
          (parameter) =>
            parameter.in === 'path' ||
            parameter.schema.type === 'integer' ||
            parameter.schema.type === 'number',
        );
        for (const parameter of numeric) {
          for (const value of boundaries) {
            // Other path parameters name a row that is not there.
            let url = path.replace(/\{(\w+)\}/g, (_all, name: string) =>
              name === parameter.name && parameter.in === 'path' ? encodeURIComponent(value) : '2147483647',
            );
            if (parameter.in === 'query') url += `?${new URLSearchParams({ [parameter.name]: value })}`;
            const answer = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
              ...(method === 'get' ? {} : { payload: {} }),
            });
            probed += 1;
            expect(
              answer.statusCode,
              `${method.toUpperCase()} ${url} -> ${answer.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          }
        }
      }
    }
    expect(probed).toBeGreaterThan(200);
  }, 240_000);
});

describe('phone numbers with a trunk 0 after the country code', () => {
  it('keeps a suppressed number suppressed when it is saved as +62 0…', async () => {
    const suppressed = await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: '6289912340001' },
    });
    expect(suppressed.status, JSON.stringify(suppressed.body)).toBe(200);
    const saved = await t.call('POST', API.phoneSave, {
      token: admin.token,
      body: { number: '+62 0899 1234 0001', name: 'Trunk' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.name, 'Trunk'));
    expect(row!.number).toBe('6289912340001');
    expect(row!.suppressed).toBe(true);
    // Given the same way to the suppression list, it is the number already there.
    const again = await t.call('POST', API.suppressionCreate, {
      token: admin.token,
      body: { number: '+62 (0)899-1234-0001' },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(MSG.suppressionTaken);
  });
});

let signUpAddress = 0;
const signUp = (body: Record<string, unknown>, remoteAddress = `2001:db8:5::${(signUpAddress += 1)}`) =>
  t.call<{ msg: string; errors?: Record<string, string>; user?: { id: number } }>('POST', API.register, {
    body,
    remoteAddress,
  });
const completeForm = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sari',
  lastName: 'Dewi',
  email: `sari${Math.random().toString(36).slice(2)}@test.local`,
  password: 'rahasia-123',
  password2: 'rahasia-123',
  agreeToTerms: true,
  ...overrides,
});

describe('sign-up', () => {
  it('answers an incomplete form the same whether the e-mail is taken or free', async () => {
    const taken = await Promise.all(Array.from({ length: 10 }, () => t.createUser('member')));
    const answers = [];
    for (const [i, user] of taken.entries()) {
      for (const email of [user.email, `bebas${i}@test.local`]) {
        const answer = await signUp({ email, firstName: 'Coba' });
        answers.push({ status: answer.status, msg: answer.body.msg, errors: answer.body.errors });
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.errors?.email).toBeUndefined();
  });

  it('counts complete forms with a taken e-mail against the address limit', async () => {
    const taken = await t.createUser('member');
    const address = '2001:db8:6::1';
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNUP_RATE_LIMIT_MAX; i += 1)
      statuses.push((await signUp(completeForm({ email: taken.email }), address)).status);
    expect(statuses.slice(0, SIGNUP_RATE_LIMIT_MAX).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const free = await signUp(completeForm(), address);
    expect(free.status).toBe(429);
    expect(free.body.msg).toBe(MSG.tooManySignUps);
  });

  it('tells a taken e-mail only once the rest of the form is complete', async () => {
    const taken = await t.createUser('member');
    const answer = await signUp(completeForm({ email: taken.email.toUpperCase() }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: MSG.emailTaken });
  });

  it('refuses e-mail addresses that are not addresses', async () => {
    for (const email of [
      'x-not-an-email',
      'x@b',
      'a@b.',
      '@test.local',
      'sari@@test.local',
      'sari @test.local',
    ]) {
      const answer = await signUp(completeForm({ email }));
      expect(answer.status, email).toBe(400);
      expect(answer.body.errors?.email, email).toBe(MSG.emailInvalid);
    }
    const fine = await signUp(completeForm({ email: 'Sari.Dewi+panel@Contoh.co.id' }));
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });
});

describe('names with invisible characters', () => {
  it('strips zero-width and bidi controls from names people type', async () => {
    const invisible =
      '\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\uFEFF';
    const answer = await signUp(
      completeForm({ firstName: `Bu${invisible}di`, lastName: `\u200BSan\uFEFFtoso\u200D` }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, answer.body.user!.id));
    expect([row!.firstname, row!.lastname]).toEqual(['Budi', 'Santoso']);

    const blank = await signUp(completeForm({ firstName: '\u200B\uFEFF\u200D' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.firstName).toBe(MSG.firstNameRequired);

    const phone = await t.call('POST', API.phoneSave, {
      token: admin.token,
      body: { number: '081277712345', name: 'Toko\u200B\u2066 Maju\uFEFF' },
    });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const [saved] = await t.ctx.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, '6281277712345'));
    expect(saved!.name).toBe('Toko Maju');
  });
});
