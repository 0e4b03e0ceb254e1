import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../api/error-handler';
import { limitBodies } from './body-limits';

const length = async (c: { req: { text(): Promise<string> }; json: (body: unknown, status: 200) => Response }) =>
  c.json({ length: (await c.req.text()).length }, 200);
const app = new Hono()
  .use(limitBodies(async (authorization) => authorization === 'Bearer valid'))
  .post('/api/orders/fiat-to-crypto', length)
  .post('/api/orders/:id/upload', length)
  .post('/api/nothing/upload', length)
  .put('/api/admin/tenants/:id', length);
app.onError(handleError);

const json = (size: number) => JSON.stringify({ note: 'x'.repeat(size) });
/** A body of no declared length, sent in chunks as a client streaming it would. */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
      controller.close();
    },
  });

describe('request body limits', () => {
  it('lets a JSON body within 64 KB through, whether its length is declared or not', async () => {
    const body = json(60 * 1024);
    const declared = await app.request('/api/orders/fiat-to-crypto', { method: 'POST', body, headers: { 'content-length': String(body.length) } });
    expect(await declared.json()).toEqual({ length: body.length });
    const streamed = await app.request('/api/orders/fiat-to-crypto', { method: 'POST', body: chunked(body), duplex: 'half' } as RequestInit);
    expect(await streamed.json()).toEqual({ length: body.length });
  });

  it('refuses a larger one with 413, by its declared length or as it streams', async () => {
    const body = json(70 * 1024);
    const declared = await app.request('/api/orders/fiat-to-crypto', { method: 'POST', body, headers: { 'content-length': String(body.length) } });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Request body is too large', code: 'payload_too_large' });
    const streamed = await app.request('/api/orders/fiat-to-crypto', { method: 'POST', body: chunked(body), duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('gives the file routes their megabytes only with a valid token, answering any other 401 before the body is read, and no other path them', async () => {
    const body = json(1024 * 1024);
    const send = (method: string, path: string, token?: string) =>
      app.request(path, { method, body, headers: { 'content-length': String(body.length), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const upload = '/api/orders/3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60/upload';
    expect((await send('POST', upload, 'valid')).status).toBe(200);
    expect((await send('PUT', '/api/admin/tenants/acme', 'valid')).status).toBe(200);
    for (const token of [undefined, 'not-a-token']) {
      expect((await send('POST', upload, token)).status).toBe(401);
      expect((await send('PUT', '/api/admin/tenants/acme', token)).status).toBe(401);
    }
    expect((await send('POST', '/api/nothing/upload', 'valid')).status).toBe(413);
  });
});
