// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteBuy } from '@desk/machines/pricing/pricing';
import { callsTo, EVM_ADDRESS, order, wallet } from '../../../test/fixtures';
import { PUBLIC_CONFIG } from '../../../test/render';
import { QUOTE_ROUNDING } from '../../../components/quote/quote-preview';
import { create, DEFAULT_WALLET, renderBuy } from './trading-test-kit';

// What the buy form does as the sell form does (the quote previewed, a saved choice asked for, the order sent, a refusal in words): trade-forms.test.tsx.
const preview = () => within(screen.getByLabelText('Fee and rate preview'));

describe('buy form', () => {
  it('keeps Create Order disabled until the amount is a valid whole number', async () => {
    renderBuy();
    await screen.findByRole('option', { name: /Main .*\(default\)/ });
    expect(create().disabled).toBe(true);
    const amount = screen.getByLabelText<HTMLInputElement>('Amount (INR)');
    await userEvent.type(amount, '10.5');
    expect(screen.getByText('INR amount must be a whole number')).toBeTruthy();
    expect(create().disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    expect(amount.value).toBe('10,000');
    expect(create().disabled).toBe(false);
  });

  it('shows the headroom under the limits before the customer types, and holds back an order over it', async () => {
    renderBuy({
      'GET /api/orders/limits': {
        daily: { limitInr: 100000, usedInr: 70000, remainingInr: 30000 },
        monthly: { limitInr: 500000, usedInr: 70000, remainingInr: 430000 },
      },
    });
    expect((await screen.findByLabelText('Your limits')).textContent).toBe(
      'Your limits: ₹30,000 left of ₹1,00,000 per 24 hours, ₹4,30,000 left of ₹5,00,000 per 30 days.',
    );
    await screen.findByRole('option', { name: /Main .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '30001');
    expect(screen.getByText('Over your limit: you can order up to ₹30,000 now')).toBeTruthy();
    expect(create().disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Amount (INR)'));
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '30000');
    expect(create().disabled).toBe(false);
  });

  it('says no address is saved in the picker', async () => {
    renderBuy({ 'GET /api/user/wallets': { wallets: [] } });
    expect(await screen.findByRole('option', { name: 'No saved addresses' })).toBeTruthy();
  });

  it('warns when the selected address belongs to another network', async () => {
    renderBuy();
    await screen.findByRole('option', { name: /Main .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '10000');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'ERC20');
    expect(screen.getByText(/This is a TRC20 \(Tron\) address, not an ERC20 one/)).toBeTruthy();
    expect(create().disabled).toBe(true);
  });

  it("shows ₹25,000 at ₹85 as the 294.11 USDT the order records (cut to the cent in the desk's favour, decision 0006) and says so", async () => {
    renderBuy({ 'GET /api/config/public': { ...PUBLIC_CONFIG, rates: { usdtInr: 85 }, fees: { fiatToCryptoPercent: 0, cryptoToFiatPercent: 0 } } });
    await screen.findByText('₹85 / USDT');
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '25000');
    expect(quoteBuy({ fiatAmount: '25000', rate: '85', feePercent: '0' }).netUsdt).toBe('294.11');
    expect(preview().getAllByText('294.11 USDT')).toHaveLength(2);
    expect(screen.getByText(QUOTE_ROUNDING)).toBeTruthy();
    expect(QUOTE_ROUNDING).toBe('Shown exactly as your order will record it: what you receive is rounded down to 0.01 USDT or ₹1, and the fee up.');
  });

  it('follows the network of an address the customer picks, and the cash rate', async () => {
    const { calls } = renderBuy({
      'GET /api/user/wallets': { wallets: [DEFAULT_WALLET, wallet({ label: 'Polygon', network: 'POLYGON', address: EVM_ADDRESS })] },
      'POST /api/orders/fiat-to-crypto': () => ({ status: 201, body: { order: order(), message: 'ok' } }),
    });
    await userEvent.selectOptions(screen.getByLabelText('USDT address'), await screen.findByRole('option', { name: /Polygon/ }));
    expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('POLYGON');
    await userEvent.click(screen.getByLabelText('Cash'));
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '8500');
    await userEvent.click(create());
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/orders/fiat-to-crypto')).toHaveLength(1));
    // The cash buy rate is 0 in the configuration, so the generic 85 applies, as on the server.
    expect(callsTo(calls, 'POST', '/api/orders/fiat-to-crypto')[0]!.body).toEqual({
      fiatAmount: '8500',
      network: 'POLYGON',
      withdrawAddress: EVM_ADDRESS,
      method: 'cash',
      expectedRate: '85',
    });
  });

  it('shows a changed rate and places the order once the customer confirms it', async () => {
    const placed = order({ rate: '90' });
    let attempts = 0;
    const { calls, onPlaced } = renderBuy({
      'POST /api/orders/fiat-to-crypto': () =>
        ++attempts === 1
          ? {
              status: 409,
              body: { error: 'rate_changed', message: 'The rate has changed to 90. Please review the new amount and confirm again.', currentRate: 90 },
            }
          : { status: 201, body: { order: placed, message: 'Buy order created successfully!' } },
    });
    await screen.findByRole('option', { name: /Main .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '10000');
    await userEvent.click(create());
    const notice = await screen.findByText('The rate has changed to 90. Please review the new amount and confirm again.');
    expect(within(notice.closest('[role="alert"]') as HTMLElement).getByText('₹90 / USDT')).toBeTruthy();
    // The preview now quotes the new rate: 10000 / 90 = 111.11, fee 0.56, net 110.55.
    expect(preview().getByText('110.55 USDT')).toBeTruthy();
    expect(onPlaced).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm at new rate' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(callsTo(calls, 'POST', '/api/orders/fiat-to-crypto').map((c) => (c.body as { expectedRate: string }).expectedRate)).toEqual(['88.5', '90']);
  });

  it('shows the server error when the order is refused', async () => {
    renderBuy({ 'POST /api/orders/fiat-to-crypto': () => ({ status: 400, body: { error: 'Amount must be at least ₹100' } }) });
    await screen.findByRole('option', { name: /Main .*\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '50');
    await userEvent.click(create());
    expect(await screen.findAllByText('Amount must be at least ₹100')).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });
});
