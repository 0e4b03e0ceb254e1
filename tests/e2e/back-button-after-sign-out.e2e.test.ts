/**
 * The back button after a session ended elsewhere, in Chromium with the back/forward cache a
 * person's browser has (review 21; Playwright turns it off unless asked). The desk page left for the
 * login page when its session was refused; Back brought that very document back, the desk and what
 * it had loaded shown with no session. It now leaves again at once.
 */
import { describe, expect } from 'vitest';
import { DESKTOP } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';

const ADMIN = { phone: '+919000000078', password: 'e2e-back-button-password' };
const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, { backForwardCache: true });

describe('the back button after a session ended elsewhere', () => {
  it.beforeAll(async ({ server }) => void server, 120_000);

  it('does not bring the desk back: the page brought back from the cache leaves for the login page again', async ({ server, browser, desk }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    desk.journal.watch(page);
    // Signed in once, as a person is (not by a script that would set the token on every load).
    await page.goto(`${server.base}/login`);
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(await server.signIn(ADMIN))})`);
    await page.goto(`${server.base}/admin/users`);
    await page.getByText('Signed in as').waitFor();
    // Which documents the back button brought back from the cache, told by the page itself.
    const restored: string[] = [];
    await page.exposeFunction('reportRestored', (path: string) => void restored.push(path));
    await page.evaluate(`addEventListener('pageshow', (event) => event.persisted && window.reportRestored(location.pathname))`);

    // The session ends elsewhere (signed out through the API); the page's next call is refused.
    const token = (await page.evaluate(`localStorage.getItem('token')`)) as string;
    expect((await fetch(`${server.base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    void page.evaluate(`document.querySelector('a[href="/admin/sessions"]')?.click()`).catch(() => undefined);
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await page.goBack();
    // The desk's document came back from the cache (else this test proves nothing) and left again.
    await expect.poll(() => restored).toEqual(['/admin/sessions']);
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText('Signed in as').count()).toBe(0);
    await page.close();
  });
});
