// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bankAccount, callsTo, order, wallet } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';
import { REFERENCE_REQUIRED } from '@desk/machines/order/proof-requirement';

const counts = () => within(screen.getByRole('region', { name: 'Order counts' }));

describe('dashboard', () => {
  it('counts open statuses as pending, beside completed, rejected and total', async () => {
    const statuses = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'completed', 'rejected', 'cancelled'] as const;
    renderCustomer('/dashboard', { 'GET /api/orders': { orders: statuses.map((status) => order({ status })) } });
    await waitFor(() => expect(counts().getByText('Total orders').nextSibling?.textContent).toBe('8'));
    expect(['Pending', 'Completed', 'Rejected'].map((label) => counts().getByText(label).nextSibling?.textContent)).toEqual(['4', '2', '1']);
  });

  it('after a buy: banner with the reference, payment details and proof by reference', async () => {
    const placed = order({ refCode: 'ORD-NEW1' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderCustomer('/dashboard', {
      'GET /api/user/wallets': { wallets: [wallet({ isDefault: true })] },
      'GET /api/user/tenant/bank-details': () => ({ status: 500, body: {} }),
      'POST /api/orders/fiat-to-crypto': () => ({ status: 201, body: { order: placed, message: 'Buy order created successfully!' } }),
      [`POST /api/orders/${placed._id}/upload`]: () => ({ status: 200, body: { order: { ...placed, proofCount: 1 }, message: 'Proof uploaded successfully' } }),
    });
    await screen.findByRole('option', { name: /\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (INR)'), '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Create Order' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Payment Details' }));
    // A failed fetch of the operator's accounts is only logged: the panel keeps its loading text.
    expect(await dialog.findByText('Loading bank details...')).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load bank details', expect.anything()));
    expect(dialog.getByText('Loading bank details...')).toBeTruthy();
    logged.mockRestore();
    const submit = dialog.getByRole<HTMLButtonElement>('button', { name: 'Submit Proof' });
    expect(submit.disabled).toBe(true);
    await userEvent.type(dialog.getByLabelText('Bank reference (UTR)'), 'UTR777');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', `/api/orders/${placed._id}/upload`).map((c) => c.body)).toEqual([{ bankReference: 'UTR777' }]);

    const banner = screen.getByText(/Order created successfully/).closest('.banner') as HTMLElement;
    expect(within(banner).getByText('ORD-NEW1')).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('ORD-NEW1')).toBeNull();
  });

  it('after a sell: the operator wallet with its QR code; a failed proof says so', async () => {
    const deposit = 'TKnownOperatorWalletAddress0000001';
    const placed = order({ refCode: 'ORD-NEW2', type: 'crypto_to_fiat', orderType: 'sell', depositAddress: deposit });
    const { calls } = renderCustomer('/dashboard', {
      'GET /api/user/bank-accounts': { accounts: [bankAccount({ isDefault: true })] },
      'GET /api/user/tenant/crypto-wallet-details': { cryptoWalletDetails: [{ network: 'TRC20', address: deposit, qrCodeUrl: null }] },
      'POST /api/orders/crypto-to-fiat': () => ({ status: 201, body: { order: placed, message: 'Sell order created successfully!' } }),
      [`POST /api/orders/${placed._id}/upload`]: () => ({ status: 500, body: {} }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sell USDT' }));
    await screen.findByRole('option', { name: /\(default\)/ });
    await userEvent.type(screen.getByLabelText('Amount (USDT)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create Order' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Payment Details' }));
    expect(await dialog.findByText(deposit)).toBeTruthy();
    expect(dialog.getByRole('img', { name: `QR code of the TRC20 address ${deposit}` }).tagName.toLowerCase()).toBe('svg');
    // A screenshot alone is not proof enough: it goes with the transaction hash.
    await userEvent.upload(dialog.getByLabelText('Screenshot or receipt (optional)'), new File([new Uint8Array(4)], 'tx.png', { type: 'image/png' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Proof' }));
    expect(dialog.getByText(REFERENCE_REQUIRED)).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/orders/${placed._id}/upload`)).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('Transaction hash'), '0xabc');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Proof' }));
    expect(await dialog.findByText('Failed to submit proof')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/orders/${placed._id}/upload`).map((c) => c.body)).toEqual([
      { dataUrl: 'data:image/png;base64,AAAAAA==', cryptoReference: '0xabc' },
    ]);
  });
});
