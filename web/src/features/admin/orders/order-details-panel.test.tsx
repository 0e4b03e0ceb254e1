// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { adminOrder, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

const buy = adminOrder({
  refCode: 'ORD-B2',
  bankReference: 'USERUTR1',
  attachments: [{ url: '/api/files/f1?sig=s', name: 'proof.png', contentType: 'image/png', size: 2048 }],
  proofCount: 1,
});
const sell = adminOrder({
  refCode: 'ORD-S2',
  type: 'crypto_to_fiat',
  orderType: 'sell',
  status: 'approved',
  statusLabel: 'Approved',
  withdrawAddress: null,
  depositAddress: 'TDepositAddress123',
});

/** The list with `order` on it, the order itself, and its complete call answering `complete`; its details opened from View. */
async function openPanel(order: AdminOrder, complete: unknown = { order: { ...order, status: 'completed' }, message: 'Order completed successfully' }) {
  const rendered = renderAdmin('/admin/orders', {
    'GET /api/admin/orders': { items: [order], page: 1, pageSize: 50, total: 1 },
    [`GET /api/admin/orders/${order._id}`]: order,
    [`POST /api/admin/orders/${order._id}/complete`]: complete,
    [`POST /api/admin/orders/${order._id}/verify`]: { order: { ...order, status: 'fiat_received' }, message: 'Order verified' },
  });
  await userEvent.click(await screen.findByRole('button', { name: `View order ${order.refCode}` }));
  return rendered;
}

const panel = () => screen.getByRole('region', { name: 'Order Details' });
const field = (label: string) => within(panel()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** A long value (an id, an address, a hash): its whole, as its tooltip gives it and a screen reader reads it, and its copy button. */
const longField = (label: string) => {
  const value = within(panel()).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  return {
    whole: value.querySelector('code')?.title,
    read: value.querySelector('.visually-hidden')?.textContent,
    copy: within(value).getByRole('button').getAttribute('aria-label'),
  };
};

describe('orders management: inline order details', () => {
  it('opens from View with the order fields and attachment links, and closes', async () => {
    await openPanel(buy);
    expect(longField('Order ID')).toEqual({ whole: buy._id, read: buy._id, copy: 'Copy Order ID' });
    expect(field('User')).toBe('+919800000001');
    expect(field('Reference')).toBe('ORD-B2');
    expect(field('Type')).toBe('Buy USDT');
    expect(field('Status')).toBe('Pending');
    expect(field('INR Amount')).toBe('₹10,000');
    expect(field('USDT Amount')).toBe('112.42 USDT');
    expect(field('Deposit Address')).toBe('-');
    expect(longField('Withdraw Address')).toEqual({ whole: buy.withdrawAddress, read: buy.withdrawAddress, copy: 'Copy Withdraw Address' });
    // A UTR fits whole, with its copy button.
    expect(field('User UTR')).toBe('USERUTR1Copy');
    expect(field('Rate')).toBe('₹88.5');
    expect(within(panel()).getByRole('link', { name: 'proof.png' }).getAttribute('href')).toBe('/api/files/f1?sig=s');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Order Details' })).toBeNull();
  });

  it('offers Verify Order on a pending order', async () => {
    const { calls } = await openPanel(buy);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Verify Order' }));
    expect(await screen.findByText('Order verified')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${buy._id}/verify`)).toHaveLength(1);
  });

  it('does not offer Verify Order once the order is past pending', async () => {
    await openPanel(sell);
    expect(within(panel()).queryByRole('button', { name: 'Verify Order' })).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Mark as Completed' })).toBeTruthy();
  });

  // One completion form for both sides: each asks for its own reference (spaces are none), a rate if typed.
  it.each([
    {
      side: 'buy',
      order: buy,
      asks: 'Crypto Transaction Reference',
      notAsked: 'UTR Reference',
      typed: { 'Crypto Transaction Reference': '0xfeed', Rate: '90' },
      sent: { cryptoReference: '0xfeed', rate: '90' },
    },
    {
      side: 'sell',
      order: sell,
      asks: 'UTR Reference',
      notAsked: 'Crypto Transaction Reference',
      typed: { 'UTR Reference': 'UTR998877' },
      sent: { bankUtr: 'UTR998877' },
    },
  ])('a $side completes only with its $asks', async ({ order, asks, notAsked, typed, sent }) => {
    const { calls } = await openPanel(order);
    const mark = within(panel()).getByRole<HTMLButtonElement>('button', { name: 'Mark as Completed' });
    expect(within(panel()).queryByLabelText(notAsked)).toBeNull();
    expect(mark.disabled).toBe(true);
    await userEvent.type(within(panel()).getByLabelText(asks), '   ');
    expect(mark.disabled).toBe(true);
    for (const [label, value] of Object.entries(typed)) await userEvent.type(within(panel()).getByLabelText(label), value);
    expect(mark.disabled).toBe(false);
    await userEvent.click(mark);
    expect(await screen.findByText('Order completed successfully')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${order._id}/complete`).map((c) => c.body)).toEqual([sent]);
  });

  it("shows the server's reason when completing fails, Validation error without one", async () => {
    await openPanel(sell, () => ({ status: 400, body: { error: 'validation_error', details: [{ path: 'rate', message: 'Rate must be a positive number' }] } }));
    await userEvent.type(within(panel()).getByLabelText('UTR Reference'), 'UTR1');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark as Completed' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Validation failed: Rate must be a positive number');
  });

  it('says Validation error when completing fails without a reason', async () => {
    await openPanel(sell, () => ({ status: 500, body: {} }));
    await userEvent.type(within(panel()).getByLabelText('UTR Reference'), 'UTR1');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark as Completed' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Validation error');
  });
});
