// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteSell } from '@desk/machines/pricing/pricing';
import { bankAccount, callsTo, order } from '../../../test/fixtures';
import { fakeApi, renderWithApp } from '../../../test/render';
import { BASE_API } from '../customer-test-kit';
import { SellForm } from './sell-form';

const DEFAULT_ACCOUNT = bankAccount({ bankName: 'ICICI Bank', isDefault: true });

function renderSell(table: Parameters<typeof fakeApi>[0] = {}) {
  const onPlaced = vi.fn();
  const api = fakeApi({ ...BASE_API, 'GET /api/user/bank-accounts': { accounts: [bankAccount(), DEFAULT_ACCOUNT] }, ...table });
  renderWithApp(<SellForm onPlaced={onPlaced} />);
  return { ...api, onPlaced };
}

const create = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Order' });

describe('sell form', () => {
  it('takes whole USDT only and keeps Create Order disabled otherwise', async () => {
    renderSell();
    await screen.findByRole('option', { name: /ICICI Bank .*\(default\)/ });
    const amount = screen.getByLabelText('Amount (USDT)');
    await userEvent.type(amount, '12.5');
    expect(screen.getByText('USDT amount must be a whole number')).toBeTruthy();
    expect(create().disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect(screen.getByText('Enter a valid positive amount')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    expect(create().disabled).toBe(false);
  });

  it('previews the quote of quoteSell in whole rupees', async () => {
    renderSell();
    await screen.findByText('₹86 / USDT');
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '101');
    const expected = quoteSell({ cryptoAmount: '101', rate: '86', feePercent: '1' });
    expect(expected).toMatchObject({ grossInr: '8686', feeInr: '87', netInr: '8599' });
    const quote = within(screen.getByLabelText('Fee and rate preview'));
    expect(quote.getByText('₹8,686')).toBeTruthy();
    expect(quote.getByText('₹87')).toBeTruthy();
    expect(quote.getByText('₹8,599')).toBeTruthy();
  });

  it('needs a bank account for a bank payout, none for cash', async () => {
    renderSell({ 'GET /api/user/bank-accounts': { accounts: [] } });
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(await screen.findByText('Please select a bank account')).toBeTruthy();
    expect(create().disabled).toBe(true);
    // Not an error before the customer has started an order.
    await userEvent.clear(screen.getByLabelText('Amount (USDT)'));
    expect(screen.queryByText('Please select a bank account')).toBeNull();
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    await userEvent.click(screen.getByLabelText('Cash'));
    expect(screen.queryByText('Please select a bank account')).toBeNull();
    expect(create().disabled).toBe(false);
  });

  it('sends TRC20, the default bank account and the rate shown', async () => {
    const placed = order({ type: 'crypto_to_fiat', orderType: 'sell' });
    const { calls, onPlaced } = renderSell({
      'POST /api/orders/crypto-to-fiat': () => ({ status: 201, body: { order: placed, message: 'Sell order created successfully!' } }),
    });
    await screen.findByRole('option', { name: /ICICI Bank .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    await userEvent.click(create());
    expect(await screen.findByText('Sell order created successfully!')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/orders/crypto-to-fiat').map((c) => c.body)).toEqual([
      { cryptoAmount: '100', network: 'TRC20', method: 'bank', bankAccountId: DEFAULT_ACCOUNT._id, expectedRate: '86' },
    ]);
    expect(onPlaced).toHaveBeenCalledWith(placed);
  });

  it('falls back to Failed to create order when the server gives no text', async () => {
    const { calls } = renderSell({ 'POST /api/orders/crypto-to-fiat': () => ({ status: 503, body: {} }) });
    await screen.findByRole('option', { name: /ICICI Bank .*\(default\)/ });
    await userEvent.click(screen.getByLabelText('Cash'));
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    await userEvent.click(create());
    expect(await screen.findAllByText('Failed to create order')).not.toHaveLength(0);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/orders/crypto-to-fiat')[0]!.body).toEqual({
        cryptoAmount: '100',
        network: 'TRC20',
        method: 'cash',
        expectedRate: '87',
      }),
    );
  });

  it('says in words that an account an admin made sets its own password first, with the way to it', async () => {
    const refusal = { error: 'Set your own password with a code sent to your phone before placing orders', code: 'phone_not_verified' };
    renderSell({ 'POST /api/orders/crypto-to-fiat': () => ({ status: 403, body: refusal }) });
    await screen.findByRole('option', { name: /ICICI Bank .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    await userEvent.click(create());
    expect(await screen.findByText(refusal.error, { selector: 'p.error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});
