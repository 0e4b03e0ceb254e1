/**
 * The operator's desk in real Chromium against a fresh `npm start`: find a customer's orders by
 * phone and by ref code, verify one, complete one with a reference, reject one, bulk-reject two,
 * export the CSV (it parses and matches the filtered list), change the rates (the landing page
 * shows them), create a tenant with a logo, add a bank account and a crypto wallet, toggle one
 * inactive, create a user and view its details. Screenshots of each admin screen.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { confirmOnServer } from '../support/admin-cli';
import { watchCspViolations } from './support/csp-violations';
import { PNG_1PX } from '../support/sample-files';

const ADMIN = { phone: '+919000000055', password: 'e2e-admin-password' };
const CUSTOMER = { phone: '+919812300001', password: 'customer-pass' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  /**
   * The journey's page, once per file, on a desk with a customer's five orders (four buys and a sell, the
   * brand's TRC20 wallet confirmed at the server): one desktop page every step goes on from, its
   * Content-Security-Policy violations kept, and the steps the tests repeat on it.
   */
  .extend('journey', { scope: 'file' }, async ({ server, browser, api, admin }) => {
    // A customer who signs up: one an admin made orders only once they set their own password (decision 0029).
    await server.signUp({ username: 'Ravi Customer', ...CUSTOMER });
    const customer = (await api('POST', '/api/auth/login', null, CUSTOMER)).token;
    // A sell needs the brand's TRC20 wallet to receive the USDT (decision 0018).
    // A new wallet waits for a second admin: confirmed at the server (decision 0030).
    await confirmOnServer(
      server.serverEnv,
      (await api('PUT', '/api/admin/tenants/default', admin, { cryptoWallets: [{ network: 'TRC20', address: TRON }] })).change._id,
    );
    const orders: { id: string; ref: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const body = i === 2 ? { cryptoAmount: 20, method: 'cash' } : { fiatAmount: 2000 + i * 100, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };
      const { order } = await api('POST', i === 2 ? '/api/orders/crypto-to-fiat' : '/api/orders/fiat-to-crypto', customer, body);
      orders.push({ id: order._id, ref: order.refCode });
    }
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const cspViolations = await watchCspViolations(page);
    return {
      page,
      cspViolations,
      orders,
      shot: async (name: string) => {
        await page.waitForLoadState('networkidle');
        await screenshot(page, 'admin', name);
      },
      /** The id of the request the page's "Waiting for a second admin" links to. */
      requestShown: async () => (await page.getByRole('link', { name: 'See the request' }).getAttribute('href'))!.split('/').pop()!,
      filter: async (label: string, value: string) => {
        const form = page.getByRole('form', { name: 'Order filters' });
        await form.getByRole('button', { name: 'Clear' }).click();
        // Clearing rewrites the address and the form starts over from it: type only once the cleared form
        // is on the page, or its late render wipes what was typed.
        for (const field of ['Network', 'Ref Code', 'Phone']) await expect.poll(() => form.getByLabel(field).inputValue()).toBe('');
        await form.getByLabel(label).fill(value);
        await form.getByRole('button', { name: 'Apply Filters' }).click();
      },
      rows: () => page.getByRole('checkbox', { name: /^Select order / }),
    };
  });

