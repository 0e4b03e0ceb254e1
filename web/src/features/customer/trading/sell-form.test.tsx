// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { create, renderSell } from './trading-test-kit';

// What the sell form does as the buy form does (the quote previewed, a saved choice asked for, the order sent, a refusal in words): trade-forms.test.tsx.

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

  it('needs no bank account for a cash payout', async () => {
    renderSell({ 'GET /api/user/bank-accounts': { accounts: [] } });
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(await screen.findByText('Please select a bank account')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Cash'));
    expect(screen.queryByText('Please select a bank account')).toBeNull();
    expect(create().disabled).toBe(false);
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
});
