import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { PNG_1PX } from '../support/sample-files';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const BUY = { fiatAmount: 1000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };

/** The directives a policy sets, each with its sources: `default-src 'self'` → ['default-src', ["'self'"]]. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources] as const),
  );
}

describe('the real app: compression, caching headers and the Content-Security-Policy', () => {
  let admin: string;
  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    const customer = await createCustomer(t, '+919600000001');
    for (let i = 1; i <= 8; i++) await t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { ...BUY, fiatAmount: 1000 * i } });
    await t.project();
  });

  it('serves the client and the API under a strict policy', async ({ t }) => {
    for (const url of ['/', '/dashboard', '/api/health', '/api/nowhere']) {
      const policy = directives((await t.app.request(url)).headers.get('content-security-policy'));
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('style-src'), url).toEqual(["'self'"]);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect([...policy.values()].flat(), url).not.toContain("'unsafe-inline'");
      expect([...policy.values()].flat(), url).not.toContain("'unsafe-eval'");
    }
    const page = await t.app.request('/login');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps the sandboxed policy an uploaded file is served with', async ({ t }) => {
    const form = new FormData();
    form.set('name', 'Logo Brand');
    form.set('domain', 'logo.example');
    form.set('logo', new Blob([PNG_1PX], { type: 'image/png' }), 'logo.png');
    const created = await json(t.app.request('/api/admin/tenants', { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } }));
    expect(created.status).toBe(201);
    const file = await t.app.request(created.body.tenant.logoUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });

  it('compresses a large JSON answer as the client accepts, the same JSON either way', async ({ t }) => {
    const url = '/api/admin/orders?pageSize=50';
    const plain = await t.call('GET', url, { token: admin });
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await t.call('GET', url, { token: admin, headers: BROWSER });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(text.length / 3);
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(JSON.parse(text));

    const gz = await t.call('GET', url, { token: admin, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(JSON.parse(text));

    const small = await t.call('GET', '/api/health', { headers: BROWSER });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('streams the CSV export uncompressed, and it parses', async ({ t }) => {
    const link = await json(t.call('POST', '/api/admin/orders/export-link', { token: admin, body: {} }));
    const res = await t.app.request(link.body.url, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-encoding')).toBeNull();
    // Sent as it is made (compress-json.test.ts shows rows leaving before the last is written):
    // a body held whole to be compressed would carry its length.
    expect(res.headers.get('content-length')).toBeNull();
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.fiatAmountInr).sort((a, b) => Number(a) - Number(b))).toEqual(['1000', '2000', '3000', '4000', '5000', '6000', '7000', '8000']);
  });
});
