import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app';

// A panel build as `vite build` leaves it: hashed assets with their .br and .gz copies.
const dist = mkdtempSync(join(tmpdir(), 'blaster-dist-'));
const script = `console.log(${JSON.stringify('panel '.repeat(400))});\n`;
const asset = '/assets/index-Ab3_x-9Z.js';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, asset), script);
  writeFileSync(join(dist, `${asset}.gz`), gzipSync(script));
  writeFileSync(join(dist, `${asset}.br`), brotliCompressSync(script));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the panel files', () => {
  it('sends a hashed asset brotli-compressed to a browser that takes it, cached for a year', async () => {
    const answer = await get(asset, 'gzip, deflate, br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, keeping the same cache rule', async () => {
    const gzipped = await get(asset, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has browsers check index.html and unhashed files on every load', async () => {
    for (const url of ['/', '/signin', '/member/edit?id=3', '/favicon.svg']) {
      const answer = await get(url, 'gzip, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
