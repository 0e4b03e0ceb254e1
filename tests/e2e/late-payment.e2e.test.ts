/**
 * A late payment in real Chromium against a fresh `npm start` with a three-second payment window:
 * an unpaid buy expires (the timer job), the customer uploads proof on the expired order's page,
 * which records it as a late payment; the desk sees the alert, is refused when it approves at the
 * old rate, and completes the order at a new rate, which the customer then reads.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { LATE_PAYMENT_NEEDS_RATE } from '../../machines/src/order/order.decide';
import { PNG_1PX } from '../support/sample-files';
import { DESKTOP } from './support/browser';
import { watchCspViolations } from './support/csp-violations';
import { e2eTestWith } from './support/e2e-fixtures';

const ADMIN = { phone: '+919000000071', password: 'e2e-admin-password' };
const MEERA = { phone: '+919812300091', password: 'customer-pass' };
const BUY = { fiatAmount: 2500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };
// Within the 2 % re-quote band of the rate in force (85): one admin re-quotes it (four-eyes.ts).
const NEW_RATE = '86';

/** Each opened page's Content-Security-Policy violations, kept after the page is closed. */
const cspViolations: string[][] = [];
const it = e2eTestWith(
  { ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password, PAYMENT_WINDOW_MINUTES: '0.05' },
  // A customer who signs up: one an admin made orders only once they set their own password (decision 0029).
  { customer: MEERA },
  // open: a desktop page signed in with `token` (as openSignedIn does), reporting its CSP violations from its first load.
).extend('open', { scope: 'file' }, ({ browser, server }) => async (token: string, path: string): Promise<Page> => {
  const page = await browser.newPage({ viewport: DESKTOP });
  cspViolations.push(await watchCspViolations(page));
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.goto(`${server.base}${path}`);
  return page;
});

describe('a late payment in a real browser', () => {
  // The desk and its customer start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ admin, customer }) => void [admin, customer], 120_000);

  it('takes proof on an expired order as a late payment, refuses to complete it as placed and completes it re-quoted', async ({
    api,
    open,
    admin,
    customer: meera,
  }) => {
    const { order } = await api('POST', '/api/orders/fiat-to-crypto', meera, BUY);
    expect(order.status).toBe('pending');
    expect(order.rate).not.toBe(NEW_RATE);
    // The window is three seconds; the timer job expires the unpaid order just after it.
    await expect.poll(async () => (await api('GET', `/api/orders/${order._id}`, meera)).status, { timeout: 20_000, interval: 500 }).toBe('expired');

    // The customer's page still takes proof, saying what happens to a payment made now.
    const customer = await open(meera, `/dashboard/orders/${order._id}`);
    await expect.poll(() => customer.getByText('Status: Expired').count(), { timeout: 10_000 }).toBe(1);
    expect(await customer.getByRole('note').textContent()).toContain('The payment window for this order has closed.');
    await customer.getByLabel('Proof file').setInputFiles({ name: 'late-receipt.png', mimeType: 'image/png', buffer: PNG_1PX });
    await customer.getByLabel('Bank reference (UTR)').fill('UTRE2ELATE01');
    const uploaded = customer.waitForResponse((r) => r.url().endsWith(`/api/orders/${order._id}/upload`) && r.request().method() === 'POST');
    await customer.getByRole('button', { name: 'Upload Proof' }).click();
    const answer = await uploaded;
    expect(answer.status()).toBe(200);
    const late = ((await answer.json()) as { order: { status: string; latePayment: boolean; proofCount: number } }).order;
    expect(late).toMatchObject({ status: 'expired', latePayment: true, proofCount: 1 });
    await customer.getByText('Proof uploaded successfully').first().waitFor();
    await expect.poll(() => customer.getByText('UTRE2ELATE01').count(), { timeout: 10_000 }).toBe(1);
    // The page now says the payment is in the desk's hands, instead of asking for it again.
    await expect
      .poll(() => customer.getByRole('note').textContent(), { timeout: 10_000 })
      .toContain('We received your payment proof after the payment window closed.');
    await customer.close();

    // The desk sees the late payment before acting on it.
    const desk = await open(admin, `/admin/orders/${order._id}`);
    const alerts = desk.getByRole('alert', { name: 'Order alerts' });
    await expect.poll(() => alerts.count(), { timeout: 10_000 }).toBe(1);
    expect(await alerts.textContent()).toContain('Paid after the payment window.');

    // Approved as placed (no rate), it is refused with the reason on screen.
    const actions = desk.getByRole('region', { name: 'Admin Actions' });
    expect(await actions.textContent()).toContain('Paid late: enter the rate to complete at (a re-quote)');
    await actions.getByLabel('Crypto Transaction Reference').fill('0xe2e1a7e0000000000000000000000000000000000000000000000000000000001');
    const refused = desk.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${order._id}/approve`));
    await actions.getByRole('button', { name: 'Approve Order' }).click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => actions.getByRole('alert').textContent(), { timeout: 10_000 }).toBe(`Validation failed: ${LATE_PAYMENT_NEEDS_RATE}`);
    expect((await api('GET', `/api/admin/orders/${order._id}`, admin)).status).toBe('expired');

    // Re-quoted: the same INR at the new rate.
    await actions.getByLabel('Rate').fill(NEW_RATE);
    await actions.getByRole('button', { name: 'Approve Order' }).click();
    const summary = desk.getByRole('region', { name: `Order #${order.refCode}` });
    await expect.poll(() => summary.getByText('Completed', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await summary.textContent()).toContain(`₹${NEW_RATE} / USDT`);
    await desk.close();

    const done = await api('GET', `/api/orders/${order._id}`, meera);
    expect(done).toMatchObject({ status: 'completed', rate: NEW_RATE, fiatAmount: order.fiatAmount });
    expect(done.cryptoAmount).not.toBe(order.cryptoAmount);

    // The customer reads the order completed at the new rate.
    const after = await open(meera, `/dashboard/orders/${order._id}`);
    await expect.poll(() => after.getByText('Status: Completed').count(), { timeout: 10_000 }).toBe(1);
    expect(await after.locator('dl.details').textContent()).toContain(`₹${NEW_RATE} / USDT`);
    await after.close();
  }, 90_000);

  it('met no Content-Security-Policy violation on any page', () => {
    expect(cspViolations.length).toBe(3);
    expect(cspViolations.flat()).toEqual([]);
  });
});
