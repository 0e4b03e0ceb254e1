/**
 * Two of the desk's controls in real Chromium against a fresh `npm start`: a completion above the
 * four-eyes threshold waits for a second admin, who confirms it on the order page; and the trading
 * form shows a customer's headroom under their limits and holds back an order over it.
 */
import { describe, expect } from 'vitest';
import { fourEyesTestWith } from './support/four-eyes-desk';

const ADMIN = { phone: '+919000000072', password: 'e2e-admin-password' };
const SECOND_PHONE = '+919000000073';
const TARA = { phone: '+919812300094', password: 'customer-pass' };
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

// No monthly limit loosens the desk's rules: it waits for a second admin, confirmed from the server.
const it = fourEyesTestWith(
  { admin: ADMIN, secondPhone: SECOND_PHONE, customer: TARA },
  { fourEyesAboveInr: 5000, customerDailyInr: 20000, customerMonthlyInr: 0 },
);

describe('four eyes and customer limits in a real browser', () => {
  it.beforeAll(async ({ api, fourEyes: { customer: tara } }) => {
    await api('POST', '/api/user/wallet', tara, { network: 'TRC20', address: WALLET, label: 'Main', isDefault: true });
  }, 120_000);

  it('asks a second admin to approve the payout above the threshold before it is sent, then records it', async ({
    api,
    open,
    admin,
    fourEyes: { second, customer: tara },
  }) => {
    const { order } = await api('POST', '/api/orders/fiat-to-crypto', tara, { fiatAmount: 6000, network: 'TRC20', withdrawAddress: WALLET, method: 'bank' });
    await api('POST', `/api/orders/${order._id}/upload`, tara, { bankReference: 'UTRE2EFOUR01' });

    const first = await open(admin, `/admin/orders/${order._id}`);
    const actions = first.getByRole('region', { name: 'Admin Actions' });
    // No reference to give yet: the USDT must not leave before a second admin approves it.
    await expect.poll(() => actions.getByText(/This payout needs a second admin's approval before the USDT is sent/).count(), { timeout: 10_000 }).toBe(1);
    expect(await actions.getByLabel('Crypto Transaction Reference').count()).toBe(0);
    await actions.getByRole('button', { name: 'Ask a second admin to approve the payout' }).click();
    await expect.poll(() => first.getByText(/Completion requested: a different admin must confirm it/).count(), { timeout: 10_000 }).toBe(1);
    const mine = first.getByRole('region', { name: 'Waiting for a second admin' });
    await expect.poll(() => mine.count(), { timeout: 10_000 }).toBe(1);
    expect(await mine.textContent()).toContain('A different admin: not you');
    expect(await mine.getByRole('button', { name: 'Approve payout' }).count()).toBe(0);

    const other = await open(second, `/admin/orders/${order._id}`);
    const request = other.getByRole('region', { name: 'Waiting for a second admin' });
    await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
    expect(await request.textContent()).toContain('to approve paying out this order');
    await request.getByRole('button', { name: 'Approve payout' }).click();
    // The first admin's open page follows without a reload: the approval, and the reference to record.
    const firstActions = first.getByRole('region', { name: 'Admin Actions' });
    await expect.poll(() => firstActions.getByText(/Payout approved by/).count(), { timeout: 10_000 }).toBe(1);
    await firstActions.getByLabel('Crypto Transaction Reference').fill('0xe2efoureyes');
    await firstActions.getByRole('button', { name: 'Approve Order' }).click();
    const summary = first.getByRole('region', { name: `Order #${order.refCode}` });
    await expect.poll(() => summary.getByText('Completed', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await Promise.all([first.close(), other.close()]);
  }, 60_000);

  it('shows the headroom before the customer types, and holds back an order over it', async ({ open, fourEyes: { customer: tara } }) => {
    // ₹6,000 of the ₹20,000 a day is held by the order above.
    const page = await open(tara, '/add-order');
    const buy = page.getByRole('form', { name: 'Buy USDT' });
    const limits = buy.getByLabel('Your limits');
    await expect.poll(() => limits.textContent(), { timeout: 10_000 }).toBe('Your limits: ₹14,000 left of ₹20,000 per 24 hours.');
    await buy.getByLabel('Amount (INR)').fill('15000');
    await expect.poll(() => buy.getByText('Over your limit: you can order up to ₹14,000 now').count()).toBe(1);
    expect(await buy.getByRole('button', { name: 'Create Order' }).isDisabled()).toBe(true);
    await buy.getByLabel('Amount (INR)').fill('14000');
    await expect.poll(() => buy.getByRole('button', { name: 'Create Order' }).isDisabled()).toBe(false);
    await page.close();
  }, 60_000);
});
