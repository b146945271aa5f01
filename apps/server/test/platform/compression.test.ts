import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// A built web app in miniature: a page, a script as large as a real chunk, and an image.
const script = `export function app() {\n${'  console.log("the shop renders its pages here");\n'.repeat(400)}}\n`;
const page = `<!doctype html><html><head><meta charset="utf-8"><!--app-head--><title>Shop</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const image = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(4096, 7)]);

let t: TestApp;
let dist: string;

beforeEach(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'shop-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), page);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
  await writeFile(path.join(dist, 'assets', 'hero-abc123.webp'), image);
  t = await createTestApp({ build: { web: { distDir: dist } } });
});
afterEach(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('response compression', () => {
  it('sends built scripts in brotli when the browser accepts it, still cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, and sends the plain file to a client that accepts no encoding', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the pages of the app and JSON answers of the API', async () => {
    const html = await get('/products', 'br');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('<div id="root"></div>');

    const json = await get('/api/docs/json', 'gzip');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('leaves images and tiny answers as they are', async () => {
    const webp = await get('/assets/hero-abc123.webp', 'gzip, br');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-encoding']).toBeUndefined();
    expect(webp.rawPayload.equals(image)).toBe(true);

    const tiny = await get('/healthz', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ status: 'ok' });
  });
});
