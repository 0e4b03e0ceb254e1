import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebClient } from './web-client';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>hi</p>'.repeat(200)}</body></html>`;

/** A built client as web/vite.config.ts leaves it: hashed assets with .br and .gz, plus a stray source map. */
async function fixtureDist(root: string): Promise<string> {
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  const put = (name: string, body: string | Buffer) => writeFile(path.join(dist, name), body);
  await put('assets/index-abc123.js', SCRIPT);
  await put('assets/index-abc123.js.br', brotliCompressSync(SCRIPT));
  await put('assets/index-abc123.js.gz', gzipSync(SCRIPT));
  await put('assets/index-abc123.js.map', '{"version":3,"sources":["../src/secret.ts"]}');
  await put('assets/logo-def456.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await put('index.html', INDEX);
  await put('index.html.br', brotliCompressSync(INDEX));
  await put('index.html.gz', gzipSync(INDEX));
  await put('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'outside.txt'), 'not part of the client');
  return dist;
}

describe('serving the built client', () => {
  let root: string;
  let app: Hono;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'web-client-'));
    const web = createWebClient(await fixtureDist(root));
    // Mounted as app.ts mounts it: files first, the client's routes as the not-found answer.
    app = new Hono().use('*', web.assets);
    app.notFound(web.fallback);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const get = (url: string, acceptEncoding?: string) => app.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends the brotli form of a hashed script when accepted, typed as the script, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body).toEqual(brotliCompressSync(SCRIPT));
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
  });

  it('sends gzip to a client without brotli, and the plain file (still varying) to one with neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await bytes(gz)).toEqual(gzipSync(SCRIPT));

    const refused = await get('/assets/index-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('serves a file without compressed forms as it is, with no Vary', async () => {
    const res = await get('/assets/logo-def456.png', 'br, gzip');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers / and any client route with index.html, compressed, revalidated on every load', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/admin/orders?page=2']) {
      const res = await get(url, 'br');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(res.headers.get('vary'), url).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(await bytes(res), url).toEqual(brotliCompressSync(INDEX));
    }
    expect(await (await get('/orders/42')).text()).toBe(INDEX);
  });

  it('files outside /assets/ are not immutable: they keep their names across builds', async () => {
    const res = await get('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('never serves a source map, and a missing asset is a 404 rather than index.html', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/nowhere.js.map', '/assets/index-old999.js']) {
      const res = await get(url, 'br');
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('sources');
    }
  });

  it('keeps paths inside the client', async () => {
    for (const url of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets%2F..%2F..%2Foutside.txt', '/..%5C..%5Coutside.txt']) {
      expect(await (await get(url)).text(), url).not.toContain('not part of the client');
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.request('/assets/index-abc123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('');
  });
});
