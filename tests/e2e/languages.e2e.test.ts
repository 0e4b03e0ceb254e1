/**
 * Hindi and English in a real browser (issue 29, decision 0036). A visitor switches the landing to
 * हिन्दी: the page reads in Hindi, <html lang> says so, and a reload keeps it (the choice is kept on
 * the browser); an English visitor never downloads the Hindi catalogue. A signed-in customer switches
 * from the top bar: the choice is kept with the account, so another browser opens their dashboard in
 * Hindi too. At a 1280×800 laptop and a 390×844 phone: nothing scrolls sideways, axe-core finds
 * nothing serious or critical, and screenshots are kept under tests/e2e/screenshots/languages/.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { seriousFindings } from './support/axe';
import { readsAtBothSizes, LAPTOP, scrollsSideways, PHONE_WIDTH as PHONE } from './support/both-widths';

const htmlLang = (page: Page) => page.evaluate('document.documentElement.lang') as Promise<string>;
/** The Hindi catalogues are chunks of their own (hi-<hash>.js). */
const isHindiCatalogue = (url: string) => /\/assets\/hi-[\w-]+\.js$/.test(url);

const it = e2eTestWith();

describe('Hindi and English in a real browser', () => {
  // The desk starts here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ server }) => void server, 180_000);

  it('switches the landing to Hindi, keeps it across a reload, and loads Hindi only for those who choose it', async ({ server, browser }) => {
    const page = await browser.newPage({ viewport: LAPTOP });
    const scripts: string[] = [];
    page.on('response', (r) => void (r.url().endsWith('.js') && scripts.push(r.url())));
    await page.goto(server.base);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Buy and sell USDT with INR');
    await page.waitForLoadState('networkidle');
    expect(await htmlLang(page)).toBe('en');
    expect(scripts.filter(isHindiCatalogue)).toEqual([]);

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe('INR से USDT खरीदें और बेचें');
    expect(await htmlLang(page)).toBe('hi');
    expect(scripts.filter(isHindiCatalogue)).toHaveLength(1);

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe('INR से USDT खरीदें और बेचें');
    expect(await htmlLang(page)).toBe('hi');
    // A fresh desk trades at ₹85, in Hindi as in English.
    await expect
      .poll(() =>
        page
          .locator('tr', { has: page.locator('th', { hasText: 'बैंक से USDT' }) })
          .locator('td')
          .allTextContents(),
      )
      .toEqual(['₹85', '₹85']);
    expect(await page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    await readsAtBothSizes(page, 'languages', 'landing-hi');

    // The sign-in page follows the same choice.
    await page.getByRole('link', { name: 'लॉग इन' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).last().textContent()).toBe('लॉग इन');
    expect(await page.getByLabel('फ़ोन नंबर').count()).toBe(1);
    await readsAtBothSizes(page, 'languages', 'login-hi');
    await page.close();
  }, 120_000);

  it("keeps a customer's choice with the account: another browser opens their dashboard in Hindi", async ({ server, browser }) => {
    const token = await server.signUp({ phone: '+919812300036', password: 'languages-customer', username: 'Kavya' });
    const open = async (viewport = LAPTOP) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
      await page.goto(`${server.base}/dashboard`);
      return { context, page };
    };

    const first = await open();
    await expect.poll(() => first.page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    const saved = first.page.waitForResponse((r) => r.url().endsWith('/api/auth/language') && r.request().method() === 'PUT');
    await first.page.getByRole('banner').getByRole('button', { name: 'हिन्दी' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => first.page.getByRole('heading', { level: 1 }).textContent()).toBe('डैशबोर्ड');
    await first.context.close();

    // A browser that never chose: the account's choice. Each size in a page of its own (a resized
    // page would catch the sidebar sliding away).
    for (const viewport of [LAPTOP, PHONE]) {
      const { context, page } = await open(viewport);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('डैशबोर्ड');
      expect(await htmlLang(page)).toBe('hi');
      await page.getByLabel('राशि (INR)').fill('150000');
      await expect.poll(() => page.getByLabel('फ़ीस और रेट का अनुमान').textContent()).toContain('₹1,50,000');
      await page.waitForLoadState('networkidle');
      expect(await scrollsSideways(page)).toBe(false);
      expect(await seriousFindings(page)).toEqual([]);
      await screenshot(page, 'languages', 'dashboard-hi');
      await context.close();
    }
  }, 120_000);
});
