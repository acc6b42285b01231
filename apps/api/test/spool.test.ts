import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { spoolUpload } from '../src/modules/imports/spool';

const folder = () => mkdtemp(join(tmpdir(), 'blaster-spool-'));
/** The next chunk `stream` gives, as text. */
const nextChunk = (stream: Readable) =>
  new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(String(chunk))));

describe('an upload read as it arrives', () => {
  it('hands each chunk on before the upload has ended, and keeps all of it for a second reading', async () => {
    const upload = new PassThrough();
    const spool = spoolUpload(upload, await folder(), 'csv');
    const arriving = nextChunk(spool.live);
    upload.write('number,name\n');
    expect(await arriving).toBe('number,name\n');

    upload.end('6281200000001,Ani\n');
    expect(await text(spool.live)).toBe('6281200000001,Ani\n');
    await spool.complete();
    expect(await text(await spool.again())).toBe('number,name\n6281200000001,Ani\n');
  });

  it('keeps taking the upload into its file when the first reader stops early', async () => {
    const upload = new PassThrough();
    const spool = spoolUpload(upload, await folder(), 'csv');
    upload.write('a\n');
    await nextChunk(spool.live);
    spool.live.destroy();
    // Far more than a stream buffers: nothing reads the live side any more, and nothing may stall.
    const rest = 'b\n'.repeat(200_000);
    upload.end(rest);
    expect(await text(await spool.again())).toBe(`a\n${rest}`);
  });

  it("fails the reader with the upload's own error", async () => {
    const upload = new PassThrough();
    const spool = spoolUpload(upload, await folder(), 'csv');
    const cut = Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    upload.write('a\n');
    upload.destroy(cut);
    await expect(text(spool.live)).rejects.toBe(cut);
    await expect(spool.complete()).rejects.toBe(cut);
  });

  it('drains what is left of the upload and removes its file when the import is over', async () => {
    const dir = await folder();
    const upload = new PassThrough();
    const spool = spoolUpload(upload, dir, 'csv');
    upload.write('a\n');
    await nextChunk(spool.live);
    const removed = spool.remove();
    upload.end('b\n'.repeat(100_000));
    await removed;
    expect(upload.readableEnded).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });
});
