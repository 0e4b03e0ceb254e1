/**
 * The desk's controls in real Chromium against a fresh `npm start`: a reject with a reason and a
 * note (the customer reads the sentence, never the note), and duplicate payment evidence shown on
 * the admin's order page with a link to the other order.
 */
import { describe, expect } from 'vitest';
import { CUSTOMER_REASONS } from '../../machines/src/order/order-reasons';
import { e2eTestWith } from './support/e2e-fixtures';

const ADMIN = { phone: '+919000000057', password: 'e2e-admin-password' };
const ASHA = { phone: '+919812300081', password: 'customer-pass' };
const RAVI = { phone: '+919812300082', password: 'customer-pass' };
const BUY = { fiatAmount: 2500, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });

describe('order controls in a real browser', () => {
  let asha: string;
  let ravi: string;

  it.beforeAll(async ({ server }) => {
    // A customer who signs up: one an admin made orders only once they set their own password (decision 0029).
    for (const person of [ASHA, RAVI]) await server.signUp(person);
    [asha, ravi] = await Promise.all([server.signIn(ASHA), server.signIn(RAVI)]);
  }, 120_000);

  it('rejects with a reason and a note; the customer reads the sentence and never the note', async ({ api, open, admin }) => {
    const { order } = await api('POST', '/api/orders/fiat-to-crypto', asha, BUY);
    const desk = await open(admin, `/admin/orders/${order._id}`);
    await desk.getByRole('button', { name: 'Reject Order' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Reject Order' });
    await dialog.getByLabel('Reason').selectOption({ label: 'UTR not found' });
    await dialog.getByLabel(/Note for the desk/).fill('Nothing in the HDFC statement for 23 Nov');
    await dialog.getByRole('button', { name: 'Reject Order' }).click();
    await expect.poll(() => desk.getByText(/Reason: UTR not found \(Nothing in the HDFC statement/).count(), { timeout: 10_000 }).toBe(1);
    await desk.close();

    const customer = await open(asha, `/dashboard/orders/${order._id}`);
    await expect.poll(() => customer.getByText(CUSTOMER_REASONS.utr_not_found).count(), { timeout: 10_000 }).toBe(1);
    expect(await customer.locator('body').textContent()).not.toContain('HDFC statement');
    await customer.close();
  }, 60_000);

  it("shows the same UTR on two orders on the admin's order page, linking the other order", async ({ api, open, admin }) => {
    const first = (await api('POST', '/api/orders/fiat-to-crypto', asha, BUY)).order;
    const second = (await api('POST', '/api/orders/fiat-to-crypto', ravi, BUY)).order;
    await api('POST', `/api/orders/${first._id}/upload`, asha, { bankReference: 'UTRE2EDUP01' });
    await api('POST', `/api/orders/${second._id}/upload`, ravi, { bankReference: 'UTRE2EDUP01' });
    // The evidence check runs as a job just after the proof: the page is opened once it has run.
    await expect.poll(async () => (await api('GET', `/api/admin/orders/${second._id}`, admin)).flags.length, { timeout: 15_000 }).toBe(1);
    const desk = await open(admin, `/admin/orders/${second._id}`);
    const alerts = desk.getByRole('alert', { name: 'Order alerts' });
    await expect.poll(() => alerts.count(), { timeout: 15_000 }).toBe(1);
    expect(await alerts.textContent()).toContain('The same payment reference is on another order (UTR UTRE2EDUP01)');
    await alerts.getByRole('link', { name: first.refCode }).click();
    await desk.waitForURL(`**/admin/orders/${first._id}`);
    await expect.poll(() => desk.getByRole('alert', { name: 'Order alerts' }).getByRole('link', { name: second.refCode }).count()).toBe(1);
    await desk.close();
  }, 60_000);
});
