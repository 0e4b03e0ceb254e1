// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { ADMIN_ME, adminOrder, completionRequest, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

/** Opens `order`; a command may replace what the server holds, so the refetch shows it. */
function openOrder(order: AdminOrder, onConfirm: () => AdminOrder = () => order, declined = 'Completion request declined') {
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
      return { status: 200, body: { message: declined } };
    },
  });
}

const card = () => screen.findByRole('region', { name: 'Waiting for a second admin' });
/** The commands in a region (a value's copy button aside). */
const buttonsIn = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('button')
    .filter((b) => !b.closest('.short-value'))
    .map((b) => b.textContent);
/** The settling actions a pending request holds: offered nowhere on the page while it waits. */
const competing = () =>
  ['Mark Crypto Sent', 'Approve Order', 'Complete Order', 'Reject Order', 'Ask a second admin to approve the payout'].filter((name) =>
    screen.queryByRole('button', { name }),
  );
const mine = () => completionRequest({ requestedBy: { _id: ADMIN_ME._id, phone: ADMIN_ME.phone, username: ADMIN_ME.username } });
/** A paid buy, verified: without a request the desk would send the USDT, approve or reject it. */
const verifiedBuy = (request: AdminOrder['completionRequest']) =>
  adminOrder({ refCode: 'ORD-4E1', status: 'fiat_received', statusLabel: 'Fiat Received', proofCount: 1, fiatAmount: '250000', completionRequest: request });

describe('admin order detail: four eyes', () => {
  it("shows another admin's request with its terms; they confirm or decline, and nothing else competes", async () => {
    const order = verifiedBuy(completionRequest());
    const { calls } = openOrder(order, () => ({ ...order, status: 'completed', statusLabel: 'Completed', completionRequest: null }));
    const request = await card();
    expect(request.textContent).toContain('meera asked on');
    expect(request.textContent).toContain('to complete this order.');
    expect(request.textContent).toContain('It is worth ₹2,50,000, above the four-eyes threshold of ₹2,00,000.');
    expect(request.textContent).toContain('What was asked');
    expect(within(request).getByText('0xasked')).toBeTruthy();
    expect(within(request).getByText('₹2,50,000')).toBeTruthy();
    expect(request.textContent).toContain('Rate₹88 / USDT');
    expect(request.textContent).toContain('You may: the order completes on these terms when you confirm.');
    expect(request.textContent).toContain('To reject the order or settle it on other terms, decline the request first.');
    expect(buttonsIn(request)).toEqual(['Confirm completion', 'Decline']);
    // Mark Crypto Sent, Approve and Reject are not offered beside it (the server refuses them too).
    expect(competing()).toEqual([]);
    await userEvent.click(within(request).getByRole('button', { name: 'Confirm completion' }));
    await expect.poll(() => screen.queryAllByRole('status').map((s) => s.textContent)).toContain('Order completed successfully');
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/completion-request/confirm`).map((c) => c.body)).toEqual([
      { requestId: '00000000-0000-4000-8000-00000000abcd' },
    ]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Waiting for a second admin' })).toBeNull();
  });

  it('lets another admin decline, after which the order offers its actions again', async () => {
    const order = verifiedBuy(completionRequest());
    const { calls } = openOrder(order);
    const request = await card();
    await userEvent.type(within(request).getByLabelText('Why you decline it (optional)'), '  UTR not on the statement ');
    await userEvent.click(within(request).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Completion request declined')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/completion-request/decline`).map((c) => c.body)).toEqual([
      { requestId: '00000000-0000-4000-8000-00000000abcd', note: 'UTR not on the statement' },
    ]);
    const actions = await screen.findByRole('region', { name: 'Admin Actions' });
    await within(actions).findByRole('button', { name: 'Approve Order' });
    expect(buttonsIn(actions)).toEqual(['Mark Crypto Sent', 'Approve Order', 'Reject Order']);
  });

  it('shows the requester what they asked and who must confirm, offers only Withdraw, and holds the rest', async () => {
    const order = verifiedBuy(mine());
    const { calls } = openOrder(order, undefined, 'Completion request withdrawn');
    const request = await card();
    expect(request.textContent).toContain('You asked on');
    expect(request.textContent).toContain('What you asked');
    expect(request.textContent).toContain(
      "Who must confirmA different admin: not you (nor another account on your phone), not the order's customer, and not the admin who made the customer's account.",
    );
    expect(request.textContent).toContain('To change the terms or reject the order, withdraw the request first.');
    expect(buttonsIn(request)).toEqual(['Withdraw request']);
    expect(competing()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Admin Actions' })).toBeNull();
    await userEvent.click(within(request).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Completion request withdrawn')).toBeTruthy();
    // No note typed: none sent.
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/completion-request/decline`).map((c) => c.body)).toEqual([
      { requestId: '00000000-0000-4000-8000-00000000abcd' },
    ]);
  });

  it('keeps Verify beside a request (evidence, noted on it) and holds Approve and Reject', async () => {
    openOrder(adminOrder({ status: 'pending', proofCount: 1, completionRequest: mine() }));
    const actions = await screen.findByRole('region', { name: 'Admin Actions' });
    expect(buttonsIn(actions)).toEqual(['Verify']);
    expect(actions.textContent).toContain('The completion request above holds Approve, Mark Crypto Sent and Reject until it is answered.');
    expect(within(actions).queryByLabelText('Crypto Transaction Reference')).toBeNull();
  });

  it('shows a plain order no four-eyes card, and its actions as usual', async () => {
    openOrder(verifiedBuy(null));
    const actions = await screen.findByRole('region', { name: 'Admin Actions' });
    expect(buttonsIn(actions)).toEqual(['Mark Crypto Sent', 'Approve Order', 'Reject Order']);
    expect(screen.queryByRole('region', { name: 'Waiting for a second admin' })).toBeNull();
  });

  it('shortens a long payout hash in the card, whole for screen readers and the copy button', async () => {
    const hash = `0x${'ab12'.repeat(16)}`;
    openOrder(verifiedBuy(completionRequest({ cryptoReference: hash })));
    const request = await card();
    const shown = within(request).getByTitle(hash);
    expect(shown.querySelector('[aria-hidden="true"]')?.textContent).toBe('0xab12…ab12');
    expect(shown.textContent).toContain(hash);
    expect(within(request).getByRole('button', { name: /Copy Transaction hash/i })).toBeTruthy();
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
    expect(request.textContent).toContain('to approve paying out this order.');
    expect(request.textContent).toContain('None yet: the payout is sent once approved');
    expect(request.textContent).toContain('You may: the payout may be sent once you approve it.');
    await userEvent.click(within(request).getByRole('button', { name: 'Approve payout' }));
    await expect
      .poll(() => screen.queryAllByRole('status').map((s) => s.textContent))
      .toContain('Payout approved: it may be sent now, and recorded with its reference');
  });
});
