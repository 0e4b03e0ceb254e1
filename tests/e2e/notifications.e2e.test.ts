/**
 * Customer notifications in real Chromium against a fresh `npm start` (decision 0040): an admin
 * completes a customer's order and the customer's open bell shows it, with its transaction, without a
 * reload (what moves it is the live stream: the bell polls only every 2 minutes while the stream is up);
 * the SMS reaches the outbox once; the bell's panel and the Notifications page are axe-clean at
 * 390 and 1280 px.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { seriousFindings } from './support/axe';
import { outboxMessages } from '../support/sms-outbox';
import { waitFor } from '../support/wait-for';

const ADMIN = { phone: '+919000000061', password: 'e2e-admin-password' };
const CUSTOMER = { phone: '+919812300081', password: 'customer-pass' };
const BUY = { fiatAmount: 2500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };
const TX = 'c0ffee'.repeat(10) + 'beef';
const PHONE = { width: 390, height: 844 };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, { customer: { username: 'Bell Customer', ...CUSTOMER } });

describe('customer notifications in a real browser', () => {
  // The desk and its customer start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ admin, customer }) => void [admin, customer], 120_000);

  it("an admin's completion shows in the customer's bell without a reload, and is texted once", async ({ server, browser, api, admin, customer }) => {
    const { order } = await api('POST', '/api/orders/fiat-to-crypto', customer, BUY);
    const page: Page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(customer)})`);
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/stream?') && r.status() === 200, { timeout: 15_000 });
    await page.goto(`${server.base}/dashboard`);
    await streamOpen;
    await page.evaluate('window.__sameDocument = true');
    await page.getByRole('button', { name: 'Notifications, 0 new' }).waitFor();

    await api('POST', `/api/admin/orders/${order._id}/verify`, admin, {});
    const started = Date.now();
    await api('POST', `/api/admin/orders/${order._id}/complete`, admin, { cryptoReference: TX });
    // The projector folds both events first: on a loaded machine that can take seconds (the live-updates test times it).
    await page.getByRole('button', { name: 'Notifications, 2 new' }).waitFor({ timeout: 30_000 });
    console.log(`complete -> customer's bell: ${Date.now() - started} ms`);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);

    await page.getByRole('button', { name: 'Notifications, 2 new' }).click();
    const panel = page.getByRole('region', { name: 'Order updates' });
    await panel.getByText(`Order ${order.refCode} is complete`).waitFor();
    expect(await panel.getByRole('link').first().textContent()).toContain(TX);
    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousFindings(page)).toEqual([]);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 new' }).waitFor();

    const outbox = path.join(server.serverEnv.DATA_DIR!, 'sms-outbox.jsonl');
    const texts = await waitFor('both texts', async () => {
      const mine = (await outboxMessages(outbox)).filter((m) => m.phone === CUSTOMER.phone && m.purpose === 'notification');
      return mine.length >= 2 && mine;
    });
    const bodies = texts.map((m) => (m as unknown as { text: string }).text);
    expect(bodies.find((text) => text.includes(`order ${order.refCode} is complete`))).toContain(`Transaction: ${TX}`);
    expect(bodies.find((text) => text.includes('we have received your payment'))).toContain(order.refCode);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await outboxMessages(outbox)).filter((m) => m.phone === CUSTOMER.phone && m.purpose === 'notification')).toHaveLength(2);
    await page.close();
  }, 90_000);

  it('the Notifications page turns the optional SMS off, axe-clean at 1280 and 390 px', async ({ server, browser, api, customer }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await browser.newPage({ viewport });
      await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(customer)})`);
      await page.goto(`${server.base}/dashboard/notifications`);
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'All updates' }).getByRole('link').first().waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.close();
    }
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(customer)})`);
    await page.goto(`${server.base}/dashboard/notifications`);
    const box = page.getByRole('checkbox', { name: 'Also text me when my payment is received and when an order expires' });
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.click();
    await page.getByText('Notification settings saved').waitFor();
    expect(await api('GET', '/api/user/notification-preferences', customer)).toMatchObject({ optionalSms: false });
    await page.close();
  }, 90_000);
});
