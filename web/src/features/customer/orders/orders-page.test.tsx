// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { order } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';
import { pageCount } from '../../../components/pager';

const refs = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const manyOrders = (count: number) => Array.from({ length: count }, (_, i) => order({ refCode: `ORD-${String(i + 1).padStart(3, '0')}` }));

describe('my orders', () => {
  it('shows the empty state when there are no orders', async () => {
    renderCustomer('/dashboard/orders');
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.getByText('Get started by creating your first order')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages ten orders at a time and moves to the next page', async () => {
    renderCustomer('/orders', { 'GET /api/orders': { orders: manyOrders(23) } });
    await screen.findByText('ORD-001');
    expect(refs()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('1–10 of 23 orders')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(refs()).toEqual(
      manyOrders(20)
        .slice(10)
        .map((o) => o.refCode),
    );
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '25');
    expect(refs()).toHaveLength(23);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it('shows the row with its labels and links to the order in the same path set', async () => {
    const sell = order({ refCode: 'ORD-SELL', type: 'crypto_to_fiat', orderType: 'sell', status: 'fiat_received', cryptoAmount: '100.00', fiatAmount: '8514' });
    renderCustomer('/dashboard/orders', { 'GET /api/orders': { orders: [sell] } });
    const row = (await screen.findByText('ORD-SELL')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 5)).toEqual(['Sell USDT', 'Payment Received', '100.00 USDT', '₹8,514']);
    expect(within(row).getByRole('link', { name: 'View details of order ORD-SELL' }).getAttribute('href')).toBe(`/dashboard/orders/${sell._id}`);
  });

  it('says so when the orders cannot be loaded', async () => {
    renderCustomer('/orders', { 'GET /api/orders': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to load orders')).toBeTruthy();
  });

  it('counts pages as ceil(total / size), at least one', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10), pageCount(101, 50)]).toEqual([1, 1, 2, 3]);
  });
});
