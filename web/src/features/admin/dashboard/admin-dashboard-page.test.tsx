// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, linksIn, termsIn } from '../../../test/fixtures';
import { adminOrder, expectEveryBrandIn, lastQuery, renderAdmin } from '../layout/admin-test-kit';
import { countAxisMax, niceCeil } from './chart-scale';

const daily = Array.from({ length: 30 }, (_, i) => ({
  date: `2025-01-${String(i + 1).padStart(2, '0')}`,
  orders: i === 14 ? 7 : i % 3,
  volume: i === 14 ? '125000' : '0',
}));

const DASHBOARD = {
  stats: { totalOrders: 1234, pendingOrders: 5, completedOrders: 1100, totalUsers: 321, todayOrders: 9, totalVolume: '1250000.5' },
  recentOrders: [
    adminOrder({ refCode: 'ORD-BUY1', fiatAmount: '10000', createdAt: '2025-01-15T10:00:00.000Z' }),
    adminOrder({
      refCode: 'ORD-SEL1',
      type: 'crypto_to_fiat',
      orderType: 'sell',
      cryptoAmount: '50',
      status: 'completed',
      statusLabel: 'Completed',
      brand: { _id: 't-2', name: 'Beta Desk' },
    }),
  ],
  daily,
};

const open = () => renderAdmin('/admin/dashboard', { 'GET /api/admin/dashboard': DASHBOARD });

describe('admin dashboard', () => {
  it('shows the six stat cards', async () => {
    open();
    const stats = await screen.findByLabelText('Statistics');
    expect(termsIn(stats, '.stat-card')).toEqual([
      ['Total Orders', '1,234'],
      ['Pending Orders', '5'],
      ['Completed', '1,100'],
      ['Total Users', '321'],
      ["Today's Orders", '9'],
      ['Total Volume (INR)', '₹12,50,000.5'],
    ]);
  });

  it('offers the quick actions, pending orders first', async () => {
    open();
    const actions = await screen.findByRole('navigation', { name: 'Quick Actions' });
    expect(linksIn(actions)).toEqual([
      ['Pending Orders (5)', '/admin/orders?status=pending'],
      ['Manage Users', '/admin/users'],
      ['Settings', '/admin/settings'],
      ['Tenants', '/admin/tenants'],
    ]);
  });

  it('lists recent orders with their brand, type Buy/Sell and the amount the customer gives', async () => {
    open();
    const table = within(await screen.findByRole('region', { name: 'Recent Orders' })).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['ORD-BUY1', '+919800000001', 'Alpha Desk', 'Buy', '₹10,000', 'Pending'],
      ['ORD-SEL1', '+919800000001', 'Beta Desk', 'Sell', '50.00 USDT', 'Completed'],
    ]);
    expect(within(table).getByRole('link', { name: 'ORD-BUY1' }).getAttribute('href')).toBe(`/admin/orders/${DASHBOARD.recentOrders[0]!._id}`);
  });

  it('draws a bar per day and gives the numbers as a table', async () => {
    open();
    const chart = await screen.findByRole('region', { name: 'Orders and Volume, Last 30 Days' });
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(30);
    expect(chart.querySelector('polyline.volume-line')?.getAttribute('points')?.split(' ')).toHaveLength(30);
    expect(within(chart).getByRole('img').textContent).toContain('Volume (INR)');
    await userEvent.click(within(chart).getByText('Show the numbers'));
    const rows = within(within(chart).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(
      within(rows[14]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '₹1,25,000']);
    expect(within(rows[14]!).getByRole('rowheader').textContent).toBe('15 Jan');
  });

  it('says Failed to load dashboard when the call fails', async () => {
    renderAdmin('/admin/dashboard', { 'GET /api/admin/dashboard': () => ({ status: 500, body: {} }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load dashboard');
  });
});

describe('admin dashboard across brands', () => {
  it("asks for every brand's figures, then one brand's once chosen (kept in the address)", async () => {
    const { calls, router } = open();
    await screen.findByLabelText('Statistics');
    expect(lastQuery(calls, '/api/admin/dashboard')).toEqual({});
    const brand = screen.getByLabelText<HTMLSelectElement>('Brand');
    await expectEveryBrandIn(brand);
    await userEvent.selectOptions(brand, 'Beta Desk');
    expect(router.state.location.search).toBe('?tenantId=t-2');
    await waitFor(() => expect(lastQuery(calls, '/api/admin/dashboard')).toEqual({ tenantId: 't-2' }));
    // Its pending orders open filtered to the same brand.
    expect(screen.getByRole('link', { name: 'Pending Orders (5)' }).getAttribute('href')).toBe('/admin/orders?status=pending&tenantId=t-2');
    await userEvent.selectOptions(brand, 'All brands');
    expect(router.state.location.search).toBe('');
  });

  it('opens on the brand in the address', async () => {
    const { calls } = renderAdmin('/admin/dashboard?tenantId=t-1', { 'GET /api/admin/dashboard': DASHBOARD });
    await screen.findByLabelText('Statistics');
    expect(lastQuery(calls, '/api/admin/dashboard')).toEqual({ tenantId: 't-1' });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Brand').selectedOptions[0]?.textContent).toBe('Alpha Desk'));
  });

  it("gives a brand admin their brand's figures: no brand choice, no Brand column, no operator quick actions", async () => {
    const { calls } = renderAdmin('/admin/dashboard?tenantId=t-1', { 'GET /api/admin/dashboard': DASHBOARD }, { as: 'brand' });
    const table = within(await screen.findByRole('region', { name: 'Recent Orders' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reference', 'User', 'Type', 'Amount', 'Status', 'Date']);
    expect(screen.queryByLabelText('Brand')).toBeNull();
    expect(lastQuery(calls, '/api/admin/dashboard')).toEqual({});
    expect(callsTo(calls, 'GET', '/api/admin/tenants')).toHaveLength(0);
    const actions = screen.getByRole('navigation', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Pending Orders (5)', 'Manage Users']);
  });
});

describe('chart scale', () => {
  it.each([
    [0, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [125000, 200000],
  ])('niceCeil(%d) is %d', (value, top) => expect(niceCeil(value)).toBe(top));

  it('keeps the order axis even so its middle line is whole', () => {
    expect([countAxisMax(0), countAxisMax(3), countAxisMax(7)]).toEqual([2, 6, 10]);
  });
});