describe('admin desk in a real browser', () => {
  // The desk and its page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ journey }) => void journey, 120_000);

  it('signs the admin in to the dashboard', async ({ server, journey: { page, shot } }) => {
    await page.goto(`${server.base}/login`);
    await page.getByRole('tabpanel').getByLabel('Phone number').fill(ADMIN.phone);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.getByText('Total Orders').first().isVisible()).toBe(true);
    await shot('dashboard');
  }, 60_000);

  it("finds the customer's orders by phone and by ref code", async ({ server, journey: { page, orders, shot, filter, rows } }) => {
    await page.goto(`${server.base}/admin/orders`);
    await filter('Phone', CUSTOMER.phone);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(5);
    expect(page.url()).toContain('phone=');
    await shot('orders');
    await filter('Ref Code', orders[0]!.ref);
    await expect.poll(() => rows().count()).toBe(1);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(1);
  }, 60_000);

  it('verifies one order and completes another with a reference', async ({ api, admin, journey: { page, orders, filter } }) => {
    await page.getByRole('button', { name: `View order ${orders[0]!.ref}` }).click();
    await page.getByRole('button', { name: 'Verify Order' }).click();
    await expect.poll(async () => (await api('GET', `/api/admin/orders/${orders[0]!.id}`, admin)).status).toBe('fiat_received');

    await filter('Ref Code', orders[1]!.ref);
    await page.getByRole('button', { name: `View order ${orders[1]!.ref}` }).click();
    const complete = page.getByRole('button', { name: 'Mark as Completed' });
    expect(await complete.isDisabled()).toBe(true);
    await page.getByLabel('Crypto Transaction Reference').fill('0xfeedbeef');
    await complete.click();
    await page.getByText('Order completed successfully').first().waitFor();
  }, 60_000);

  it('rejects one order and bulk-rejects two', async ({ journey: { page, orders, shot, filter, rows } }) => {
    await filter('Phone', CUSTOMER.phone);
    await expect.poll(() => rows().count()).toBe(5);
    await page.getByRole('button', { name: `Reject order ${orders[2]!.ref}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Are you sure you want to reject order ${orders[2]!.ref}?`).waitFor();
    await dialog.getByRole('button', { name: 'Reject Order' }).click();
    await page.getByText('Order rejected successfully').first().waitFor();

    await page.getByRole('checkbox', { name: `Select order ${orders[3]!.ref}` }).check();
    await page.getByRole('checkbox', { name: `Select order ${orders[4]!.ref}` }).check();
    await page.getByRole('button', { name: 'Bulk Reject (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject Orders' }).click();
    await page.getByRole('heading', { name: 'Bulk Reject Results' }).waitFor();
    await shot('orders-bulk-reject');
  }, 60_000);

  it('exports the filtered list as a CSV that matches it', async ({ server, journey: { page, orders, rows } }) => {
    await page.goto(`${server.base}/admin/orders?status=rejected`);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => r.refCode).sort()).toEqual([orders[2]!.ref, orders[3]!.ref, orders[4]!.ref].sort());
    expect(csv.every((r) => r.status === 'Rejected')).toBe(true);
  }, 60_000);

  it('shows an order with its history', async ({ server, journey: { page, orders, shot } }) => {
    await page.goto(`${server.base}/admin/orders/${orders[1]!.id}`);
    await page.getByRole('heading', { name: `Order #${orders[1]!.ref}` }).waitFor();
    await expect.poll(() => page.getByText(CUSTOMER.phone).first().isVisible()).toBe(true);
    await shot('order-detail');
  }, 60_000);

  it('changes the rates (past the re-quote band: once a second admin confirms), and the landing page shows them', async ({
    server,
    browser,
    journey: { page, shot, requestShown },
  }) => {
    await page.goto(`${server.base}/admin/settings`);
    await page.getByLabel('USDT Bank Buy').fill('91.25');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await page.getByText('Waiting for a second admin').first().waitFor();
    await shot('settings');
    await confirmOnServer(server.serverEnv, await requestShown());
    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto(server.base);
    await expect.poll(() => visitor.getByText('₹91.25').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await visitor.close();
  }, 60_000);

  it('creates a tenant with a logo, adds a bank account and a wallet, and toggles one inactive', async ({
    server,
    api,
    admin,
    journey: { page, shot, requestShown },
  }) => {
    await page.goto(`${server.base}/admin/tenants`);
    await page.getByRole('button', { name: '+ New Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Tenant' });
    await dialog.getByLabel('Name').fill('Brand Two');
    await dialog.getByLabel('Domain').fill('two.example.com');
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    // The brand is made at once, its domain waiting for a second admin (decision 0030): confirmed at the server.
    const domainChange = async () =>
      ((await api('GET', '/api/admin/changes', admin)).changes as any[]).find((c) => c.status === 'pending' && c.brand?.name === 'Brand Two')?._id;
    await expect.poll(domainChange, { timeout: 15_000 }).toBeTruthy();
    await confirmOnServer(server.serverEnv, await domainChange());
    await page.reload();
    await expect.poll(() => page.getByText('two.example.com').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await shot('tenants');

    await page.goto(`${server.base}/admin/add-bank-account`);
    await page.getByRole('radio', { name: /Brand Two/ }).check();
    await page.getByLabel('Bank Name').fill('Axis Bank');
    await page.getByLabel('Account Name').fill('Brand Two Pvt Ltd');
    await page.getByLabel('Account Number').fill('920020012345678');
    await page.getByLabel('IFSC Code').fill('utib0000123');
    await shot('add-bank-account');
    await page.getByRole('button', { name: 'Add Bank Account' }).click();
    await page.getByText('Waiting for a second admin').first().waitFor();
    await confirmOnServer(server.serverEnv, await requestShown());

    await page.goto(`${server.base}/admin/add-crypto-wallet`);
    await page.getByRole('radio', { name: /Brand Two/ }).check();
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByLabel('Wallet Address').fill(TRON);
    await shot('add-crypto-wallet');
    await page.getByRole('button', { name: 'Add Crypto Wallet' }).click();
    await page.getByText('Waiting for a second admin').first().waitFor();
    await confirmOnServer(server.serverEnv, await requestShown());
    await page.goto(`${server.base}/admin/tenants`);

    await page
      .getByRole('link', { name: /Brand Two/ })
      .first()
      .click();
    await page.getByText('Axis Bank').first().waitFor();
    const toggle = page.getByRole('switch').first();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    // Switching off only narrows where customers pay: it applies at once.
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    // The QR drawn from the wallet's address.
    expect(await page.locator('img[src^="/api/files/"]').count()).toBeGreaterThan(0);
    await shot('tenant-detail');
  }, 90_000);

  it('creates a user and views its details', async ({ server, journey: { page, shot } }) => {
    await page.goto(`${server.base}/admin/users`);
    await page.getByRole('button', { name: '+ Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username (optional)').fill('Meera Ops');
    await dialog.getByLabel('Phone').fill('+919812300099');
    await dialog.getByLabel('Password').fill('meera-pass');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('User created successfully').first().waitFor();
    await page.getByRole('button', { name: 'View Details of Meera Ops' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('+919812300099').first().isVisible()).toBe(true);
    await shot('users');
  }, 60_000);

  it('met no Content-Security-Policy violation on any screen', ({ journey: { cspViolations } }) => {
    expect(cspViolations).toEqual([]);
  });
});
