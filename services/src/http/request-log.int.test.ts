import { afterEach, describe, expect, vi } from 'vitest';
import { logger } from '@desk/platform/logging/logger';
import { it } from '../../../tests/support/app-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and the access log', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The access lines written while `run` runs (the logger is spied on, whatever its level). */
  async function accessLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const info = vi.spyOn(logger, 'info');
    await run();
    return info.mock.calls.filter(([message]) => message === 'request').map(([, fields]) => fields!);
  }

  it('answers with an id of its own, whatever the client sent', async ({ t }) => {
    const fresh = await t.call('GET', '/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const theirs = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'edge-7f3a.42_b' } });
    expect(theirs.headers.get('x-request-id')).toMatch(UUID);
    expect(theirs.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));
  });

  it('puts the id on refusals and unknown paths too', async ({ t }) => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const response = await t.call(method, url, { headers: { 'x-request-id': `edge-${method}` }, ...(method === 'POST' ? { body: '{' } : {}) });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it("records the server's id as the events' correlation id, and a client's own id only as its claim (security review)", async ({ t }) => {
    const token = await t.adminToken();
    const sent = await t.call('PUT', '/api/admin/settings', {
      token,
      body: { fees: { cryptoToFiatPercent: 0.25 } },
      headers: { 'x-request-id': 'FORGED-trace-1' },
    });
    expect(sent.status).toBe(200);
    const recorded = (await t.deps.eventStore.readStream('settings-default')).at(-1)!.metadata;
    expect(recorded.correlationId).toBe(sent.headers.get('x-request-id'));
    expect(recorded.correlationId).not.toBe('FORGED-trace-1');
    expect(recorded.clientRequestId).toBe('FORGED-trace-1');

    // An id we would not keep (too long, other characters) is not recorded at all.
    for (const bad of ['a'.repeat(101), 'has space', 'path/like', 'semi;colon']) {
      const refused = await t.call('PUT', '/api/admin/settings', { token, body: { fees: { cryptoToFiatPercent: 0.5 } }, headers: { 'x-request-id': bad } });
      expect(refused.status).toBe(200);
      expect((await t.deps.eventStore.readStream('settings-default')).at(-1)!.metadata).not.toHaveProperty('clientRequestId');
      await t.call('PUT', '/api/admin/settings', { token, body: { fees: { cryptoToFiatPercent: 0.25 } } });
    }
  });

  it('writes one access line per request: method, path, status, duration, id, tenant and user, never the query or body', async ({ t }) => {
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
      requestId: expect.stringMatching(UUID),
      clientRequestId: 'trace-me',
      method: 'GET',
      path: '/api/auth/me',
      status: 200,
      durationMs: expect.any(Number),
      tenant: 'default',
      userId: me._id,
    });
    expect(file).toMatchObject({ clientRequestId: 'trace-file', path: '/api/files/some-file', status: 403, tenant: 'default' });
    expect(file).not.toHaveProperty('userId');
    expect(login).toMatchObject({ clientRequestId: 'trace-login', method: 'POST', path: '/api/auth/login', status: 401 });
    const written = JSON.stringify(lines);
    for (const secret of ['secret-signature', 'sig=', 'wrong-password-1', '+919000000001']) expect(written).not.toContain(secret);
  });
});
