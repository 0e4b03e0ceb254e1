/**
 * Compliance staff in real Chromium against a fresh `npm start`: the operator's admin grants a user
 * the compliance role through the API; the officer signs in and lands on /compliance, finds an order
 * by its ref, steps through its timeline (events by name, only what each changed, in words), sees the
 * order (the picker on top, to the second) and the order book as they stood at an earlier instant,
 * searches the event log by event and brand names, and makes an export by the order's reference whose
 * link downloads a file of the order's events. It reads the changes to the desk's rules (one waiting
 * for a second admin, one confirmed at the server). Every screen is axe-clean (no serious or critical
 * finding) and fits at 390 px and 1280 px, screenshots at both. `/` does not load the compliance
 * area's code.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { confirmOnServer } from '../support/admin-cli';
import { watchCspViolations } from './support/csp-violations';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';
import { checkedApiOf } from './support/signed-in';

const ADMIN = { phone: '+919000000077', password: 'e2e-admin-password' };
const CUSTOMER = { phone: '+919812300077', password: 'customer-pass' };
const OFFICER = { phone: '+919812300078', password: 'officer-pass' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, { customer: { username: 'Kiran Customer', ...CUSTOMER } })
  /**
   * The officer's desk, once per file: the compliance officer (signed up, the role confirmed at the
   * server), a change waiting for a second admin, the customer's completed order with an instant
   * between its placing and its verifying, and the one page the officer's steps go on from (its
   * Content-Security-Policy violations kept), with the steps repeated on it.
   */
  .extend('officer', { scope: 'file' }, async ({ server, browser, admin, customer }) => {
    const api = checkedApiOf(server);
    // The officer signs up with a password of their own (one an admin chose is no staff sign-in, decision
    // 0029); granting the role waits for a second admin, confirmed here at the server (decision 0030).
    await api('POST', '/api/auth/register/otp/send', null, { phone: OFFICER.phone });
    await api('POST', '/api/auth/register/otp/verify', null, { phone: OFFICER.phone, otp: await server.otpFor(OFFICER.phone, 'register') });
    const { user: officer } = await api('POST', '/api/auth/register', null, { username: 'Asha Auditor', ...OFFICER });
    const granting = await api('PUT', `/api/admin/users/${officer._id}/roles`, admin, { roles: ['compliance'] });
    await confirmOnServer(server.serverEnv, granting.change._id);
    // A change that waits for a second admin (turning four eyes off), for the officer's Desk changes screen.
    const asked = await api('PUT', '/api/admin/settings', admin, { controls: { fourEyesAboveInr: 0 } });
    expect(asked.pendingConfirmation).toBe(true);
    const pendingChangeId: string = asked.change._id;

    const placed = await api('POST', '/api/orders/fiat-to-crypto', customer, { fiatAmount: 2500, network: 'TRC20', withdrawAddress: TRON, method: 'bank' });
    const order: { id: string; ref: string } = { id: placed.order._id, ref: placed.order.refCode };
    // A whole second between placing and verifying, so a picked second falls strictly between them.
    await sleep(1500);
    const beforeVerified = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    await sleep(1500);
    await api('POST', `/api/admin/orders/${order.id}/verify`, admin);
    await api('POST', `/api/admin/orders/${order.id}/complete`, admin, { cryptoReference: '0xc0ffee' });

    // UTC, so the pickers' local time is the ISO instant's.
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true, timezoneId: 'UTC' });
    const cspViolations = await watchCspViolations(page);
    const search = () => page.getByRole('form', { name: 'Order search' });
    /**
     * axe's serious and critical violations, with the experimental rule that a control's name holds its visible words
     * (the timeline's step buttons broke it, issue 29).
     */
    const violations = () => seriousViolations(page, { enable: ['label-content-name-mismatch'] });
    /** At 390 px and 1280 px (ending at 1280 px): nothing scrolls sideways, axe finds nothing serious, a screenshot. */
    const checkScreen = async (name: string) => {
      await page.waitForLoadState('networkidle');
      try {
        await fitsBothWidths(page, 'compliance', name, async (viewport) => expect(await violations(), `${name} at ${viewport.width} px`).toEqual([]));
      } finally {
        // A failure at the phone's width leaves the laptop's for the next test (its sidebar in view).
        await page.setViewportSize(DESKTOP);
      }
    };
    return { page, cspViolations, order, beforeVerified, pendingChangeId, search, checkScreen };
  });

