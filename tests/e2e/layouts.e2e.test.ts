/**
 * Layouts that fit, in real Chromium against a fresh `npm start`, at a 1280×800 laptop and a 390×844
 * phone: the admin's orders (the widest list), an order with a long payout hash waiting for a second
 * admin, users and tenants, and the customer's orders, one order, wallets and bank accounts. On every
 * page nothing scrolls sideways, every button is on screen (not past the edge, not hidden in a
 * scrolled table), and no status badge is cut. A phone gets cards with their buttons; a toast never
 * lands on a dialog's close button. Screenshots in tests/e2e/screenshots/layouts/.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { seriousFindings } from './support/axe';
import { confirmOnServer } from '../support/admin-cli';

const ADMIN = { phone: '+919000000081', password: 'e2e-admin-password' };
const CUSTOMER = { phone: '+919812300081', password: 'customer-pass' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HASH = `0x${'71c1a2b3c4d5e6f7'.repeat(4)}`;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * What does not fit, measured in the page: the page wider than the window; a button, link-button or
 * badge past the window's edge or outside the visible part of a scrolling box it sits in (a table
 * scrolled sideways); a badge whose text is wider than the badge. A script for the page, as text:
 * the tests are type-checked without the DOM's types.
 */
const MISFITS = `(() => {
  const found = [];
  const { scrollWidth } = document.documentElement;
  if (scrollWidth > innerWidth) found.push('the page is ' + scrollWidth + ' px wide in ' + innerWidth);
  const name = (e) => e.tagName.toLowerCase() + ' "' + (e.getAttribute('aria-label') ?? e.textContent.trim()) + '"';
  for (const e of document.querySelectorAll('main button, main a.btn, main .badge')) {
    const box = e.getBoundingClientRect();
    if (box.width === 0 || e.closest('.visually-hidden')) continue;
    if (box.left < 0 || box.right > innerWidth + 0.5) found.push(name(e) + ' runs past the edge (' + Math.round(box.left) + '-' + Math.round(box.right) + ')');
    const scroller = e.closest('.table-wrap');
    if (scroller) {
      const seen = scroller.getBoundingClientRect();
      // Under a sticky column counts as hidden too: what is at the element's centre must be the element.
      const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const inView = box.left >= seen.left - 0.5 && box.right <= seen.right + 0.5;
      if (!inView) found.push(name(e) + ' is scrolled out of its table');
      else if (box.top >= 0 && box.bottom <= innerHeight && atCentre && !e.contains(atCentre)) found.push(name(e) + ' is covered');
    }
    if (e.classList.contains('badge') && e.scrollWidth > e.clientWidth) found.push(name(e) + ' is cut (' + e.scrollWidth + ' in ' + e.clientWidth + ')');
  }
  return found;
})()`;

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, { customer: { username: 'Ravi Layouts', ...CUSTOMER } })
  // A page at a size, signed in with a token, opened at a path once `ready` finds it drawn and the network quiet.
  .extend(
    'openAt',
    { scope: 'file' },
    ({ server, browser }) =>
      async (token: string, path: string, viewport: { width: number; height: number }, ready: (page: Page) => Promise<unknown>) => {
        const page = await browser.newPage({ viewport });
        await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
        await page.goto(`${server.base}${path}`);
        await ready(page);
        await page.waitForLoadState('networkidle');
        return page;
      },
  )
  /** Opens the page at both sizes: it fits at each, and is photographed. */
  .extend(
    'fitsBoth',
    { scope: 'file' },
    ({ openAt }) =>
      async (token: string, path: string, name: string, ready: (page: Page) => Promise<unknown>, more?: (page: Page, phone: boolean) => Promise<void>) => {
        for (const viewport of [LAPTOP, PHONE]) {
          const page = await openAt(token, path, viewport, ready);
          expect(await page.evaluate(MISFITS), `${name} at ${viewport.width} px`).toEqual([]);
          // Cards and tables alike read to everyone: axe finds nothing serious or critical.
          expect(await seriousFindings(page), `axe on ${name} at ${viewport.width} px`).toEqual([]);
          await more?.(page, viewport === PHONE);
          await screenshot(page, 'layouts', name);
          await page.close();
        }
      },
  )
  /**
   * The orders the pages list, once per file, before any test (each page shows them): the brand's
   * TRC20 wallet and no customer limits (each confirmed at the server), the customer's wallet and
   * bank account, and orders in every status the list shows, one of them waiting for a second admin.
   */
  .extend('orders', { scope: 'file', auto: true }, async ({ server, api, admin, customer }) => {
    // The brand's TRC20 wallet (for sells and the QR dialog), confirmed at the server as a second admin (decision 0030).
    await confirmOnServer(
      server.serverEnv,
      (await api('PUT', '/api/admin/tenants/default', admin, { cryptoWallets: [{ network: 'TRC20', address: TRON }] })).change._id,
    );
    // No customer limits, so one order can be the largest a buy may be (₹10,00,000): that loosening waits for a second admin.
    const controls = await api('PUT', '/api/admin/settings', admin, { controls: { fourEyesAboveInr: 5000, customerDailyInr: 0, customerMonthlyInr: 0 } });
    await confirmOnServer(server.serverEnv, controls.change._id);
    await api('POST', '/api/user/wallet', customer, { network: 'TRC20', address: TRON, label: 'Main', isDefault: true });
    await api('POST', '/api/user/bank-account', customer, {
      bankName: 'HDFC Bank',
      accountHolder: 'Ravi Layouts',
      accountNumber: '50100012345678',
      ifsc: 'HDFC0001234',
      isDefault: true,
    });

    const buy = async (fiatAmount: number) =>
      (await api('POST', '/api/orders/fiat-to-crypto', customer, { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' })).order;
    // Every status the list shows, the longest ("Payment Received") among them, and the widest amounts.
    await buy(2000);
    const [account] = (await api('GET', '/api/user/bank-accounts', customer)).accounts;
    const sell = await api('POST', '/api/orders/crypto-to-fiat', customer, {
      cryptoAmount: 1176,
      network: 'TRC20',
      method: 'bank',
      bankAccountId: account._id,
    });
    expect(sell.order.status).toBe('pending');
    const received = await buy(1000000);
    await api('POST', `/api/admin/orders/${received._id}/verify`, admin);
    const rejected = await buy(3000);
    await api('POST', `/api/admin/orders/${rejected._id}/reject`, admin, { reasonCode: 'utr_not_found' });
    const completed = await buy(4000);
    await api('POST', `/api/admin/orders/${completed._id}/verify`, admin);
    await api('POST', `/api/admin/orders/${completed._id}/complete`, admin, { cryptoReference: HASH });
    // Above the threshold: its payout waits for a second admin, the four-eyes card on its page.
    const waiting = await buy(6000);
    await api('POST', `/api/orders/${waiting._id}/upload`, customer, { bankReference: 'UTRLAYOUT0001' });
    await api('POST', `/api/admin/orders/${waiting._id}/verify`, admin);
    expect(await api('POST', `/api/admin/orders/${waiting._id}/approve`, admin, {})).toMatchObject({ pendingConfirmation: true });
    return { waiting: waiting as { _id: string }, completed: completed as { _id: string } };
  });

describe('layouts that fit a laptop and a phone', () => {
  const shows = (text: string) => (page: Page) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  const badge = (text: string) => (page: Page) => page.locator('main .badge', { hasText: text }).first().waitFor({ timeout: 15_000 });
  const walletsShown = (page: Page) => page.getByRole('button', { name: /^Edit TRC20 address/ }).waitFor({ timeout: 15_000 });

  // The desk and its orders start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ orders }) => void orders, 180_000);

  it("fits the admin's orders: the whole table on a laptop, badges whole and actions in view; a card per order on a phone", async ({ admin, fitsBoth }) => {
    await fitsBoth(admin, '/admin/orders', 'admin-orders', badge('Payment Received'), async (page, phone) => {
      if (phone) {
        const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
        expect(await cards.count()).toBe(6);
        expect(await page.getByRole('table').count()).toBe(0);
        // Each card holds its own buttons, in full view.
        expect(
          await cards
            .first()
            .getByRole('button', { name: /^View order / })
            .isVisible(),
        ).toBe(true);
        expect(await page.getByRole('checkbox', { name: 'Select all orders on this page' }).isVisible()).toBe(true);
      } else {
        const table = page.getByRole('table', { name: 'Orders' });
        expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
      }
    });
  }, 90_000);

  it('fits the admin order page: a 66-character payout hash shortened with its copy button, and whole in the history', async ({
    admin,
    fitsBoth,
    orders: { completed, waiting },
  }) => {
    await fitsBoth(admin, `/admin/orders/${completed._id}`, 'admin-order', shows('Transaction References'), async (page) => {
      const references = page.getByRole('region', { name: 'Transaction References' });
      // Shortened on screen; whole in the tooltip, for screen readers and in the copy.
      expect(await references.getByText(`${HASH.slice(0, 6)}…${HASH.slice(-4)}`).isVisible()).toBe(true);
      expect(await references.locator(`code[title="${HASH}"]`).count()).toBe(1);
      expect(await references.getByRole('button', { name: 'Copy Crypto Transaction' }).isVisible()).toBe(true);
      // The history writes it whole (it breaks onto lines) without widening the page: checked by MISFITS.
      expect(await page.getByRole('region', { name: 'Order History' }).getByText(HASH, { exact: false }).count()).toBeGreaterThan(0);
    });
    await fitsBoth(admin, `/admin/orders/${waiting._id}`, 'admin-order-four-eyes', shows('Waiting for a second admin'));
  }, 90_000);

  it('fits the admin Users and Tenants pages', async ({ admin, fitsBoth }) => {
    await fitsBoth(admin, '/admin/users', 'admin-users', shows('Ravi Layouts'));
    await fitsBoth(admin, '/admin/tenants', 'admin-tenants', (page) =>
      page
        .getByRole('link', { name: /^Edit / })
        .first()
        .waitFor(),
    );
  }, 90_000);

  it("fits the customer's orders, an order, wallets and bank accounts, with View, Edit, Delete and Make default on a phone", async ({
    customer,
    fitsBoth,
    orders: { completed },
  }) => {
    await fitsBoth(customer, '/dashboard/orders', 'customer-orders', badge('Payment Received'), async (page, phone) => {
      if (phone)
        expect(
          await page
            .getByRole('link', { name: /^View details of order / })
            .first()
            .isVisible(),
        ).toBe(true);
    });
    await fitsBoth(customer, `/dashboard/orders/${completed._id}`, 'customer-order', shows('Crypto transaction'));
    await fitsBoth(customer, '/dashboard/wallets', 'customer-wallets', walletsShown, async (page) => {
      for (const name of [/^Edit TRC20 address/, /^Delete TRC20 address/]) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    });
    await fitsBoth(customer, '/dashboard/bank-accounts', 'customer-bank-accounts', shows('HDFC Bank'), async (page) => {
      for (const name of [/^Edit HDFC Bank/, /^Delete HDFC Bank/]) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    });
  }, 120_000);

  it('starts a new USDT address on TRC20', async ({ customer, openAt }) => {
    const page = await openAt(customer, '/dashboard/wallets', PHONE, walletsShown);
    await page.getByRole('button', { name: 'Add Address' }).click();
    expect(await page.getByRole('dialog', { name: 'Add USDT Address' }).getByLabel('Network').inputValue()).toBe('TRC20');
    await page.close();
  }, 60_000);

  it("keeps a toast off a dialog's close button, at both sizes", async ({ admin, openAt }) => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await openAt(admin, '/admin/tenants/default', viewport, (p) => p.getByRole('button', { name: /^Show QR code of TRC20/ }).waitFor());
      await page.getByRole('button', { name: /^Show QR code of TRC20/ }).click();
      const dialog = page.getByRole('dialog', { name: 'TRC20 Wallet QR Code' });
      // Copied or refused (a headless clipboard may say no), a toast reports it while the dialog is open.
      await dialog.getByRole('button', { name: 'Copy Address' }).click();
      const toast = page.locator('.toast').first();
      await toast.waitFor();
      const [close, shown] = [await dialog.getByRole('button', { name: 'Close' }).boundingBox(), await toast.boundingBox()];
      const overlap =
        close!.x < shown!.x + shown!.width && shown!.x < close!.x + close!.width && close!.y < shown!.y + shown!.height && shown!.y < close!.y + close!.height;
      expect(overlap, `at ${viewport.width} px`).toBe(false);
      await screenshot(page, 'layouts', 'toast-over-dialog', false);
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(await dialog.count()).toBe(0);
      await page.close();
    }
  }, 60_000);
});
