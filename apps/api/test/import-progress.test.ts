import { randomUUID } from 'node:crypto';
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
import { startTestApp, type TestApp } from './support/app';
import { waitFor } from './support/chat';

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
  const socket = new WebSocket(`${url}/?id=${encodeURIComponent(channel)}&token=${token}`);
  const messages: { event: string; payload: unknown }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await waitFor(
    () => t.ctx.hub.subscriberCount(hubChannel) > 0 || socket.readyState === WebSocket.CLOSED,
    `a socket on ${channel}`,
  );
  return { socket, messages, closed };
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
