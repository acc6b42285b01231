import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@blaster/contract';
import { messageTemplates } from '../src/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { upload } from './support/multipart';

/*
 * Each block performs one attack on input handling and checks it fails: the answer a user sees, and
 * what is left on disk or in the database.
 */
let t: TestApp;
const dataDir = `/tmp/blaster-attacks-${process.pid}`;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = await t.createUser('admin');
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
