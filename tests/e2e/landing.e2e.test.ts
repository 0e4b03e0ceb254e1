/**
 * The landing page in a real browser (issue 29): the rates customers trade at (the specification's
 * fallbacks: a fresh desk has no rates set and trades at ₹85), the calculator (loaded with the visitor's
 * first move, not with the page), the brand's support contact, and the signed-in state a new customer lands on.
 * At a 1280×800 laptop and a 390×844 phone: nothing scrolls sideways, axe-core finds nothing serious
 * or critical, and a screenshot of each is kept under tests/e2e/screenshots/landing/.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { seriousFindings } from './support/axe';
import { readsAtBothSizes, LAPTOP, scrollsSideways, PHONE_WIDTH as PHONE } from './support/both-widths';

const ADMIN = { phone: '+919000000071', password: 'e2e-landing-admin' };

/** Adds up the page's layout shifts (not those right after a visitor's input), as Lighthouse's CLS does, in window.__layoutShift. */
const LAYOUT_SHIFTS = `window.__layoutShift = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__layoutShift += e.value; }).observe({ type: 'layout-shift', buffered: true });`;

const tableRow = (page: Page, label: string) =>
  page
    .locator('tr', { has: page.locator('th', { hasText: label }) })
    .locator('td')
    .allTextContents();

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });

describe('landing page in a real browser', () => {
  // The desk starts and the admin signs in here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ admin }) => void admin, 180_000);

  for (const viewport of [LAPTOP, PHONE]) {
    it(`shows a visitor the rates customers trade at and a calculator at ${viewport.width} px, loading the calculator only once the visitor moves`, async ({
      server,
      browser,
    }) => {
      const page = await browser.newPage({ viewport });
      const scripts: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) scripts.push(r.url());
      });
      await page.addInitScript(LAYOUT_SHIFTS);
      await page.goto(server.base);
      await expect.poll(() => page.locator('h1').first().textContent()).toContain('USDT Desk');
      // A fresh desk sets no rate: every order is priced at 85 (seed-spec section 9), and so is the table.
      await expect.poll(() => tableRow(page, 'USDT by Bank')).toEqual(['₹85', '₹85']);
      expect(await tableRow(page, 'USDT by Cash')).toEqual(['₹85', '₹85']);
      expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(scripts.some((url) => url.includes('customer-routes'))).toBe(false);
      // The calculator and the decimal maths under it wait for the visitor's first move (docs/performance.md).
      expect(scripts.filter((url) => /landing-calculator|pricing/.test(url))).toEqual([]);
      expect(await page.getByRole('form', { name: 'Calculator' }).count()).toBe(0);

      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousFindings(page)).toEqual([]);
      // What the brand's config decides appears at once: nothing the visitor sees moves (Lighthouse's layout shift was 0.149).
      expect(await page.evaluate('window.__layoutShift')).toBeLessThan(0.01);
      await screenshot(page, 'landing', 'landing');

      await page.mouse.move(20, 20);
      await page.getByLabel('Amount (INR)').fill('25000');
      // ₹25,000 at ₹85 is 294.1176… USDT: the order records 294.11 (decision 0006), and so does the preview.
      await expect.poll(() => page.getByLabel('Fee and rate preview').textContent()).toContain('294.11 USDT');
      expect(scripts.some((url) => url.includes('landing-calculator'))).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousFindings(page, '.calculator')).toEqual([]);
      await page.getByLabel('Fee and rate preview').scrollIntoViewIfNeeded();
      await screenshot(page, 'landing', 'calculator', false);
      await page.close();
    }, 90_000);
  }

  it('tells search engines what the page is and what to leave alone (a description and a robots.txt, as Lighthouse checks)', async ({ server }) => {
    const robots = await fetch(`${server.base}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toContain('Disallow: /admin/');
    const index = await (await fetch(server.base)).text();
    expect(index).toContain('<meta name="description" content="Buy and sell USDT with INR');
  });

  it("shows the brand's support contact once an admin gives it, and none before", async ({ server, browser, api, admin }) => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(server.base);
    await expect.poll(() => tableRow(page, 'USDT by Bank')).toEqual(['₹85', '₹85']);
    expect(await page.getByLabel('Support contact').count()).toBe(0);

    const saved = await api('PUT', '/api/admin/brands/default/support-contact', admin, {
      supportPhone: '+91 98765 43210',
      supportEmail: 'help@usdt-desk.example',
      supportWhatsApp: 'https://wa.me/919876543210',
      supportHours: 'Every day, 9 am to 9 pm IST',
    });
    expect(saved.message).toBe('Support contact saved');
    await page.reload();
    const contact = page.getByLabel('Support contact');
    await expect.poll(() => contact.textContent()).toContain('+91 98765 43210');
    expect(await contact.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(await page.getByText('Every day, 9 am to 9 pm IST').count()).toBe(1);
    await readsAtBothSizes(page, 'landing', 'landing-with-contact');
    await page.close();
  }, 90_000);

  it("takes the brand's support contact in the tenant form, readable at both sizes", async ({ server, browser, admin }) => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(admin)})`);
    await page.goto(`${server.base}/admin/tenants/default/edit`);
    const contact = page.getByRole('group', { name: /Support contact/ });
    await contact.getByLabel('Support hours').fill('Mon to Sat, 10 am to 7 pm IST');
    await contact.getByLabel('Support email').fill('not an email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => contact.getByText('Support email must look like help@example.com').count()).toBe(1);
    await readsAtBothSizes(page, 'landing', 'tenant-form-contact', {
      within: '.support-contact-fields',
      beforeShot: () => contact.scrollIntoViewIfNeeded(),
      fullPage: false,
    });
    await page.close();
  }, 90_000);

  it('greets a customer who has just signed up on the screens, where sign-up lands, and leads them to their dashboard', async ({ server, browser }) => {
    const phone = '+919812300071';
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.goto(`${server.base}/register`);
    await page.getByLabel('Username').fill('Meera');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('landing-customer');
    const sentAt = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(await server.otpFor(phone, 'register', sentAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The specification sends a new customer to / (seed-spec section 2): it now knows them.
    await page.waitForURL(`${server.base}/`);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect.poll(() => account.textContent()).toContain('Signed in as Meera');
    expect(await account.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await readsAtBothSizes(page, 'landing', 'signed-in');
    await account.getByRole('link', { name: 'Go to my dashboard' }).click();
    await page.waitForURL(`${server.base}/dashboard`);
    await page.close();
  }, 90_000);
});
