import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@desk/platform/logging/logger';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and the access log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** The access lines written while `run` runs (the logger is spied on, whatever its level). */
  async function accessLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const info = vi.spyOn(logger, 'info');
    await run();
    return info.mock.calls.filter(([message]) => message === 'request').map(([, fields]) => fields!);
  }

  it('answers with a new id when none was sent, and keeps a valid one', async () => {
    const fresh = await t.call('GET', '/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const kept = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'edge-7f3a.42_b' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42_b');
  });

  it('replaces an id that is too long or carries other characters', async () => {
    for (const bad of ['a'.repeat(101), 'has space', 'path/like', 'semi;colon']) {
      const response = await t.call('GET', '/api/health', { headers: { 'x-request-id': bad } });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('puts the id on refusals and unknown paths too', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const response = await t.call(method, url, { headers: { 'x-request-id': `edge-${method}` }, ...(method === 'POST' ? { body: '{' } : {}) });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id')).toBe(`edge-${method}`);
    }
  });

  it('records the request id as the correlation id of the events the request causes', async () => {
    const token = await t.adminToken();
    const sent = await t.call('PUT', '/api/admin/settings', { token, body: { rates: { usdt_bank_buy: 91 } }, headers: { 'x-request-id': 'trace-settings-1' } });
    expect(sent.status).toBe(200);
    expect((await t.deps.eventStore.readStream('settings-default')).at(-1)!.metadata.correlationId).toBe('trace-settings-1');

    const generated = await t.call('PUT', '/api/admin/settings', { token, body: { rates: { usdt_bank_buy: 92 } } });
    const id = generated.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect((await t.deps.eventStore.readStream('settings-default')).at(-1)!.metadata.correlationId).toBe(id);
  });

  it('writes one access line per request: method, path, status, duration, id, tenant and user, never the query or body', async () => {
    const token = await t.adminToken();
    const me = (await (await t.call('GET', '/api/auth/me', { token })).json()) as { _id: string };
    const lines = await accessLines(async () => {
      await t.call('GET', '/api/auth/me', { token, headers: { 'x-request-id': 'trace-me' } });
      await t.call('GET', '/api/files/some-file?exp=1&sig=secret-signature', { headers: { 'x-request-id': 'trace-file' } });
      await t.call('POST', '/api/auth/login', { body: { phone: '+919000000001', password: 'wrong-password-1' }, headers: { 'x-request-id': 'trace-login' } });
    });
    expect(lines).toHaveLength(3);
    const [signedIn, file, login] = lines;
    expect(signedIn).toEqual({
      requestId: 'trace-me',
      method: 'GET',
      path: '/api/auth/me',
      status: 200,
      durationMs: expect.any(Number),
      tenant: 'default',
      userId: me._id,
    });
    expect(file).toMatchObject({ requestId: 'trace-file', path: '/api/files/some-file', status: 403, tenant: 'default' });
    expect(file).not.toHaveProperty('userId');
    expect(login).toMatchObject({ requestId: 'trace-login', method: 'POST', path: '/api/auth/login', status: 401 });
    const written = JSON.stringify(lines);
    for (const secret of ['secret-signature', 'sig=', 'wrong-password-1', '+919000000001']) expect(written).not.toContain(secret);
  });
});
