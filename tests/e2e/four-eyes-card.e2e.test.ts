/**
 * The four-eyes card in real Chromium against a fresh `npm start` (issue 29): while an order waits
 * for a second admin, the admin who asked sees what they asked, who must confirm it and Withdraw;
 * another admin sees Confirm and Decline; no other action on the order competes (the page offers
 * none, the server refuses them). The history names the browser in words, the user agent behind it.
 * Both admins' pages are axe-clean (serious, critical) and fit 1280 and 390 px, with screenshots in
 * tests/e2e/screenshots/admin/.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { fourEyesTestWith } from './support/four-eyes-desk';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';

const ADMIN = { phone: '+919000000082', password: 'e2e-admin-password' };
const SECOND_PHONE = '+919000000083';
const CUSTOMER = { phone: '+919812300095', password: 'customer-pass' };
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const COMPETING = ['Mark Crypto Sent', 'Approve Order', 'Reject Order', 'Ask a second admin to approve the payout'];

/**
 * Each test's own verified buy above the threshold, whose payout the first admin asked a second
 * admin to approve.
 */
const it = fourEyesTestWith(
  { admin: ADMIN, secondPhone: SECOND_PHONE, customer: CUSTOMER },
  { fourEyesAboveInr: 5000, customerDailyInr: 0, customerMonthlyInr: 0 },
).extend('askedOrder', async ({ api, admin, fourEyes: { customer } }) => {
  const { order } = await api('POST', '/api/orders/fiat-to-crypto', customer, {
    fiatAmount: 6000,
    network: 'TRC20',
    withdrawAddress: WALLET,
    method: 'bank',
  });
  await api('POST', `/api/orders/${order._id}/upload`, customer, { bankReference: `UTRE2ECARD${Date.now()}` });
  await api('POST', `/api/admin/orders/${order._id}/verify`, admin);
  const asked = await api('POST', `/api/admin/orders/${order._id}/approve`, admin, {});
  expect(asked).toMatchObject({ pendingConfirmation: true, order: { status: 'fiat_received', completionRequest: { reasons: ['above_threshold'] } } });
  return asked.order as { _id: string; refCode: string; completionRequest: { requestId: string } };
});

