/**
 * One desk over two brands in real Chromium against a fresh `npm start`, with the second brand on
 * its own host (b.example, mapped to this machine): its visitors see its name and its own rate;
 * the operator's admin sees its order beside the operator's own, filters by brand and settles it;
 * the brand's admin, signed in on the brand's host, sees only the brand's orders and none of the
 * operator's screens.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, pagesInOwnSessions } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { confirmOnServer, createAdminOnServer } from '../support/admin-cli';
import { signInOnScreen } from './support/signed-in';

const OPERATOR = { phone: '+919000000066', password: 'e2e-operator-password' };
/** Its password is the one `create-admin` prints. */
const BRAND_ADMIN = { phone: '+919812400009', password: '' };
const BRAND_CUSTOMER = { phone: '+919812400001', password: 'brand-customer' };
const OPERATOR_CUSTOMER = { phone: '+919812400002', password: 'desk-customer' };
const HOST = 'b.example';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 9100, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };

const it = e2eTestWith({ ADMIN_PHONE: OPERATOR.phone, ADMIN_PASSWORD: OPERATOR.password }, { hosts: [HOST] })
  // A page in a session of its own; the sessions close when the file ends, before the browser.
  .extend('openPage', { scope: 'file' }, pagesInOwnSessions)
  /**
   * The second brand, once per file: the operator's bank rate 88 and Brand B on its host at 91.25
   * (each confirmed at the server), the brand's admin made at the server, an order of the operator's
   * customer, and the brand's customer signed up on the brand's host once it resolves there.
   */
  .extend('brandB', { scope: 'file' }, async ({ server, api, admin, openPage }) => {
    const base = server.base.replace('127.0.0.1', HOST);
    // Rates further than the re-quote band wait for a second admin: confirmed at the server (decision 0030).
    await confirmOnServer(server.serverEnv, (await api('PUT', '/api/admin/settings', admin, { rates: { usdt_bank_buy: 88 } })).change._id);
    const form = new FormData();
    form.set('name', 'Brand B');
    form.set('domain', HOST);
    form.set('primaryColor', '#7a1fa2');
    const created = await fetch(`${server.base}/api/admin/tenants`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    const made = (await created.json()) as any;
    const id: string = made.tenant._id;
    // Its domain waits for a second admin (decision 0030): confirmed at the server.
    await confirmOnServer(server.serverEnv, made.domainChange._id);
    const override = await api('PUT', `/api/admin/tenants/${id}/settings`, admin, { rates: { usdt_bank_buy: 91.25 } });
    await confirmOnServer(server.serverEnv, override.change._id);
    // A staff account made on the admin screens waits for a second admin: the brand's admin is made at the server.
    BRAND_ADMIN.password = await createAdminOnServer(server.serverEnv, BRAND_ADMIN.phone, id);
    // A customer who signs up: one an admin made orders only once they set their own password (decision 0029).
    await server.signUp({ username: 'Desk Customer', ...OPERATOR_CUSTOMER });
    const deskCustomer = (await api('POST', '/api/auth/login', null, OPERATOR_CUSTOMER)).token;
    const desk = (await api('POST', '/api/orders/fiat-to-crypto', deskCustomer, BUY)).order;
    // The domain was confirmed in another process (the CLI): the server's host resolution follows
    // within its few seconds of caching. Wait for it, so the brand's pages load as the brand's.
    const probe = await openPage(`${base}/api/config/public`);
    const brandName = async () => JSON.parse((await probe.textContent('body')) ?? '{}').brand?.name;
    for (const deadline = Date.now() + 15_000; (await brandName()) !== 'Brand B' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await probe.reload();
    }
    // On the brand's host now that it resolves there: the sign-up makes the brand's customer.
    await server.signUp({ username: 'Brand Customer', ...BRAND_CUSTOMER }, new URL(base).host);
    // The brand's order is the first test's to place; the next two read it.
    return { base, id, orders: { desk: { id: desk._id as string, ref: desk.refCode as string }, brand: { id: '', ref: '' } } };
  });

describe('two brands in a real browser', () => {
  const orderRows = (page: Page) => page.getByRole('checkbox', { name: /^Select order / });

  // The desk and the brands start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ brandB }) => void brandB, 120_000);

  it("shows the brand's visitors its own name and rate, and its customer buys at that rate", async ({ api, openPage, brandB }) => {
    const { base: brandBase, orders } = brandB;
    const page = await openPage(`${brandBase}/`);
    await expect.poll(() => page.getByText('Brand B').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('₹91.25').first().isVisible()).toBe(true);
    await screenshot(page, 'brands', 'brand-landing');
    await page.goto(`${brandBase}/login`);
    await signInOnScreen(page, BRAND_CUSTOMER, '/dashboard');
    // The session the browser holds is the brand's: the order it places is priced at the brand's rate.
    const token = await page.evaluate<string | null>('localStorage.getItem("token")');
    const placed = (await api('POST', '/api/orders/fiat-to-crypto', token, BUY)).order;
    // 9100 / 91.25 = 99.726… → 99.72 USDT
    expect(placed).toMatchObject({ rate: '91.25', cryptoAmount: '99.72' });
    orders.brand = { id: placed._id, ref: placed.refCode };
  }, 60_000);

  it("lets the operator find the brand's order by brand and settle it", async ({ server, api, admin, openPage, brandB }) => {
    const { id: brandId, orders } = brandB;
    const page = await openPage(`${server.base}/login`);
    await signInOnScreen(page, OPERATOR, '/admin/dashboard');
    await page.goto(`${server.base}/admin/orders`);
    await expect.poll(() => orderRows(page).count(), { timeout: 15_000 }).toBe(2);
    const brandRow = page.getByRole('row').filter({ hasText: orders.brand.ref });
    await expect.poll(() => brandRow.getByRole('cell', { name: 'Brand B' }).isVisible()).toBe(true);

    const filters = page.getByRole('form', { name: 'Order filters' });
    await filters.getByLabel('Brand').selectOption({ label: 'Brand B' });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => orderRows(page).count()).toBe(1);
    expect(page.url()).toContain(`tenantId=${brandId}`);
    await screenshot(page, 'brands', 'operator-orders-by-brand');

    await page.getByRole('button', { name: `View order ${orders.brand.ref}` }).click();
    await page.getByRole('button', { name: 'Verify Order' }).click();
    await expect.poll(async () => (await api('GET', `/api/admin/orders/${orders.brand.id}`, admin)).status).toBe('fiat_received');
    await page.getByLabel('Crypto Transaction Reference').fill('0xb0b0');
    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByText('Order completed successfully').first().waitFor();
    const history = (await api('GET', `/api/admin/orders/${orders.brand.id}/history`, admin)).events;
    expect(history.map((e: any) => e.type)).toEqual(['OrderPlaced', 'OrderVerified', 'OrderCompleted']);
    expect(history.at(-1).actor.phone).toBe(OPERATOR.phone);
  }, 60_000);

  it("shows the brand's admin, on the brand's host, only the brand's orders and none of the operator's screens", async ({ openPage, brandB }) => {
    const { base: brandBase, orders } = brandB;
    const page = await openPage(`${brandBase}/login`);
    await signInOnScreen(page, BRAND_ADMIN, '/admin/dashboard');
    await page.getByText('Brand: Brand B').first().waitFor();
    const nav = page.getByRole('complementary', { name: 'Admin navigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Orders', 'Users', 'Reconciliation', 'Books', 'Webhooks', 'Sessions']);

    await page.goto(`${brandBase}/admin/orders`);
    await expect.poll(() => orderRows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('checkbox', { name: `Select order ${orders.brand.ref}` }).count()).toBe(1);
    expect(await page.getByText(orders.desk.ref).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Brand' }).count()).toBe(0);
    await screenshot(page, 'brands', 'brand-admin-orders');

    await page.goto(`${brandBase}/admin/orders/${orders.desk.id}`);
    await page.getByText('Order not found').first().waitFor();
    await page.goto(`${brandBase}/admin/settings`);
    await page.waitForURL('**/admin/dashboard');
  }, 60_000);
});
