/**
 * Bad input gets a clear 4xx and never a 500: every write route, fed bodies of the wrong shape.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { createStaff } from '../support/desk-changes';

const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  {},
  { fiatAmount: {} },
  { ids: 'x' },
  { rates: [] },
  { dataUrl: 'data:;base64,@@@' },
  { phone: ['+91'] },
  { a: { b: { c: { d: {} } } } },
];

describe('no input answers 500', () => {
  let customer: string;
  let admin: string;
  let orderId: string;
  let officer: string;
  it.beforeAll(async ({ t }) => {
    customer = await createCustomer(t, '+919300000001');
    admin = await t.adminToken();
    const compliance = { phone: '+919300000009', password: 'compliance1', roles: ['compliance'] };
    await createStaff(t, compliance);
    officer = await t.login(compliance.phone, compliance.password);
    orderId = (
      await json(
        t.call('POST', '/api/orders/fiat-to-crypto', {
          token: customer,
          body: { fiatAmount: 500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' },
        }),
      )
    ).body.order._id;
  });

  it('answers malformed bodies on every write route with a 4xx', async ({ t }) => {
    const routes: [string, string, () => string][] = [
      ['POST', '/api/auth/login', () => ''],
      ['POST', '/api/orders/fiat-to-crypto', () => customer],
      ['POST', '/api/orders/crypto-to-fiat', () => customer],
      ['POST', `/api/orders/${orderId}/upload`, () => customer],
      ['POST', '/api/admin/users', () => admin],
      ['PUT', '/api/admin/settings', () => admin],
      ['POST', '/api/admin/orders/bulk/reject', () => admin],
      ['POST', `/api/admin/orders/${orderId}/approve`, () => admin],
      ['POST', `/api/admin/orders/${orderId}/complete`, () => admin],
      ['POST', `/api/admin/orders/${orderId}/crypto-sent`, () => admin],
      ['POST', `/api/admin/orders/${orderId}/reject`, () => admin],
      ['POST', '/api/admin/orders/export-link', () => admin],
      ['POST', '/api/compliance/exports', () => officer],
      ['POST', `/api/admin/changes/${orderId}/decline`, () => admin],
    ];
    for (const [method, url, token] of routes) {
      for (const body of BODIES) {
        const response = await t.call(method, url, { token: token() || undefined, body: JSON.stringify(body) });
        const label = `${method} ${url} ${JSON.stringify(body)}`;
        expect(response.status, label).toBeLessThan(500);
        // Some routes take an empty object (a reject with no reason, an export with no filters);
        // anything that is not an object is refused everywhere.
        if (typeof body !== 'object' || body === null || Array.isArray(body)) expect(response.status, label).toBeGreaterThanOrEqual(400);
      }
      const broken = await t.call(method, url, { token: token() || undefined, body: '{"unterminated', headers: { 'content-type': 'application/json' } });
      expect(broken.status, `${method} ${url} broken JSON`).toBe(400);
    }
    const queries = ['?page=0', '?pageSize=100000', '?status=%00', '?page=abc'];
    for (const query of queries) {
      const response = await t.call('GET', `/api/admin/orders${query}`, { token: admin });
      expect(response.status, query).toBe(400);
    }
    const compliance = [
      '/api/compliance/orders?asOf=yesterday',
      '/api/compliance/orders?page=0',
      '/api/compliance/orders?limit=1000',
      '/api/compliance/orders?status=%00',
      '/api/compliance/events?before=abc',
      '/api/compliance/events?from=2026-13-45T00:00:00Z',
      '/api/compliance/events?from=2026-11-23T00:00:00Z&to=2026-11-22T00:00:00Z',
      `/api/compliance/orders/${orderId}?asOf=0`,
    ];
    for (const url of compliance) expect((await t.call('GET', url, { token: officer })).status, url).toBe(400);
    for (const url of ['/api/compliance/orders/not-an-id/replay', '/api/compliance/orders/%00', '/api/compliance/exports/x?exp=1&sig=y']) {
      expect((await t.call('GET', url, { token: officer })).status, url).toBeLessThan(500);
    }
    // Live updates: a malformed ticket or resume id is refused (400 or 401), never a 500.
    for (const url of [
      '/api/stream',
      '/api/stream?ticket=',
      '/api/stream?ticket=%00',
      `/api/stream?ticket=${'x'.repeat(300)}`,
      '/api/stream?ticket=abc&lastEventId=-1',
    ]) {
      expect([400, 401], url).toContain((await t.call('GET', url)).status);
    }
    expect(
      (await t.call('POST', '/api/stream/ticket', { token: customer, body: '{"unterminated', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(200);
  });
});
