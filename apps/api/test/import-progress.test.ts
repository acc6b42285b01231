import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  API,
  IMPORT_PROGRESS_INTERVAL_MS,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_PRIVATE,
  importProgressSchema,
  type ImportProgress,
} from '@blaster/contract';
import { importProgressReporter } from '../src/modules/imports/progress';
import { privateChannelOf } from '../src/realtime/hub';
import { CLOSE_FORBIDDEN, startRealtimeServer } from '../src/realtime/server';
import { createScratchDatabase } from '../src/db/scratch';
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';
import { openSocket, subscribed } from './support/sockets';
import { call, startInstance, type Instance } from './support/instances';

let t: TestApp;
let realtime: ReturnType<typeof startRealtimeServer>;
let url: string;
let uploader: { id: number; token: string };
let otherAdmin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  realtime = startRealtimeServer(t.ctx, { port: 0, host: '127.0.0.1' });
  await realtime.ready;
  url = `ws://127.0.0.1:${(realtime.server.address() as AddressInfo).port}`;
  uploader = await t.createUser('admin');
  otherAdmin = await t.createUser('admin');
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

/** A socket on `channel`, subscribed once the hub counts it on `hubChannel` (or closed by the server). */
async function listen(channel: string, token: string, hubChannel = channel) {
  const client = openSocket(`${url}/?id=${encodeURIComponent(channel)}&token=${token}`);
  await subscribed(t.ctx.hub, client, hubChannel);
  return client;
}

