import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MESSAGE_TEXT as MSG, renderVariables, type ImportAnswer } from '@blaster/contract';
import { queryRows } from '../src/db';
import { messageTemplates, numberFields, phoneNumbers, whatsappAccounts } from '../src/db/schema';
import { SandboxGateway } from '../src/gateway/sandbox';
import { closeSharedApps, startTestApp, type TestApp } from './support/app';
import { type Caller, connect, fastMember, waitFor } from './support/chat';
import { upload } from './support/multipart';

const opened: TestApp[] = [];
afterEach(() => closeSharedApps(opened));

async function appWithAdmin(gateway?: SandboxGateway) {
  const t = await startTestApp({}, gateway ? { gateway } : {});
  opened.push(t);
  return { t, admin: await t.createUser('admin') };
}

const importNumbers = (t: TestApp, token: string, name: string, content: string) =>
  upload<ImportAnswer>(t, API.phoneImport, token, { name, content, type: 'text/plain' });

const saveTemplate = (t: TestApp, token: string, text: string) =>
  upload<{ message: { id: number; text_wa: string }; msg: string; errors?: Record<string, string> }>(
    t,
    API.messageCreate,
    token,
    null,
    { text: `<p>${text}</p>`, status: 'active' },
  );

const fieldKeys = async (t: TestApp) =>
  (await t.ctx.db.select().from(numberFields).orderBy(numberFields.key)).map((row) => row.key);

