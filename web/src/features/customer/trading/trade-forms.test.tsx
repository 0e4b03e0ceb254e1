// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteBuy, quoteSell } from '@desk/machines/pricing/pricing';
import { callsTo, order, TRON_ADDRESS } from '../../../test/fixtures';
import { create, DEFAULT_ACCOUNT, renderBuy, renderSell } from './trading-test-kit';

/** What the buy and the sell form do alike, each with its own amount, rate, order and words. */
const FORMS = [
  {
    form: 'buy',
    render: renderBuy,
    chosen: /Main .*\(default\)/,
    amountLabel: 'Amount (INR)',
    amount: '10000',
    noneSaved: { 'GET /api/user/wallets': { wallets: [] } },
    missing: 'Please select a USDT address',
    path: '/api/orders/fiat-to-crypto',
    placed: order(),
    placedText: 'Buy order created successfully!',
    sent: { fiatAmount: '10000', network: 'TRC20', withdrawAddress: TRON_ADDRESS, method: 'bank', expectedRate: '88.5' },
    // 10000 INR at 88.5 with a 0.5% fee.
    preview: {
      rate: '₹88.5 / USDT',
      amount: '10000',
      quote: () => quoteBuy({ fiatAmount: '10000', rate: '88.5', feePercent: '0.5' }),
      is: { grossUsdt: '112.99', feeUsdt: '0.57', netUsdt: '112.42' },
      shown: ['0.5%', '112.99 USDT', '0.57 USDT', '112.42 USDT'],
    },
  },
  {
    form: 'sell',
    render: renderSell,
    chosen: /ICICI Bank .*\(default\)/,
    amountLabel: 'Amount (USDT)',
    amount: '100',
    noneSaved: { 'GET /api/user/bank-accounts': { accounts: [] } },
    missing: 'Please select a bank account',
    path: '/api/orders/crypto-to-fiat',
    placed: order({ type: 'crypto_to_fiat', orderType: 'sell' }),
    placedText: 'Sell order created successfully!',
    sent: { cryptoAmount: '100', network: 'TRC20', method: 'bank', bankAccountId: DEFAULT_ACCOUNT._id, expectedRate: '86' },
    // 101 USDT at 86 with a 1% fee, in whole rupees.
    preview: {
      rate: '₹86 / USDT',
      amount: '101',
      quote: () => quoteSell({ cryptoAmount: '101', rate: '86', feePercent: '1' }),
      is: { grossInr: '8686', feeInr: '87', netInr: '8599' },
      shown: ['₹8,686', '₹87', '₹8,599'],
    },
  },
];

describe.each(FORMS)('$form form', (form) => {
  it('previews the quote the machine gives for the amount typed', async () => {
    form.render();
    await screen.findByText(form.preview.rate);
    await userEvent.type(screen.getByLabelText(form.amountLabel), form.preview.amount);
    expect(form.preview.quote()).toMatchObject(form.preview.is);
    const quote = within(screen.getByLabelText('Fee and rate preview'));
    for (const text of form.preview.shown) expect(quote.getByText(text)).toBeTruthy();
  });

  it('asks for a saved choice once an amount is typed, and holds the order back', async () => {
    form.render(form.noneSaved);
    await userEvent.type(screen.getByLabelText(form.amountLabel), form.amount);
    expect(await screen.findByText(form.missing)).toBeTruthy();
    expect(create().disabled).toBe(true);
    // Not an error before the customer has started an order.
    await userEvent.clear(screen.getByLabelText(form.amountLabel));
    expect(screen.queryByText(form.missing)).toBeNull();
  });

  it('sends the amount, the default saved choice, the network and the rate shown, and hands the order on', async () => {
    const { calls, onPlaced } = form.render({ [`POST ${form.path}`]: () => ({ status: 201, body: { order: form.placed, message: form.placedText } }) });
    await screen.findByRole('option', { name: form.chosen });
    await userEvent.type(screen.getByLabelText(form.amountLabel), form.amount);
    await userEvent.click(create());
    expect(await screen.findByText(form.placedText)).toBeTruthy();
    expect(callsTo(calls, 'POST', form.path).map((c) => c.body)).toEqual([form.sent]);
    expect(onPlaced).toHaveBeenCalledWith(form.placed);
  });

  it('says in words that an account an admin made sets its own password first, with the way to it', async () => {
    const refusal = { error: 'Set your own password with a code sent to your phone before placing orders', code: 'phone_not_verified' };
    form.render({ [`POST ${form.path}`]: () => ({ status: 403, body: refusal }) });
    await screen.findByRole('option', { name: form.chosen });
    await userEvent.type(screen.getByLabelText(form.amountLabel), form.amount);
    await userEvent.click(create());
    expect(await screen.findByText(refusal.error, { selector: 'p.error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});