describe('compliance desk in a real browser', () => {
  // The desk and the officer's page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ officer }) => void officer, 120_000);

  it('does not load the compliance code on the landing page', async ({ server, browser }) => {
    const landing = await browser.newPage({ viewport: PHONE });
    const scripts: string[] = [];
    landing.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    await landing.goto(server.base);
    await expect.poll(() => landing.locator('h1').first().textContent()).toContain('USDT Desk');
    await landing.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('compliance'))).toEqual([]);
    await landing.close();
  }, 60_000);

  it('signs the officer in to the compliance area, in its own chunk', async ({ server, officer: { page } }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    await page.goto(`${server.base}/login`);
    await page.getByRole('tabpanel').getByLabel('Phone number').fill(OFFICER.phone);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(OFFICER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/compliance');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(scripts.some((url) => url.includes('compliance-routes'))).toBe(true);
  }, 60_000);

  it('finds the order by its ref and opens its timeline', async ({ officer: { page, search, order, checkScreen } }) => {
    await search().getByLabel('Search').fill(order.ref);
    await search().getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Orders' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain('Completed');
    // Brands by name: the operator's officer picks any brand they read from a list of names.
    const brands = await search().getByLabel('Brand').locator('option').allTextContents();
    expect(brands[0]).toBe('All brands');
    expect(brands.length).toBeGreaterThanOrEqual(2);
    expect(brands.filter((b) => /^[a-z0-9-]+$/.test(b) && b !== 'All brands')).toEqual([]);
    await checkScreen('orders');
    await table.getByRole('link', { name: order.ref }).click();
    await page.getByRole('heading', { name: `Order #${order.ref}`, level: 1 }).waitFor();
  }, 60_000);

  it('steps through the timeline: events by name, and only what each changed, in words', async ({ officer: { page, checkScreen } }) => {
    const counter = page.getByText(/^Step \d+ of \d+$/);
    await expect.poll(() => counter.textContent()).toMatch(/^Step 1 of [3-9]$/);
    const total = Number((await counter.textContent())!.split(' of ')[1]);
    expect(await page.getByText('Hash chain intact').isVisible()).toBe(true);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    expect(await timeline.locator('[aria-current="step"]').textContent()).toContain('Order placed');
    expect(await timeline.textContent()).not.toMatch(/OrderPlaced|OrderVerified|OrderCompleted/);
    // The placing step lists what was recorded, in words and formatted values.
    const recorded = page.getByRole('table', { name: 'What was recorded' });
    expect(await recorded.textContent()).toContain('₹2,500');
    expect(await recorded.textContent()).toContain('Buy USDT');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => counter.textContent()).toBe(`Step 2 of ${total}`);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect.poll(() => counter.textContent()).toBe(`Step 1 of ${total}`);

    // The admin's verification changed the status, and only that is listed, before and after.
    await timeline.getByRole('button', { name: /Payment verified/ }).click();
    expect(await timeline.locator('[aria-current="step"]').textContent()).toContain('Payment verified');
    const changed = page.getByRole('table', { name: 'What changed' });
    await expect.poll(() => changed.locator('tbody tr').allTextContents()).toEqual(['StatusPendingPayment Received']);
    const details = page.getByRole('region', { name: /^Step \d+: Payment verified$/ });
    expect(await details.textContent()).toMatch(/When\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}:\d{2} [ap]m UTC/);
    expect(await details.locator('details').first().getAttribute('open')).toBeNull();
    await checkScreen('timeline');

    await page.getByRole('button', { name: 'Last', exact: true }).click();
    await expect.poll(() => counter.textContent()).toBe(`Step ${total} of ${total}`);
  }, 60_000);

  it('shows the order, and the order book, as they stood before the order was verified', async ({ server, officer }) => {
    const { page, search, order, beforeVerified, checkScreen } = officer;
    const form = page.getByRole('form', { name: 'Order as of' });
    // The picker is at the top, above the timeline, and starts at the last event to the second.
    const [picker, list] = [await form.boundingBox(), await page.getByRole('list', { name: 'Timeline' }).boundingBox()];
    expect(picker!.y).toBeLessThan(list!.y);
    expect(picker!.y).toBeLessThan((await page.getByRole('group', { name: 'Replay controls' }).boundingBox())!.y);
    expect(await form.getByLabel('As of').getAttribute('step')).toBe('1');
    expect(await page.getByText(/^In force: the order as it stands now/).isVisible()).toBe(true);
    await form.getByLabel('As of').fill(beforeVerified.slice(0, 19));
    await form.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('.as-of-result').getByText('Pending', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    const inForce = `In force: the order as of ${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'UTC' }).format(new Date(beforeVerified))}`;
    expect(await page.getByText(/^In force: the order as of/).textContent()).toContain(inForce);
    expect(await page.getByText(/^In force: the order as of/).textContent()).toMatch(/\d+ events? recorded by then, the last at/);
    // The timeline shows the step in force then: the order as placed.
    expect(await page.getByRole('list', { name: 'Timeline' }).locator('[aria-current="step"]').textContent()).toContain('Order placed');
    await checkScreen('timeline-as-of');

    await page.goto(`${server.base}/compliance?search=${order.ref}`);
    await search().getByLabel('As of').fill(beforeVerified.slice(0, 19));
    await search().getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^Order book as of/).waitFor();
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(beforeVerified);
    const table = page.getByRole('table', { name: 'Orders' });
    await expect.poll(() => table.getByRole('row').nth(1).textContent(), { timeout: 15_000 }).toContain('Pending');
    await checkScreen('orders-as-of');
  }, 60_000);

  it("searches the event log for the order's stream and opens an event", async ({ officer: { page, order, checkScreen } }) => {
    await page.getByRole('complementary', { name: 'Compliance navigation' }).getByRole('link', { name: 'Event Log' }).click();
    const filters = page.getByRole('form', { name: 'Events filters' });
    await filters.getByLabel('Stream').fill(`order-${order.id}`);
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Events' });
    await expect.poll(() => table.locator('tbody > tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    // Newest first: the completion heads the list, by name.
    expect(await table.locator('tbody > tr').first().textContent()).toContain('Order completed');
    await table.getByRole('button', { name: /^Show the record of Order completed/ }).click();
    await expect.poll(() => page.getByLabel('Data of OrderCompleted', { exact: true }).textContent()).toContain('0xc0ffee');
    // Events and brands are filtered by name.
    await filters.getByLabel('Event').selectOption({ label: 'Payment verified' });
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.locator('tbody > tr').allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('Payment verified')]);
    expect(new URL(page.url()).searchParams.get('type')).toBe('OrderVerified');
    expect(await filters.getByLabel('Brand').locator('option').first().textContent()).toBe('Every brand');
    // On a laptop the log keeps to the screen: its last column (the brand, by name) is in view.
    const hidden = (await table.evaluate((t) => t.closest('.table-wrap')!.scrollWidth - t.closest('.table-wrap')!.clientWidth)) as number;
    expect(hidden).toBeLessThanOrEqual(0);
    expect(await table.locator('tbody > tr').first().textContent()).toContain('USDT Desk');
    await checkScreen('events');
  }, 60_000);

  it('makes an export of the order whose link downloads its events', async ({ officer: { page, order, checkScreen } }) => {
    await page.getByRole('complementary', { name: 'Compliance navigation' }).getByRole('link', { name: 'Exports' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(/^sha256:/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    const form = page.getByRole('form', { name: 'New export' });
    // By the reference every screen shows; one that names no order is refused by name.
    await form.getByLabel('Orders', { exact: true }).fill(`${order.ref}\nORD-ZZZZZZZZZZ`);
    await form.getByRole('button', { name: 'Create export' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'ORD-ZZZZZZZZZZ' }).textContent(), { timeout: 15_000 })
      .toContain('No order ORD-ZZZZZZZZZZ in your scope');
    await form.getByLabel('Orders', { exact: true }).fill(order.ref.toLowerCase());
    await form.getByRole('button', { name: 'Create export' }).click();
    const link = page.getByRole('link', { name: 'Download export' });
    await link.waitFor({ timeout: 15_000 });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/compliance\/exports\/.+sig=/);
    await checkScreen('exports');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-export-.+\.jsonl$/);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain(order.id);
    expect(text).toContain('OrderCompleted');
  }, 60_000);

  it("reads the changes to the desk's rules: the one waiting first, then the role grant confirmed at the server", async ({ officer }) => {
    const { page, pendingChangeId, checkScreen } = officer;
    await page.getByRole('complementary', { name: 'Compliance navigation' }).getByRole('link', { name: 'Desk changes' }).click();
    await page.waitForURL((url) => url.pathname === '/compliance/changes');
    const waiting = page.getByRole('region', { name: 'Waiting for a second admin (1)' }).getByRole('article', { name: 'Global Settings' });
    await waiting.waitFor({ timeout: 15_000 });
    const asked = await waiting.textContent();
    expect(asked).toContain('Waiting for a second admin');
    expect(asked).toMatch(/Second admin above.*₹2,00,000.*off/);
    expect(asked).toMatch(/Asked by .+ on \d/);
    const granted = page.getByRole('region', { name: 'Recent' }).getByRole('article', { name: /^Staff roles/ });
    expect(await granted.textContent()).toMatch(/Confirmed: in force.*confirmed by The admin CLI, on the server on \d/);
    await checkScreen('desk-changes');

    await waiting.getByRole('link', { name: 'Global Settings' }).click();
    await page.waitForURL((url) => url.pathname === `/compliance/changes/${pendingChangeId}`);
    await page.getByRole('heading', { name: 'Global Settings', level: 1 }).waitFor();
    expect(await page.getByText('It turns off the four-eyes threshold', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /confirm|decline|withdraw/i }).count()).toBe(0);
    await checkScreen('desk-change');
  }, 60_000);

  it("recorded the officer's reading in the access trail", async ({ officer: { page, checkScreen } }) => {
    await page.getByRole('complementary', { name: 'Compliance navigation' }).getByRole('link', { name: 'Access Trail' }).click();
    const table = page.getByRole('table', { name: 'Access events' });
    await expect.poll(() => table.locator('tbody > tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await table.locator('tbody > tr').first().textContent()).toContain('Compliance view opened');
    await checkScreen('access-trail');
  }, 60_000);

  it('met no Content-Security-Policy violation on any screen', ({ officer: { cspViolations } }) => {
    expect(cspViolations).toEqual([]);
  });
});