describe('tags and fields of phone numbers', () => {
  it('an import stores each row’s fields and tags and registers the field keys', async () => {
    const { t, admin } = await appWithAdmin();
    const csv = [
      'number,name,Kota Asal,tags,Member Since',
      '081200000001,Ani,Bandung,VIP|pelanggan,2021',
      '081200000002,Budi,,"baru;pelanggan",',
      '081200000003,Citra,Surabaya,,',
    ].join('\n');
    const answer = await importNumbers(t, admin.token, 'numbers.csv', csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.createdCount).toBe(3);
    const rows = await t.ctx.db
      .select({ number: phoneNumbers.number, tags: phoneNumbers.tags, fields: phoneNumbers.fields })
      .from(phoneNumbers)
      .orderBy(phoneNumbers.number);
    expect(rows).toEqual([
      {
        number: '6281200000001',
        tags: ['vip', 'pelanggan'],
        fields: { kota_asal: 'Bandung', member_since: '2021' },
      },
      { number: '6281200000002', tags: ['baru', 'pelanggan'], fields: {} },
      { number: '6281200000003', tags: [], fields: { kota_asal: 'Surabaya' } },
    ]);
    expect(await fieldKeys(t)).toEqual(['kota_asal', 'member_since']);
    const listed = await t.call<{ fields: string[] }>('GET', API.phoneFieldKeys, { token: admin.token });
    expect(listed.body.fields).toEqual(['kota_asal', 'member_since']);

    // JSON items: any other scalar key is a field, tags may be a list.
    const json = JSON.stringify([{ number: '081200000004', name: 'Dewi', city: 'Medan', tags: ['A', 'b'] }]);
    expect((await importNumbers(t, admin.token, 'more.json', json)).body.createdCount).toBe(1);
    const [dewi] = await t.ctx.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '6281200000004'));
    expect(dewi).toMatchObject({ tags: ['a', 'b'], fields: { city: 'Medan' } });
    expect(await fieldKeys(t)).toEqual(['city', 'kota_asal', 'member_since']);
  });

  it('a file with only the usual columns stores no tags or fields and registers nothing', async () => {
    const { t, admin } = await appWithAdmin();
    const answer = await importNumbers(t, admin.token, 'plain.csv', 'number,name\n081200000009,Eka\n');
    expect(answer.body.createdCount).toBe(1);
    const [row] = await t.ctx.db.select().from(phoneNumbers);
    expect(row).toMatchObject({ tags: [], fields: {} });
    expect(await fieldKeys(t)).toEqual([]);
  });

  it('the form saves and changes tags and fields, registering new keys; a bad key is refused', async () => {
    const { t, admin } = await appWithAdmin();
    const saved = await t.call<{
      phoneNumber: { id: number; tags: string[]; fields: Record<string, string> };
    }>('POST', API.phoneSave, {
      token: admin.token,
      body: {
        number: '081200000010',
        name: 'Fajar',
        tags: ['Reseller', 'reseller'],
        fields: { kota: 'Bogor' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.phoneNumber).toMatchObject({ tags: ['reseller'], fields: { kota: 'Bogor' } });
    expect(await fieldKeys(t)).toEqual(['kota']);
    const id = saved.body.phoneNumber.id;
    // A form that leaves tags and fields out keeps them.
    const renamed = await t.call('PUT', API.phoneNumber(id), {
      token: admin.token,
      body: { number: '081200000010', name: 'Fajar R', status: 'active' },
    });
    expect(renamed.body.phoneNumber).toMatchObject({ tags: ['reseller'], fields: { kota: 'Bogor' } });
    const refused = await t.call<{ errors: Record<string, string> }>('PUT', API.phoneNumber(id), {
      token: admin.token,
      body: { number: '081200000010', name: 'Fajar', fields: { 'Kota Asal': 'x' } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(MSG.fieldKeyInvalid);
  });
});

describe('template variables', () => {
  it('saves a variable with a field or a default, and refuses one with neither', async () => {
    const { t, admin } = await appWithAdmin();
    const refusedFirst = await saveTemplate(t, admin.token, 'Halo {{name}} dari {{city}}');
    expect(refusedFirst.status).toBe(400);
    const withDefault = await saveTemplate(t, admin.token, 'Halo {{name}}, kota {{kota|Jakarta}}');
    expect(withDefault.status, JSON.stringify(withDefault.body)).toBe(200);

    await importNumbers(t, admin.token, 'c.csv', 'number,name,city\n081200000020,Gita,Depok\n');
    const withField = await saveTemplate(t, admin.token, 'Halo {{name}} dari {{city}}');
    expect(withField.status, JSON.stringify(withField.body)).toBe(200);

    const unknown = await saveTemplate(t, admin.token, 'Halo {{unknown}} dan {{ lain }}');
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(MSG.templateVariableUnknown('unknown, lain'));
    expect(unknown.body.errors?.text).toBe(MSG.templateVariableUnknown('unknown, lain'));
    // Changing a saved template is checked the same way.
    const changed = await upload<{ msg: string }>(
      t,
      API.message(withField.body.message.id),
      admin.token,
      null,
      { text: '<p>{{nope}}</p>', status: 'active' },
      'PUT',
    );
    expect(changed.status).toBe(400);
    expect(changed.body.msg).toBe(MSG.templateVariableUnknown('nope'));
  });

  it('answers the refusal in English for an English reader', async () => {
    const { t, admin } = await appWithAdmin();
    const boundary = '----fields';
    const response = await t.app.inject({
      method: 'POST',
      url: API.messageCreate,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n<p>{{unknown}}</p>\r\n--${boundary}--\r\n`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${admin.token}`,
        'accept-language': 'en',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^Unknown variable unknown: no number has that field/);
  });

  it('an imported template with an unknown variable is skipped with the reason', async () => {
    const { t, admin } = await appWithAdmin();
    const file = JSON.stringify([
      { text: '<p>Halo {{unknown}}</p>' },
      { text: '<p>Halo {{kota|Jakarta}}</p>' },
    ]);
    const answer = await upload<{ createdCount: number; skipped: { reason: string }[] }>(
      t,
      API.messageImport,
      admin.token,
      { name: 'templates.json', content: file, type: 'application/json' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.createdCount).toBe(1);
    expect(answer.body.skipped[0]!.reason).toBe(MSG.templateVariableUnknown('unknown'));
  });
});

describe('rendering', () => {
  it('puts values in once: a value that looks like a variable, a link or markup stays as typed', () => {
    const text = renderVariables('Hi {{name}} from {{city|Jakarta}} {name} {{number}}', {
      name: '{{city}}',
      number: '6281200000001',
      fields: { city: '<b>{name}</b> {optout} https://evil.example' },
    });
    expect(text).toBe('Hi {{city}} from <b>{name}</b> {optout} https://evil.example {{city}} 6281200000001');
    expect(
      renderVariables('{{city|Jakarta}}/{{city}}', { name: 'A', number: '62', fields: { city: '' } }),
    ).toBe('Jakarta/');
  });
});

async function blastApp() {
  const gateway = new SandboxGateway({ seed: 5, timeScale: 0, failRate: 0, replyRate: 0, clickRate: 0 });
  const { t, admin } = await appWithAdmin(gateway);
  const member = await fastMember(t);
  return { t, admin, member, gateway };
}

async function blastOnce(t: TestApp, member: Caller) {
  const account = await connect(t, member, 'qr');
  const started = await t.call('POST', API.whatsappStart, {
    token: member.token,
    body: { whatsappClientId: account.id },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await waitFor(async () => {
    const [row] = await t.ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    return row!.status === 'idle';
  }, 'the blast to finish');
}

describe('personal messages in a blast', () => {
  it('sends each recipient its own text; a number without the field gets the default', async () => {
    const { t, admin, member, gateway } = await blastApp();
    const csv = [
      'number,name,city,tags',
      '081300000001,Ani,Bandung,vip',
      '081300000002,Budi,,',
      '081300000003,Citra,"{{name}} *Solo*",',
    ].join('\n');
    expect((await importNumbers(t, admin.token, 'n.csv', csv)).body.createdCount).toBe(3);
    const saved = await saveTemplate(
      t,
      admin.token,
      'Halo <strong>{{name}}</strong> dari {{city|Jakarta}} ({{number}})',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A new template is sent once reviewed.
    const approved = await t.call('POST', API.messageReview(saved.body.message.id), {
      token: admin.token,
      body: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    await blastOnce(t, member);
    const texts = new Map(gateway.delivered.map((sent) => [sent.to, sent.text]));
    expect(texts).toEqual(
      new Map([
        ['6281300000001', 'Halo *Ani* dari Bandung (6281300000001)'],
        ['6281300000002', 'Halo *Budi* dari Jakarta (6281300000002)'],
        // A value is sent as typed: its variable-looking text is not filled in again.
        ['6281300000003', 'Halo *Citra* dari {{name}} *Solo* (6281300000003)'],
      ]),
    );
  });

  it('a template without field variables claims the numbers without reading their fields', async () => {
    const { t, member, gateway } = await blastApp();
    await t.ctx.db.insert(phoneNumbers).values([
      { number: '6281300000011', name: 'Dodi', fields: { city: 'Bali' } },
      { number: '6281300000012', name: 'Eka' },
    ]);
    await t.ctx.db.insert(messageTemplates).values({ text: '<p>Hai {name}</p>', textWa: 'Hai {{name}}' });
    await blastOnce(t, member);
    expect(new Map(gateway.delivered.map((sent) => [sent.to, sent.text]))).toEqual(
      new Map([
        ['6281300000011', 'Hai Dodi'],
        ['6281300000012', 'Hai Eka'],
      ]),
    );
    const [left] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from phone_numbers where last_sent is null`,
    );
    expect(left!.n).toBe(0);
  });
});
