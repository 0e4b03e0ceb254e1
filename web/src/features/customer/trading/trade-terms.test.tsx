// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTHING_AFTER_FEES } from '@desk/machines/order/order-placement.decide';
import { bankAccount, callsTo } from '../../../test/fixtures';
import { PUBLIC_CONFIG } from '../../../test/render';
import { renderCustomer } from '../customer-test-kit';

const create = (form: HTMLElement) => within(form).getByRole<HTMLButtonElement>('button', { name: 'Create Order' });

describe('the order screen and its configuration', () => {
  it("says 'Failed to load data' on each card when the configuration cannot be loaded, and places nothing", async () => {
    const { calls } = renderCustomer('/add-order', {
      'GET /api/config/public': () => ({ status: 500, body: {} }),
      'GET /api/user/bank-accounts': { accounts: [bankAccount({ isDefault: true })] },
    });
    const sell = await screen.findByRole('form', { name: 'Sell USDT' });
    const buy = screen.getByRole('form', { name: 'Buy USDT' });
    expect(await within(sell).findByRole('alert')).toHaveProperty('textContent', 'Failed to load data');
    expect(within(buy).getByRole('alert').textContent).toBe('Failed to load data');
    await userEvent.type(within(sell).getByLabelText('Amount (USDT)'), '100');
    expect(create(sell).disabled).toBe(true);
    expect(callsTo(calls, 'POST', '/api/orders/crypto-to-fiat')).toHaveLength(0);
  });

  it('shows no such alert once the configuration is there', async () => {
    renderCustomer('/add-order');
    const sell = await screen.findByRole('form', { name: 'Sell USDT' });
    await within(sell).findByText('₹86 / USDT');
    expect(screen.queryByText('Failed to load data')).toBeNull();
  });

  it('refuses an amount that leaves nothing after the fee, as the server would', async () => {
    // 1 USDT at ₹0.5 is ₹0 gross: nothing to pay out.
    const config = { ...PUBLIC_CONFIG, rates: { ...PUBLIC_CONFIG.rates, usdt_cash_sell: 0.5 } };
    renderCustomer('/add-order', { 'GET /api/config/public': config });
    const sell = await screen.findByRole('form', { name: 'Sell USDT' });
    await userEvent.click(within(sell).getByRole('radio', { name: /Cash/ }));
    await within(sell).findByText('₹0.5 / USDT');
    await userEvent.type(within(sell).getByLabelText('Amount (USDT)'), '1');
    expect(within(sell).getByText(NOTHING_AFTER_FEES)).toBeTruthy();
    expect(create(sell).disabled).toBe(true);
    await userEvent.type(within(sell).getByLabelText('Amount (USDT)'), '0');
    expect(within(sell).queryByText(NOTHING_AFTER_FEES)).toBeNull();
    expect(create(sell).disabled).toBe(false);
  });
});
