// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, order } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';
import { REFERENCE_REQUIRED } from '@desk/machines/order/proof-requirement';

const pending = order({ refCode: 'ORD-P1' });
const path = `/api/orders/${pending._id}`;

const fileOf = (bytes: number, name = 'utr.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

describe('order detail', () => {
  it('says Order not found on a 404', async () => {
    renderCustomer(`/orders/${pending._id}`, { [`GET ${path}`]: () => ({ status: 404, body: { error: 'Order not found' } }) });
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });

  it('says Failed to load order details on other failures', async () => {
    renderCustomer(`/dashboard/orders/${pending._id}`, { [`GET ${path}`]: () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to load order details')).toBeTruthy();
  });

  it('shows the order, its status and the operator account to pay', async () => {
    renderCustomer(`/dashboard/orders/${pending._id}`, {
      [`GET ${path}`]: pending,
      'GET /api/user/tenant/bank-details': {
        bankDetails: [{ bankName: 'Axis Bank', accountName: 'Desk Pvt Ltd', accountNumber: '9988776655', ifsc: 'UTIB0000001' }],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Order ORD-P1' })).toBeTruthy();
    expect(screen.getByText('Status: Pending')).toBeTruthy();
    expect(await screen.findByText('9988776655')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
  });

  it('refuses a proof file over 5 MB without sending it', async () => {
    const { calls } = renderCustomer(`/orders/${pending._id}`, { [`GET ${path}`]: pending });
    const input = await screen.findByLabelText('Proof file');
    await userEvent.upload(input, fileOf(5 * 1024 * 1024 + 1));
    expect(screen.getByText('File size must be less than 5MB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Proof' }));
    expect(callsTo(calls, 'POST', `${path}/upload`)).toHaveLength(0);
  });

  it('asks for a file, then uploads it as a data URL with the reference', async () => {
    const withProof = {
      ...pending,
      proofCount: 1,
      bankReference: 'UTR123',
      attachments: [{ url: '/api/files/f1?sig=s', name: 'utr.png', contentType: 'image/png', size: 2048 }],
    };
    const { calls } = renderCustomer(`/orders/${pending._id}`, {
      [`GET ${path}`]: pending,
      [`POST ${path}/upload`]: () => ({ status: 200, body: { order: withProof, message: 'Proof uploaded successfully' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Proof' }));
    expect(screen.getByText('Please select a file')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Proof file'), fileOf(4));
    await userEvent.type(screen.getByLabelText('Bank reference (UTR)'), 'UTR123');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Proof' }));
    expect(await screen.findByText('Proof uploaded successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', `${path}/upload`).map((c) => c.body)).toEqual([{ dataUrl: 'data:image/png;base64,AAAAAA==', bankReference: 'UTR123' }]);
    // With proof in, the machine no longer allows cancelling; the attachment is listed.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull());
    expect(screen.getByRole('link', { name: 'utr.png' }).getAttribute('href')).toBe('/api/files/f1?sig=s');
  });

  it('requires the payment reference with the file, as the server does', async () => {
    const { calls } = renderCustomer(`/orders/${pending._id}`, {
      [`GET ${path}`]: pending,
      [`POST ${path}/upload`]: () => ({
        status: 400,
        body: { error: 'validation_error', details: [{ path: 'bankReference', message: REFERENCE_REQUIRED }] },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Proof' }));
    expect(screen.getByText('Please select a file')).toBeTruthy();
    expect(screen.getByText(REFERENCE_REQUIRED)).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Proof file'), fileOf(4));
    await userEvent.type(screen.getByLabelText('Bank reference (UTR)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Proof' }));
    expect(screen.getByLabelText('Bank reference (UTR)').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', `${path}/upload`)).toHaveLength(0);
    // Typing it clears the message; the server's own refusal is shown in its words.
    await userEvent.type(screen.getByLabelText('Bank reference (UTR)'), 'UTR9');
    expect(screen.queryByText(REFERENCE_REQUIRED)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upload Proof' }));
    expect(await screen.findAllByText(`Validation failed: ${REFERENCE_REQUIRED}`)).not.toHaveLength(0);
    expect(callsTo(calls, 'POST', `${path}/upload`).map((c) => c.body)).toEqual([{ dataUrl: 'data:image/png;base64,AAAAAA==', bankReference: 'UTR9' }]);
  });

  it("shows a sell's own TRC20 deposit address, and never another network's wallet beside 'TRC20 only'", async () => {
    const erc20 = { network: 'ERC20', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', qrCodeUrl: null };
    const sell = order({ refCode: 'ORD-S1', type: 'crypto_to_fiat', orderType: 'sell', depositAddress: 'TOrderDepositAddress000000000001' });
    const { calls } = renderCustomer(`/orders/${sell._id}`, {
      [`GET /api/orders/${sell._id}`]: sell,
      'GET /api/user/tenant/crypto-wallet-details': { cryptoWalletDetails: [erc20] },
    });
    expect(await screen.findByRole('img', { name: 'QR code of the TRC20 address TOrderDepositAddress000000000001' })).toBeTruthy();
    expect(screen.getByText(/on TRC20 only/)).toBeTruthy();
    expect(screen.queryByText(erc20.address)).toBeNull();
    // The order carries its address: the brand's wallets are not even asked for.
    expect(callsTo(calls, 'GET', '/api/user/tenant/crypto-wallet-details')).toHaveLength(0);
  });

  it('for an older sell without a deposit address, falls back to a TRC20 wallet only', async () => {
    const erc20 = { network: 'ERC20', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', qrCodeUrl: null };
    const sell = order({ refCode: 'ORD-S2', type: 'crypto_to_fiat', orderType: 'sell', depositAddress: null });
    renderCustomer(`/orders/${sell._id}`, {
      [`GET /api/orders/${sell._id}`]: sell,
      'GET /api/user/tenant/crypto-wallet-details': { cryptoWalletDetails: [erc20] },
    });
    expect(await screen.findByText('No wallet details available. Please contact support.')).toBeTruthy();
    expect(screen.queryByText(erc20.address)).toBeNull();
  });

  it('cancels only after confirmation', async () => {
    const { calls } = renderCustomer(`/orders/${pending._id}`, {
      [`GET ${path}`]: pending,
      [`POST ${path}/cancel`]: () => ({
        status: 200,
        body: { order: { ...pending, status: 'cancelled', statusLabel: 'Cancelled' }, message: 'Order cancelled' },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Order' });
    expect(callsTo(calls, 'POST', `${path}/cancel`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Status: Cancelled')).toBeTruthy();
    expect(callsTo(calls, 'POST', `${path}/cancel`)).toHaveLength(1);
    expect(screen.queryByLabelText('Proof file')).toBeNull();
  });

  it('offers neither proof nor cancel on a completed order', async () => {
    renderCustomer(`/orders/${pending._id}`, { [`GET ${path}`]: { ...pending, status: 'completed', statusLabel: 'Completed' } });
    expect(await screen.findByText('Status: Completed')).toBeTruthy();
    expect(screen.queryByLabelText('Proof file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('follows the status without a reload: order and list are asked again every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const { calls } = renderCustomer(`/orders/${pending._id}`, {
        [`GET ${path}`]: () => ({ status: 200, body: ++reads === 1 ? pending : { ...pending, status: 'fiat_received', statusLabel: 'Payment Received' } }),
      });
      expect(await screen.findByText('Status: Pending')).toBeTruthy();
      const listReads = callsTo(calls, 'GET', '/api/orders').length;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await screen.findByText('Status: Payment Received')).toBeTruthy();
      expect(callsTo(calls, 'GET', '/api/orders').length).toBeGreaterThan(listReads);
    } finally {
      vi.useRealTimers();
    }
  });
});
