import { describe, expect, it as plainIt } from 'vitest';
import { createCustomer, createTestApp, json, type TestApp } from '../support/test-app';
import { appTestWith } from '../support/app-fixtures';
import { RAISED_RATE_LIMITS } from '../support/raised-rate-limits';
import { startTestRedis } from '../support/redis-server';
import { ROUTE_LIMIT_DEFAULTS } from '../../services/src/http/rate-limit-env';

/** The limits as a server without RATE_LIMIT_* settings has them (the test support raises them). */
const DEFAULTS = Object.fromEntries(Object.keys(RAISED_RATE_LIMITS).map((name) => [name, undefined]));
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** Sends `count` requests one after another; answers their statuses. */
async function send(count: number, request: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await request()).status);
  return statuses;
}

/** The app as a server without RATE_LIMIT_* settings runs it, once for the file. */
const it = appTestWith(DEFAULTS);

describe('the general rate limit, with its defaults', () => {
  it('refuses an address past the public allowance with 429 and Retry-After, and no other address', async ({ t }) => {
    const limit = ROUTE_LIMIT_DEFAULTS.public;
    const statuses = await send(limit, () => t.call('GET', '/api/config/public', { headers: from('203.0.113.10') }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await t.call('GET', '/api/config/public', { headers: from('203.0.113.10') });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      code: 'too_many_requests',
      error: 'Too many requests. Please wait a minute and try again.',
      retryAfterSeconds: retryAfter,
    });
    // The address is the one the trusted proxy saw: another client behind it is not refused...
    expect((await t.call('GET', '/api/config/public', { headers: from('203.0.113.11') })).status).toBe(200);
    // ...and what the client itself writes left of it does not make it someone else.
    expect((await t.call('GET', '/api/config/public', { headers: from('198.51.100.1, 203.0.113.10') })).status).toBe(429);
  });

  it('counts an IPv6 client by its /64, in any spelling, and an IPv4 address written as IPv6 as that address', async ({ t }) => {
    const limit = ROUTE_LIMIT_DEFAULTS.public;
    // Each request from another address of one /64 (a client holds the whole block).
    const statuses = await send(limit, async () =>
      t.call('GET', '/api/config/public', { headers: from(`2001:db8:77:1:${Math.floor(Math.random() * 0xffff).toString(16)}::1`) }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await t.call('GET', '/api/config/public', { headers: from('2001:0DB8:0077:0001:0:0:0:0009') })).status).toBe(429);
    expect((await t.call('GET', '/api/config/public', { headers: from('2001:db8:77:2::1') })).status).toBe(200);
    // 203.0.113.10 used its allowance above: its IPv6 spelling is the same client.
    expect((await t.call('GET', '/api/config/public', { headers: from('::ffff:203.0.113.10') })).status).toBe(429);
  });

  it('never limits the health checks', async ({ t }) => {
    const statuses = await send(ROUTE_LIMIT_DEFAULTS.public + 20, () => t.call('GET', '/api/health', { headers: from('203.0.113.20') }));
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    // Probes are answered outside /api, before any limit.
    for (const probe of ['/livez', '/readyz']) expect((await t.call('GET', probe, { headers: from('203.0.113.10') })).status).not.toBe(429);
  });

  it('counts a signed-in customer per account, not per address', async ({ t }) => {
    const first = await createCustomer(t, '+919600000081');
    const second = await createCustomer(t, '+919600000082');
    const limit = ROUTE_LIMIT_DEFAULTS.account;
    const statuses = await send(limit, () => t.call('GET', '/api/orders/limits', { token: first, headers: from('203.0.113.30') }));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: first, body: {}, headers: from('203.0.113.30') }));
    expect(refused).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    // The same address, another account: its own allowance.
    expect((await t.call('GET', '/api/orders/limits', { token: second, headers: from('203.0.113.30') })).status).toBe(200);
  });

  it('keeps sign-in under its own, stricter limits as well', async ({ t }) => {
    const attempts = await send(40, () =>
      t.call('POST', '/api/auth/login', { body: { phone: '+919600000089', password: 'wrong-password' }, headers: from('203.0.113.40') }),
    );
    expect(attempts).toContain(429);
    expect(attempts.indexOf(429)).toBeLessThan(ROUTE_LIMIT_DEFAULTS.auth);
  });
});

describe('the general rate limit, over a window', () => {
  plainIt('lets a client in again once the window has passed', async () => {
    const t = await createTestApp({ ...DEFAULTS, RATE_LIMIT_PUBLIC_PER_MINUTE: 3, RATE_LIMIT_WINDOW_SECONDS: 1 });
    try {
      const call = () => t.call('GET', '/api/config/public', { headers: from('203.0.113.50') });
      // Aligned to the start of a window, so the three are counted in one.
      let statuses = await send(4, call);
      if (statuses[3] !== 429) statuses = await send(4, call);
      expect(statuses.slice(-1)).toEqual([429]);
      const refused = await call();
      expect(refused.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get('retry-after')) * 1000 + 50));
      expect((await call()).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

// Two API replicas on one Redis (started together for the file, stopped the replicas first).
// vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
// eslint-disable-next-line no-empty-pattern
const withReplicas = plainIt.extend('replicas', { scope: 'file' }, async ({}, { onCleanup }) => {
  const redis = await startTestRedis();
  const replicas: TestApp[] = [];
  onCleanup(async () => {
    for (const replica of replicas) await replica.close();
    await redis.stop();
  });
  for (let i = 0; i < 2; i++) replicas.push(await createTestApp({ ...DEFAULTS, REDIS_URL: redis.url }));
  return replicas as [TestApp, TestApp];
});

describe('the general rate limit, in Redis', () => {
  withReplicas('is one allowance shared by every API replica', async ({ replicas: [a, b] }) => {
    const half = ROUTE_LIMIT_DEFAULTS.public / 2;
    const call = (app: TestApp) => () => app.call('GET', '/api/config/public', { headers: from('203.0.113.60') });
    expect((await send(half, call(a))).every((s) => s === 200)).toBe(true);
    expect((await send(half, call(b))).every((s) => s === 200)).toBe(true);
    const refused = await a.call('GET', '/api/config/public', { headers: from('203.0.113.60') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await b.call('GET', '/api/config/public', { headers: from('203.0.113.60') })).status).toBe(429);
  });
});
