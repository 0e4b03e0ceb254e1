// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { ADMIN_ME, adminOrder, completionRequest, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

/** Opens `order`; a command may replace what the server holds, so the refetch shows it. */
function openOrder(order: AdminOrder, onConfirm: () => AdminOrder = () => order) {
  let current = order;
  return renderAdmin(`/admin/orders/${order._id}`, {
    [`GET /api/admin/orders/${order._id}`]: () => ({ status: 200, body: current }),
    [`GET /api/admin/orders/${order._id}/history`]: { orderId: order._id, events: [] },
    [`POST /api/admin/orders/${order._id}/completion-request/confirm`]: () => {
      current = onConfirm();
      return { status: 200, body: { message: 'Order completed successfully' } };
    },
    [`POST /api/admin/orders/${order._id}/completion-request/decline`]: () => {
      current = { ...order, completionRequest: null };
      return { status: 200, body: { message: 'Completion request declined' } };
    },
  });
}

const card = () => screen.findByRole('region', { name: 'Waiting for a second admin' });

describe('admin order detail: four eyes', () => {
  it("shows another admin's request with its terms, and confirms it by the request's id", async () => {
    const order = adminOrder({ refCode: 'ORD-4E1', fiatAmount: '250000', completionRequest: completionRequest() });
    const { calls } = openOrder(order, () => ({ ...order, status: 'completed', statusLabel: 'Completed', completionRequest: null }));
    const request = await card();
    expect(request.textContent).toContain('meera asked to complete this order');
    expect(request.textContent).toContain('It is worth ₹2,50,000, above the four-eyes threshold of ₹2,00,000.');
    expect(within(request).getByText('0xasked')).toBeTruthy();
    expect(within(request).getByText('₹2,50,000')).toBeTruthy();
    await userEvent.click(within(request).getByRole('button', { name: 'Confirm completion' }));
    // The toast; the status card then says the same of the completed order.
    await expect.poll(() => screen.queryAllByRole('status').map((s) => s.textContent)).toContain('Order completed successfully');
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/completion-request/confirm`).map((c) => c.body)).toEqual([
      { requestId: '00000000-0000-4000-8000-00000000abcd' },
    ]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Waiting for a second admin' })).toBeNull();
  });

  it('offers the requester no Confirm, only to withdraw the request', async () => {
    const order = adminOrder({
      completionRequest: completionRequest({ requestedBy: { _id: ADMIN_ME._id, phone: ADMIN_ME.phone, username: ADMIN_ME.username } }),
    });
    const { calls } = openOrder(order);
    const request = await card();
    expect(request.textContent).toContain('You asked to complete this order');
    expect(request.textContent).toContain('a different admin must confirm it');
    expect(within(request).queryByRole('button', { name: 'Confirm completion' })).toBeNull();
    await userEvent.click(within(request).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Request withdrawn')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/completion-request/decline`)).toHaveLength(1);
  });

  it('says each reason a second admin is needed, and what the customer sent since the request', async () => {
    const order = adminOrder({
      completionRequest: completionRequest({
        reasons: ['above_threshold', 'requote_outside_band'],
        valueInr: '8805750',
        rate: '0.01',
        rateInForce: '88.5',
        repriced: true,
        evidenceSince: [
          { kind: 'proof', at: '2026-11-23T10:05:00.000Z', detail: 'UTR-PART-2' },
          { kind: 'flag', at: '2026-11-23T10:06:00.000Z', detail: 'duplicate_reference' },
        ],
      }),
    });
    openOrder(order);
    const request = await card();
    const reasons = within(request).getByRole('list', { name: 'Why a second admin is needed' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'It is worth ₹88,05,750, above the four-eyes threshold of ₹2,00,000.',
      'It is re-quoted at 0.01, further from the rate in force (88.5) than the re-quote band allows.',
    ]);
    const since = within(request).getByRole('region', { name: 'Since the request' });
    expect(since.textContent).toContain('The customer sent another proof (UTR-PART-2)');
    expect(since.textContent).toContain('The order was flagged: the same payment reference is on another order');
  });

  it('asks the second admin to approve paying out a request made before any payout, and says it was approved', async () => {
    const order = adminOrder({ completionRequest: completionRequest({ cryptoReference: null }) });
    let confirmed = false;
    renderAdmin(`/admin/orders/${order._id}`, {
      [`GET /api/admin/orders/${order._id}`]: () => ({ status: 200, body: confirmed ? { ...order, completionRequest: null } : order }),
      [`GET /api/admin/orders/${order._id}/history`]: { orderId: order._id, events: [] },
      [`POST /api/admin/orders/${order._id}/completion-request/confirm`]: () => {
        confirmed = true;
        return { status: 200, body: { message: 'Payout approved: it may be sent now, and recorded with its reference' } };
      },
    });
    const request = await card();
    expect(request.textContent).toContain('meera asked to approve paying out this order');
    expect(request.textContent).toContain('the payout may be sent once you approve it');
    await userEvent.click(within(request).getByRole('button', { name: 'Approve payout' }));
    await expect
      .poll(() => screen.queryAllByRole('status').map((s) => s.textContent))
      .toContain('Payout approved: it may be sent now, and recorded with its reference');
  });
});
