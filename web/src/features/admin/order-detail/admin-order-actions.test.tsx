// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { adminOrder, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';
import type { FakeApi } from '../../../test/render';

const buy = adminOrder({ refCode: 'ORD-A1' });
const sell = adminOrder({
  refCode: 'ORD-A2',
  type: 'crypto_to_fiat',
  orderType: 'sell',
  cryptoAmount: '100',
  fiatAmount: '8600',
  depositAddress: 'TOperatorWallet',
  withdrawAddress: null,
});

/** Opens `order`; `answer` may replace the order the server holds (as after a command), so refetches see it. */
function openOrder(order: AdminOrder, commands: (set: (next: AdminOrder) => void) => FakeApi = () => ({})) {
  let current = order;
  const set = (next: AdminOrder) => (current = next);
  return renderAdmin(`/admin/orders/${order._id}`, {
    [`GET /api/admin/orders/${order._id}`]: () => ({ status: 200, body: current }),
    [`GET /api/admin/orders/${order._id}/history`]: { orderId: order._id, events: [] },
    ...commands(set),
  });
}

const actionsCard = () => screen.findByRole('region', { name: 'Admin Actions' });

describe('admin order detail: actions', () => {
  it("leaves Approve enabled without a reference and shows the server's validation text", async () => {
    const { calls } = openOrder(buy, () => ({
      [`POST /api/admin/orders/${buy._id}/approve`]: () => ({
        status: 400,
        body: { error: 'validation_error', details: [{ path: 'cryptoReference', message: 'Crypto transaction reference is required to approve buy orders' }] },
      }),
    }));
    const card = await actionsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Approve Order' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Validation failed: Crypto transaction reference is required to approve buy orders');
    expect(callsTo(calls, 'POST', `/api/admin/orders/${buy._id}/approve`).map((c) => c.body)).toEqual([{ cryptoReference: '' }]);
  });

  it('approves a buy with its crypto transaction and rate, then shows it completed', async () => {
    const { calls } = openOrder(buy, (set) => ({
      [`POST /api/admin/orders/${buy._id}/approve`]: () => {
        set({ ...buy, status: 'completed', statusLabel: 'Completed', cryptoReference: '0xbeef', completedAt: '2025-01-16T09:30:00.000Z' });
        return { status: 200, body: { message: 'Order approved successfully' } };
      },
    }));
    const card = await actionsCard();
    await userEvent.type(within(card).getByLabelText('Crypto Transaction Reference'), '0xbeef');
    await userEvent.type(within(card).getByLabelText('Rate'), '89.25');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve Order' }));
    expect(await screen.findByText('Order approved successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${buy._id}/approve`).map((c) => c.body)).toEqual([{ cryptoReference: '0xbeef', rate: '89.25' }]);
    expect(await screen.findByText('Order completed successfully')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Admin Actions' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Completed', { selector: 'dt' })).toBeTruthy();
  });

  it('asks the sell for its UTR and shows what the user sends and where', async () => {
    openOrder(sell);
    const card = await actionsCard();
    expect(within(card).getByLabelText('UTR Reference')).toBeTruthy();
    expect(within(card).queryByLabelText('Crypto Transaction Reference')).toBeNull();
    expect(screen.getByText('User Sends')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Deposit Address' })).getByText('TOperatorWallet')).toBeTruthy();
  });

  it('verifies a pending buy, then offers Mark Crypto Sent with the reference', async () => {
    const { calls } = openOrder(buy, (set) => ({
      [`POST /api/admin/orders/${buy._id}/verify`]: () => {
        set({ ...buy, status: 'fiat_received', statusLabel: 'Payment Received' });
        return { status: 200, body: { message: 'Order verified' } };
      },
      [`POST /api/admin/orders/${buy._id}/crypto-sent`]: { message: 'Order updated successfully!' },
    }));
    const card = await actionsCard();
    expect(within(card).queryByRole('button', { name: 'Mark Crypto Sent' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    expect(await within(card).findByRole('button', { name: 'Mark Crypto Sent' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getByText('Payment Received', { selector: '.status-text' })).toBeTruthy();
    await userEvent.type(within(card).getByLabelText('Crypto Transaction Reference'), '0xcafe');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Crypto Sent' }));
    expect(await screen.findByText('Order updated successfully!')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${buy._id}/crypto-sent`).map((c) => c.body)).toEqual([{ cryptoReference: '0xcafe' }]);
  });

  it("shows a 409's text and the order as it now stands", async () => {
    openOrder(buy, (set) => ({
      [`POST /api/admin/orders/${buy._id}/reject`]: () => {
        set({ ...buy, status: 'rejected', statusLabel: 'Rejected' });
        return { status: 409, body: { error: 'Order is already rejected', code: 'invalid_transition', currentStatus: 'rejected' } };
      },
    }));
    await userEvent.click(within(await actionsCard()).getByRole('button', { name: 'Reject Order' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Order' });
    expect(within(dialog).getByText('Are you sure you want to reject order ORD-A1?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order is already rejected');
    expect(await screen.findByText('Order was rejected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Admin Actions' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no actions on a completed order and says when there are no references', async () => {
    openOrder({ ...buy, status: 'completed', statusLabel: 'Completed', withdrawAddress: null });
    expect(await screen.findByText('Order completed successfully')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Admin Actions' })).toBeNull();
    expect(screen.getByText('No transaction references available')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "User's USDT Address" })).getByText('Not provided')).toBeTruthy();
  });

  it('opens a proof image full size and links a PDF', async () => {
    openOrder({
      ...buy,
      attachments: [
        { url: '/api/files/img?sig=1', name: 'proof-1.png', contentType: 'image/png', size: 1000 },
        { url: '/api/files/pdf?sig=2', name: 'proof-2.pdf', contentType: 'application/pdf', size: 2000 },
      ],
    });
    const proof = await screen.findByRole('region', { name: 'Payment Proof' });
    expect(within(proof).getByRole('link', { name: 'proof-2.pdf' }).getAttribute('href')).toBe('/api/files/pdf?sig=2');
    await userEvent.click(within(proof).getByRole('button', { name: 'View proof-1.png' }));
    const viewer = screen.getByRole('dialog', { name: 'proof-1.png' });
    expect(within(viewer).getByRole('img', { name: 'proof-1.png' }).getAttribute('src')).toBe('/api/files/img?sig=1');
  });

  it('asks a second admin to approve a payout four eyes holds, before any reference, and records it once approved', async () => {
    const big = { ...buy, status: 'fiat_received' as const, statusLabel: 'Payment Received', payoutAwaitsApproval: true };
    const approved = {
      ...big,
      payoutAwaitsApproval: false,
      payoutApproval: {
        requestId: '00000000-0000-4000-8000-00000000beef',
        rate: buy.rate,
        fiatAmount: buy.fiatAmount,
        cryptoAmount: buy.cryptoAmount,
        repriced: false,
        requestedBy: 'admin-7',
        approvedBy: { _id: 'admin-7', phone: '+919900000007', username: 'meera' },
        approvedAt: '2026-11-23T10:05:00.000Z',
      },
    };
    const { calls } = openOrder(big, (set) => ({
      [`POST /api/admin/orders/${buy._id}/approve`]: () => {
        set(approved);
        return { status: 202, body: { message: 'Completion requested: a different admin must confirm it (the order says why)', pendingConfirmation: true } };
      },
    }));
    const card = await actionsCard();
    expect(card.textContent).toContain("This payout needs a second admin's approval before the USDT is sent");
    // No reference to give yet, and no way to record the USDT as sent.
    expect(within(card).queryByLabelText('Crypto Transaction Reference')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Mark Crypto Sent' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Ask a second admin to approve the payout' }));
    expect(callsTo(calls, 'POST', `/api/admin/orders/${buy._id}/approve`).map((c) => c.body)).toEqual([{}]);
    // Approved: the card says by whom, and takes the payout's reference.
    await waitFor(async () => expect((await actionsCard()).textContent).toContain('Payout approved by meera'));
    expect(within(await actionsCard()).getByLabelText('Crypto Transaction Reference')).toBeTruthy();
    expect(within(await actionsCard()).getByRole('button', { name: 'Mark Crypto Sent' })).toBeTruthy();
  });
});
