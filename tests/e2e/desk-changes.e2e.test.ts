/**
 * A second admin for the desk's own rules (decision 0030) in real Chromium against a fresh
 * `npm start`: admin A turns the four-eyes threshold off on the Global Settings page, which waits
 * (nothing changes); A cannot confirm their own request; admin B (made at the server with the admin
 * CLI, as a one-admin desk bootstraps) sees it waiting, confirms it, and it is in force. axe finds no
 * serious violation on the new screens, which fit 390 px and 1280 px.
 */
import { describe, expect } from 'vitest';
import { e2eTestWith } from './support/e2e-fixtures';
import { openSignedIn } from './support/signed-in';
import { watchCspViolations } from './support/csp-violations';
import { createAdminOnServer } from '../support/admin-cli';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';

const A = { phone: '+919000000081', password: 'e2e-admin-a-password' };
const B_PHONE = '+919000000082';

const it = e2eTestWith({ ADMIN_PHONE: A.phone, ADMIN_PASSWORD: A.password });

describe('changes to the desk rules wait for a second admin, in a real browser', () => {
  let b: string;
  let changeId = '';

  it.beforeAll(async ({ server }) => {
    // The second admin is made at the server: on the admin screens a staff account waits for a second admin itself.
    const bPassword = await createAdminOnServer(server.serverEnv, B_PHONE);
    b = await server.signIn({ phone: B_PHONE, password: bPassword });
  }, 120_000);

  it('admin A turns four eyes off: the page says it waits for a second admin, and nothing changes', async ({ server, browser, api, admin: a }) => {
    const page = await openSignedIn(browser, server, a, '/admin/settings');
    const csp = await watchCspViolations(page);
    const threshold = page.getByLabel('Second admin above (₹)');
    await threshold.waitFor();
    await threshold.fill('0');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Waiting for a second admin' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('It turns off the four-eyes threshold');
    expect((await api('GET', '/api/admin/settings', a)).controls.fourEyesAboveInr).toBe(200000);

    await notice.getByRole('link', { name: 'See the request' }).click();
    await page.waitForURL(/\/admin\/changes\/[0-9a-f-]{36}$/);
    changeId = page.url().split('/').pop()!;
    const request = page.getByRole('article', { name: 'Global Settings' });
    await request.getByText('Waiting for a second admin').waitFor();
    expect(await request.getByText('Second admin above', { exact: true }).count()).toBe(1);
    expect(await request.getByRole('button', { name: 'Confirm change' }).count()).toBe(0);
    expect(await request.getByRole('button', { name: 'Withdraw request' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'desk-changes', 'request-as-requester');
    expect(csp).toEqual([]);
    await page.close();
  }, 60_000);

  it('refuses A when A confirms their own request', async ({ server, admin: a }) => {
    const own = await fetch(`${server.base}/api/admin/changes/${changeId}/confirm`, { method: 'POST', headers: { authorization: `Bearer ${a}` } });
    expect(own.status).toBe(403);
    expect(((await own.json()) as { code: string }).code).toBe('four_eyes');
  });

  it('admin B sees it waiting, confirms it, and it is in force', async ({ server, browser, api, admin: a }) => {
    const page = await openSignedIn(browser, server, b, '/admin/changes');
    const link = page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: /Pending changes/ });
    await expect.poll(() => link.textContent(), { timeout: 20_000 }).toBe('Pending changes1 waiting for you');
    const request = page.getByRole('region', { name: /^Waiting/ }).getByRole('article', { name: 'Global Settings' });
    await request.waitFor();
    expect(await request.textContent()).toContain('Asked by admin');
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'desk-changes', 'pending-changes');

    await request.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Change confirmed: it is in force').waitFor();
    expect((await api('GET', '/api/admin/settings', a)).controls.fourEyesAboveInr).toBe(0);
    await expect
      .poll(() => page.getByRole('region', { name: 'Recent' }).getByText('Confirmed: in force', { exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    await page.close();

    const settings = await openSignedIn(browser, server, a, '/admin/settings');
    await expect.poll(() => settings.getByLabel('Second admin above (₹)').inputValue(), { timeout: 10_000 }).toBe('0');
    await settings.close();
  }, 60_000);
});