describe('the four-eyes card in a real browser', () => {
  // The desk starts here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ fourEyes }) => void fourEyes, 120_000);

  const cardOf = (page: Page) => page.getByRole('region', { name: 'Waiting for a second admin' });
  const buttonsOf = async (page: Page) => (await cardOf(page).getByRole('button').allTextContents()).filter((name) => name !== 'Copy');
  const competing = async (page: Page) => {
    const shown = await Promise.all(COMPETING.map(async (name) => ((await page.getByRole('button', { name }).count()) > 0 ? name : null)));
    return shown.filter(Boolean);
  };
  /** At 390 px then 1280 px: nothing scrolls sideways, the card fits its column, axe finds nothing serious; a screenshot of each. */
  const checkBothSizes = (page: Page, name: string) =>
    fitsBothWidths(page, 'admin', name, async (viewport) => {
      const card = await cardOf(page).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(card.scroll, `${name}: the card's content is wider than the card at ${viewport.width} px`).toBeLessThanOrEqual(card.client);
      expect(await seriousViolations(page), `${name} at ${viewport.width} px`).toEqual([]);
      // The whole page from its top, and the card alone cut from it (there the sticky header covers nothing).
      await page.evaluate('window.scrollTo(0, 0)');
      const box = await cardOf(page).boundingBox();
      expect(box).not.toBeNull();
      await page.screenshot({ path: path.resolve(import.meta.dirname, 'screenshots/admin', `${name}-card-${viewport.width}.png`), fullPage: true, clip: box! });
    });

  it('shows the requester Withdraw and the other admin Confirm and Decline, with nothing competing, at both sizes', async ({
    api,
    open,
    admin,
    fourEyes: { second },
    askedOrder: order,
  }) => {
    const requester = await open(admin, `/admin/orders/${order._id}`);
    await expect.poll(() => cardOf(requester).count(), { timeout: 15_000 }).toBe(1);
    const asked = (await cardOf(requester).textContent()) ?? '';
    expect(asked).toContain('You asked on');
    expect(asked).toContain('to approve paying out this order.');
    expect(asked).toContain("A different admin: not you (nor another account on your phone), not the order's customer");
    expect(await buttonsOf(requester)).toEqual(['Withdraw request']);
    expect(await competing(requester)).toEqual([]);
    await checkBothSizes(requester, 'four-eyes-requester');

    const other = await open(second, `/admin/orders/${order._id}`);
    await expect.poll(() => cardOf(other).count(), { timeout: 15_000 }).toBe(1);
    expect(await cardOf(other).textContent()).toContain('asked on');
    expect(await buttonsOf(other)).toEqual(['Approve payout', 'Decline']);
    expect(await competing(other)).toEqual([]);
    await checkBothSizes(other, 'four-eyes-second-admin');

    // The server holds the order too: the requester's own Reject waits until they withdraw.
    const refused = await api('POST', `/api/admin/orders/${order._id}/reject`, admin, { reasonCode: 'utr_not_found' });
    expect(refused).toMatchObject({ code: 'completion_request_pending' });

    await cardOf(other).getByRole('button', { name: 'Approve payout' }).click();
    // The requester's open page follows: the card goes, the payout may be sent and recorded.
    await expect.poll(() => cardOf(requester).count(), { timeout: 15_000 }).toBe(0);
    const actions = requester.getByRole('region', { name: 'Admin Actions' });
    await expect.poll(() => actions.getByText(/Payout approved by/).count(), { timeout: 15_000 }).toBe(1);
    expect(await actions.getByRole('button', { name: 'Mark Crypto Sent' }).count()).toBe(1);
    await Promise.all([requester.close(), other.close()]);
  }, 120_000);

  it('lets the requester withdraw, then reject; the history says so and names the browser in words', async ({ open, admin, askedOrder: order }) => {
    const page = await open(admin, `/admin/orders/${order._id}`);
    await expect.poll(() => cardOf(page).count(), { timeout: 15_000 }).toBe(1);
    await cardOf(page).getByLabel('Why you withdraw it (optional)').fill('The customer paid a different amount');
    await cardOf(page).getByRole('button', { name: 'Withdraw request' }).click();
    await expect.poll(() => page.getByText('Completion request withdrawn', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => cardOf(page).count(), { timeout: 15_000 }).toBe(0);
    const actions = page.getByRole('region', { name: 'Admin Actions' });
    await expect.poll(() => actions.getByRole('button', { name: 'Reject Order' }).count(), { timeout: 15_000 }).toBe(1);

    const history = page.getByRole('region', { name: 'Order History' });
    await expect.poll(() => history.getByText('Completion request withdrawn by the admin who asked').count(), { timeout: 15_000 }).toBe(1);
    expect(await history.getByText('The customer paid a different amount', { exact: true }).count()).toBe(1);
    // The admin's own lines were sent from this browser: named, the user agent one click away.
    const userAgent = (await page.evaluate('navigator.userAgent')) as string;
    const client = history.locator('details.history-client').last();
    const summary = (await client.locator('summary').textContent()) ?? '';
    expect(summary).toMatch(/^Chrome \d+ on Linux$/);
    expect(await client.locator('code').isVisible()).toBe(false);
    expect(await history.getByText(userAgent, { exact: true }).first().isVisible()).toBe(false);
    await client.locator('summary').click();
    expect(await client.locator('code').textContent()).toBe(userAgent);
    expect(await client.locator('code').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Withdrawn, the order is the requester's to reject alone again.
    await actions.getByRole('button', { name: 'Reject Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject Order' }).click();
    const summaryCard = page.getByRole('region', { name: `Order #${order.refCode}` });
    await expect.poll(() => summaryCard.getByText('Rejected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  }, 120_000);
});
