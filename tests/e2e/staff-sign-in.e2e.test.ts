/**
 * Staff sign-in in real Chromium against a fresh `npm start` with STAFF_TOTP=required (decision
 * 0029): the admin enrols an authenticator at their first sign-in (the test computes codes with the
 * same library as the server), saves the recovery codes, signs out (the token no longer works),
 * signs in with a code, then with a recovery code; a session ended from another is signed out, by one
 * load of the login page (decision 0065). axe finds no serious violation on the new screens, which
 * fit 390 px and 1280 px.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import { DESKTOP } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { watchCspViolations } from './support/csp-violations';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';

const ADMIN = { phone: '+919000000077', password: 'e2e-staff-password' };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password, STAFF_TOTP: 'required' })
  /**
   * The admin's page, once per file: one desktop page every step goes on from, its
   * Content-Security-Policy violations kept, and the steps the tests repeat on it.
   */
  .extend('staff', { scope: 'file' }, async ({ server, browser, desk }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    desk.journal.watch(page);
    const csp = await watchCspViolations(page);
    return {
      page,
      csp,
      typeCode: async (digits: string) => {
        await page.getByLabel('Digit 1').click();
        await page.keyboard.type(digits);
      },
      signInWithPassword: async () => {
        await page.goto(`${server.base}/login`);
        await page.getByRole('tabpanel').getByLabel('Phone number').fill(ADMIN.phone);
        await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click();
      },
      token: async () => (await page.evaluate(`localStorage.getItem('token')`)) as string | null,
      me: async (bearer: string) => (await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${bearer}` } })).status,
    };
  });

describe('staff sign-in with an authenticator in a real browser', () => {
  // What the steps learn and the next ones use: the authenticator's key and the recovery codes.
  let secret = '';
  let recoveryCodes: string[] = [];

  const code = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

  // The desk and the admin's page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ staff }) => void staff, 120_000);

  it('enrols an authenticator at the first sign-in and shows the recovery codes once', async ({ staff: { page, typeCode, signInWithPassword, token } }) => {
    await signInWithPassword();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    secret = ((await page.getByLabel('Key for manual entry').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'staff-sign-in', 'enrol');
    await typeCode(code(0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    recoveryCodes = await page.locator('.code-list code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await token()).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'staff-sign-in', 'recovery-codes');
    await page.getByLabel('I have saved them').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
  });

  it('shows the sessions page with this device marked, and signs out on the server', async ({ staff: { page, token, me } }) => {
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    await page.getByText('This device').waitFor();
    await page.getByText(/10 of 10 recovery codes left/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'staff-sign-in', 'sessions');
    const before = (await token())!;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    expect(await me(before)).toBe(401);
  });

  it('signs in with a code from the authenticator, then with a recovery code', async ({ staff: { page, typeCode, signInWithPassword } }) => {
    await signInWithPassword();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'staff-sign-in', 'enter-code');
    // The enrolment spent this step's code: the next step's is taken (one step either side).
    await typeCode(code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);

    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
  });

  it('signs out a session ended from another, by one load of the login page', async ({ server, staff: { page, token } }) => {
    // The login page's load is held, as a slow network would hold it, to see what the page shows
    // meanwhile. Playwright's own calls into the page wait while its load is pending, so the page
    // reports through a binding, and the click meanwhile is the page's own (below).
    const isLoginPage = (url: URL) => url.pathname === '/login';
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isLoginPage, async (route) => {
      await held;
      await route.continue();
    });
    const whileLeaving: { path: string; text: string }[] = [];
    await page.exposeFunction('reportWhileLeaving', (path: string, text: string) => void whileLeaving.push({ path, text }));
    // At the page's first refused call, once the desk has handled it: another link clicked, as a
    // person would click on while the login page loads, and what the page shows then reported.
    await page.evaluate(`{
      const send = window.fetch;
      let refused = false;
      window.fetch = async (...call) => {
        const response = await send(...call);
        if (response.status === 401 && !refused) {
          refused = true;
          setTimeout(() => {
            document.querySelector('a[href="/admin/dashboard"]')?.click();
            setTimeout(() => window.reportWhileLeaving(location.pathname, document.body.innerText), 300);
          });
        }
        return response;
      };
    }`);
    try {
      // Another sign-in, through the API, with a second recovery code, ends this page's session.
      const post = async (path: string, body: unknown, bearer?: string) =>
        (await fetch(`${server.base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
          body: JSON.stringify(body),
        }).then((r) => r.json())) as any;
      const { challenge } = await post('/api/auth/login', ADMIN);
      const other = (await post('/api/auth/login/totp', { challenge, recoveryCode: recoveryCodes[1] })).token as string;
      expect((await post('/api/auth/sessions/revoke-others', {}, other)).revoked).toBe(1);
      // The page learns of it at its next call: the next screen opened, or sooner on its own (the
      // desk's pending-changes count asks every 15 s; the live stream ends at its heartbeat and asks
      // for a ticket). Not awaited: once the page is leaving, the click would wait for the load.
      void page.evaluate(`document.querySelector('a[href="/admin/sessions"]')?.click()`).catch(() => undefined);
      await expect.poll(() => whileLeaving.length).toBe(1);
    } finally {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    }
    // The desk waited for the load rather than going to /login in the app too: the form shown there
    // was replaced by the load under whoever had begun typing in it (or this test's next step).
    expect(whileLeaving[0]!.path).toBe('/admin/dashboard');
    expect(whileLeaving[0]!.text).toContain('Your session has ended. Opening the login page...');
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await token()).toBeNull();
  });

  it('replaces the authenticator only with the password and a recovery code (a lost phone), and signs every other session out', async ({ server, staff }) => {
    const { page, csp, typeCode, signInWithPassword, token, me } = staff;
    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[2]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    const { challenge } = (await (
      await fetch(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    ).json()) as { challenge: string };
    const elsewhere = (await (
      await fetch(`${server.base}/api/auth/login/totp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge, recoveryCode: recoveryCodes[3] }),
      })
    ).json()) as { token: string };
    expect(await me(elsewhere.token)).toBe(200);

    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'Replace authenticator app' }).click();
    await page.getByText('Replacing it signs you out everywhere else.').waitFor();
    await page.getByLabel('Current password').fill(ADMIN.password);
    // The password alone does not replace it: a code from the current app, or a recovery code.
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.getByRole('group', { name: 'Code from your current authenticator app' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsBothWidths(page, 'staff-sign-in', 'replace-authenticator');
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[4]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    const key = (await page.getByLabel('Key for manual entry').textContent())!.replace(/\s/g, '');
    secret = key;
    await typeCode(code(0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(await me(elsewhere.token)).toBe(401);
    expect(await me((await token())!)).toBe(200);
    expect(csp).toEqual([]);
  });
});
