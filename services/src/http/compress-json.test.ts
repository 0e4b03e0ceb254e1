import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressJson } from './compress-json';

const big = { orders: Array.from({ length: 100 }, (_, i) => ({ id: `order-${i}`, status: 'pending', amount: '1000.00' })) };
const bigText = JSON.stringify(big);

function app() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hono = new Hono()
    .use(compressJson)
    .get('/big', (c) => c.json(big, 200))
    .get('/small', (c) => c.json({ ok: true }, 200))
    .get('/varied', (c) => c.json(big, 200, { vary: 'Origin' }))
    .get('/rows.csv', (c) => {
      c.header('content-type', 'text/csv; charset=utf-8');
      return stream(c, async (out) => {
        await out.write('a,b\n'.repeat(COMPRESS_MIN_BYTES));
        await held;
        await out.write('last,row\n');
      });
    });
  return { hono, release };
}

describe('compressJson', () => {
  it('sends a large JSON answer as brotli when accepted, and says it varies', async () => {
    expect(bigText.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const res = await app().hono.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(bigText.length / 4);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(big);
  });

  it('falls back to gzip, and to the plain body when nothing is accepted', async () => {
    const { hono } = app();
    const gz = await hono.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    const plain = await hono.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await app().hono.request('/small', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('adds Accept-Encoding to a Vary the route set', async () => {
    const res = await app().hono.request('/varied', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('lets a streamed CSV through uncompressed, its first rows before the stream ends', async () => {
    const { hono, release } = app();
    const res = await hono.request('/rows.csv', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    // The handler is still waiting to write its last row: what arrives now was sent as written.
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^a,b\n/);
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest.endsWith('last,row\n')).toBe(true);
  });
});