async function upload(path: string, content: string, token: string) {
  const boundary = `----blaster${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nomor.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  return {
    status: response.statusCode,
    body: response.json<{ createdCount: number }>(),
    length: payload.length,
  };
}

describe('an import tells its progress', () => {
  it('to its uploader only, on the private channel, ending with every row of the file read', async () => {
    const own = await listen(REALTIME_CHANNEL_PRIVATE, uploader.token, privateChannelOf(uploader.id));
    const othersPrivate = await listen(
      REALTIME_CHANNEL_PRIVATE,
      otherAdmin.token,
      privateChannelOf(otherAdmin.id),
    );
    const othersShared = await listen(REALTIME_CHANNEL_ADMIN, otherAdmin.token);
    const othersView = await listen(String(uploader.id), otherAdmin.token);
    // Nobody reaches another user's private channel by its full name, operators included.
    const named = await listen(privateChannelOf(uploader.id), otherAdmin.token);
    expect(await named.closed).toBe(CLOSE_FORBIDDEN);

    const published: string[] = [];
    const untap = t.ctx.hub.tap((channel, message) => {
      if (message.event === 'import_progress') published.push(channel);
    });
    const rows = ['nomor,nama'];
    for (let i = 0; i < 30_000; i += 1) rows.push(`0858${String(i).padStart(8, '0')},Progres ${i}`);
    const file = rows.join('\n');
    const uploadId = randomUUID();
    const answer = await upload(`${API.phoneImport}?progress=${uploadId}`, file, uploader.token);
    expect(answer.status).toBe(200);
    expect(answer.body.createdCount).toBe(30_000);

    await waitFor(
      () => own.messages.some((message) => (message.payload as ImportProgress).read),
      'the progress that says the file is read',
    );
    const progress = own.messages.map((message) => {
      expect(message.event).toBe('import_progress');
      return importProgressSchema.parse(message.payload);
    });
    expect(progress.every((step) => step.uploadId === uploadId)).toBe(true);
    expect(progress.at(-1)).toMatchObject({
      rowsRead: 30_000,
      bytesRead: Buffer.byteLength(file),
      uploadBytes: answer.length,
      read: true,
    });
    // Counts only grow.
    for (let i = 1; i < progress.length; i += 1)
      expect(progress[i]!.rowsRead).toBeGreaterThanOrEqual(progress[i - 1]!.rowsRead);

    // Another import without an id tells nobody; and the other admin heard nothing all along.
    const told = published.length;
    expect((await upload(API.phoneImport, 'nomor\n085900000001', uploader.token)).status).toBe(200);
    untap();
    expect(published).toHaveLength(told);
    expect(new Set(published)).toEqual(new Set([privateChannelOf(uploader.id)]));
    expect(othersPrivate.messages).toEqual([]);
    expect(othersShared.messages).toEqual([]);
    expect(othersView.messages).toEqual([]);
    for (const socket of [own, othersPrivate, othersShared, othersView]) socket.socket.close();
  });

  it('refuses an upload id that is not one', async () => {
    const answer = await upload(`${API.phoneImport}?progress=nope`, 'nomor\n085900000002', uploader.token);
    expect(answer.status).toBe(400);
  });

  it('at most once per interval, the first at once, and always once the file is read', () => {
    let clock = 1_000;
    const told: ImportProgress[] = [];
    const reporter = importProgressReporter(
      (step) => told.push(step),
      { uploadId: randomUUID(), uploadBytes: 900 },
      () => clock,
    );
    reporter.read(10, 100);
    reporter.read(20, 200);
    reporter.written(10);
    clock += IMPORT_PROGRESS_INTERVAL_MS;
    reporter.read(30, 300);
    clock += 1;
    reporter.fileRead(31, 310);
    expect(told.map((step) => [step.rowsRead, step.rowsWritten, step.bytesRead, step.read])).toEqual([
      [10, 0, 100, false],
      [30, 10, 300, false],
      [31, 10, 310, true],
    ]);
  });
});

/*
 * Two API processes on one PostgreSQL: the socket may be held by another instance than the one that
 * took the upload. Needs a PostgreSQL server (TEST_DATABASE_URL).
 */
const server = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'progress-metrics-token';
describe.skipIf(!server)('an import on one instance', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dir: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    dir = mkdtempSync(join(tmpdir(), 'blaster-progress-'));
    const env = { METRICS_TOKEN };
    [a, b] = await Promise.all([
      startInstance('a', scratch.url, dir, { env }),
      startInstance('b', scratch.url, dir, { env }),
    ]);
  });
  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGKILL');
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("tells its progress to the uploader's socket on the other instance", async () => {
    const admin = { email: 'progress-admin@test.local', password: 'progress-admin-password' };
    const registered = await call<{ user: { id: number } }>(a, 'POST', API.register, {
      body: {
        firstName: 'Admin',
        lastName: 'Progres',
        ...admin,
        password2: admin.password,
        agreeToTerms: true,
      },
    });
    const sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    await sql.query(`update users set role = 'admin' where id = $1`, [registered.body.user.id]);
    await sql.end();
    const { token } = (await call<{ token: string }>(a, 'POST', API.login, { body: admin })).body;

    const received: ImportProgress[] = [];
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.realtimePort}/?id=${REALTIME_CHANNEL_PRIVATE}&token=${token}`,
    );
    socket.on('message', (data) =>
      received.push(importProgressSchema.parse(JSON.parse(String(data)).payload)),
    );
    await new Promise((opened) => socket.once('open', opened));

    // The socket is subscribed once b has checked its token, which b's socket count tells.
    await waitFor(async () => {
      const metrics = await fetch(`http://127.0.0.1:${b.port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return /^blaster_realtime_sockets 1$/m.test(await metrics.text());
    }, 'the socket subscribed on b');

    const uploadId = randomUUID();
    const form = new FormData();
    form.append('file', new Blob(['nomor\n085811110001\n085811110002']), 'nomor.csv');
    const answer = await fetch(`http://127.0.0.1:${a.port}${API.phoneImport}?progress=${uploadId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(answer.status).toBe(200);
    await waitFor(() => received.some((step) => step.read), 'the progress that says the file is read');
    expect(received.at(-1)).toMatchObject({ uploadId, rowsRead: 2, read: true });
    socket.close();
  });
});
