/**
 * The built client as `npm start` serves it, in real Chromium: the main screens run under the
 * Content-Security-Policy without a single violation; what `/` loads is sent precompressed with the
 * caching its names allow, and no source map is built or served; a chunk gone after a deploy shows
 * the "app was updated" screen with a Reload that works.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { DESKTOP } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { checkedApiOf, signInOnScreen } from './support/signed-in';
import { watchCspViolations } from './support/csp-violations';
import { MIN_BYTES } from '../../web/build/precompress';

const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const ADMIN = { phone: '+919000000077', password: 'e2e-admin-password' };
const CUSTOMER = { phone: '+919812300077', password: 'customer-pass' };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  // A customer the admin made, once per file, before any test (the first signs in as them).
  .extend('madeCustomer', { scope: 'file', auto: true }, async ({ server, admin }) => {
    await checkedApiOf(server)('POST', '/api/admin/users', admin, { username: 'Meera Customer', ...CUSTOMER });
  });

describe('the production build in a real browser', () => {
  // The desk and the customer start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ madeCustomer }) => void madeCustomer, 120_000);

  it('shows the landing page, login, the customer dashboard and the admin dashboard with no CSP violation', async ({ server, browser }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const violations = await watchCspViolations(page);

    await page.goto(server.base);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('USDT Desk');
    await page.goto(`${server.base}/login`);
    await signInOnScreen(page, CUSTOMER, '/dashboard');
    await expect.poll(() => page.getByText(CUSTOMER.phone).first().isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');

    await page.evaluate('localStorage.clear()');
    await page.goto(`${server.base}/login`);
    await signInOnScreen(page, ADMIN, '/admin/dashboard');
    await expect.poll(() => page.getByText('Total Orders').first().isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);

    // The watch can see one: an image from a plain-http site is outside img-src.
    await page.evaluate(`document.body.append(Object.assign(document.createElement('img'), { src: 'http://127.0.0.1:9/tracker.png' }))`);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toContain('img-src');
    await page.close();
  }, 90_000);

  it('sends what / loads precompressed, hashed assets cached for a year, index.html revalidated', async ({ server }) => {
    const get = (url: string) => fetch(new URL(url, server.base), { headers: { 'accept-encoding': 'br, gzip' } });
    const index = await get('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await index.text();
    // Every script is a file of our own: the policy allows no inline script.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc=/.test(tag))).toBe(true);
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.status, asset).toBe(200);
      // A file under MIN_BYTES (the bundler's small runtime chunk) is not worth a compressed copy: it goes as it is.
      const small = statSync(path.join(DIST, asset)).size < MIN_BYTES;
      expect(res.headers.get('content-encoding'), asset).toBe(small ? null : 'br');
      expect(res.headers.get('vary'), asset).toBe(small ? null : 'Accept-Encoding');
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
    const maps = readdirSync(DIST, { recursive: true }).filter((f) => String(f).endsWith('.map'));
    expect(maps).toEqual([]);
    expect(readFileSync(path.join(DIST, 'index.html'), 'utf8')).not.toContain('sourceMappingURL');
    expect((await get(`${assets[0]}.map`)).status).toBe(404);
  }, 30_000);

  it('says the app was updated when a chunk of the open build is gone, and Reload brings the page back', async ({ server, browser }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(server.base);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('USDT Desk');
    // As after a deploy: the login page's chunk of the build this page was loaded from no longer exists.
    const gone = '**/assets/login-page-*.js';
    await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'The app was updated' }).isVisible()).toBe(true);

    await page.unroute(gone);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  }, 60_000);
});
