// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { adminOrder, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

const pageOf = (items: AdminOrder[], total = items.length) => ({ items, page: 1, pageSize: 50, total });
const buy = adminOrder({ refCode: 'ORD-B1', fiatAmount: '25000', cryptoAmount: '280.5' });
const sell = adminOrder({ refCode: 'ORD-S1', type: 'crypto_to_fiat', orderType: 'sell', network: 'TRC20' });

/** The query of the latest list call, as a plain object. */
const lastListQuery = (calls: { method: string; path: string; body: unknown }[]) => {
  const list = callsTo(calls, 'GET', '/api/admin/orders');
  return Object.fromEntries(new URL(list.at(-1)!.path, 'http://localhost').searchParams);
};
const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('orders management: list, filters and paging', () => {
  it('reads filters, page and page size from the address', async () => {
    const { calls } = renderAdmin('/admin/orders?status=pending&type=fiat_to_crypto&refCode=ORD-9&page=2&pageSize=25', {
      'GET /api/admin/orders': pageOf([buy], 40),
    });
    expect(await screen.findByText('ORD-B1')).toBeTruthy();
    expect(lastListQuery(calls)).toEqual({ type: 'fiat_to_crypto', status: 'pending', refCode: 'ORD-9', page: '2', pageSize: '25' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('fiat_to_crypto');
    expect((screen.getByLabelText('Ref Code') as HTMLInputElement).value).toBe('ORD-9');
    expect((screen.getByLabelText('Page size') as HTMLSelectElement).value).toBe('25');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('writes applied filters to the address, back to page 1, and lists with them', async () => {
    const { calls, router } = renderAdmin('/admin/orders?page=3', { 'GET /api/admin/orders': pageOf([buy], 200) });
    await screen.findByText('ORD-B1');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Crypto→Fiat');
    await userEvent.type(screen.getByLabelText('Phone'), '+919800000001');
    // Nothing moves until Apply Filters.
    expect(search(router)).toEqual({ page: '3' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(search(router)).toEqual({ status: 'completed', type: 'crypto_to_fiat', phone: '+919800000001' });
    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({ status: 'completed', type: 'crypto_to_fiat', phone: '+919800000001', page: '1', pageSize: '50' }),
    );
  });

  it('lists the completions waiting for a second admin', async () => {
    const { calls, router } = renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([buy]) });
    await screen.findByText('ORD-B1');
    await userEvent.selectOptions(screen.getByLabelText('Four eyes'), 'Awaiting second admin');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(search(router)).toEqual({ awaiting: 'confirmation' });
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ awaiting: 'confirmation', page: '1', pageSize: '50' }));
  });

  it('Clear drops the filters and keeps the page size', async () => {
    const { router } = renderAdmin('/admin/orders?status=rejected&network=TRC20&pageSize=100');
    await screen.findByText('No orders found');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search(router)).toEqual({ pageSize: '100' });
    expect((screen.getByLabelText('Network') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('pages through the total and changes the page size (25, 50, 100, 200)', async () => {
    const { router } = renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([buy, sell], 120) });
    expect(await screen.findByText('1–50 of 120 orders')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const sizes = within(screen.getByLabelText('Page size'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['25', '50', '100', '200']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(search(router)).toEqual({ page: '2' });
    await userEvent.selectOptions(screen.getByLabelText('Page size'), '100');
    expect(search(router)).toEqual({ pageSize: '100' });
  });

  it('shows the columns of each order, its brand included for an operator admin', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([buy, sell]) });
    const row = (await screen.findByText('ORD-B1')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 9)
        .map((c) => c.textContent),
    ).toEqual(['+919800000001', 'Alpha Desk', 'ORD-B1', 'Buy USDT', 'TRC20', '₹25,000', '280.50 USDT', 'Pending']);
    expect(screen.getByRole('columnheader', { name: 'Brand' })).toBeTruthy();
    expect(within(screen.getByText('ORD-S1').closest('tr')!).getByText('Sell USDT')).toBeTruthy();
  });

  it('says when there are no orders', async () => {
    renderAdmin('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeTruthy();
    expect(screen.getByText('Orders will appear here once created')).toBeTruthy();
  });

  it('says Unauthorized or server error when the list fails', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': () => ({ status: 403, body: { error: 'Access denied. Admin privileges required.' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthorized or server error');
  });

  it('opens the order when its row is clicked', async () => {
    const { router } = renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([buy]), [`GET /api/admin/orders/${buy._id}`]: buy });
    await userEvent.click(await screen.findByText('Buy USDT'));
    expect(router.state.location.pathname).toBe(`/admin/orders/${buy._id}`);
    expect(await screen.findByRole('heading', { name: 'Order #ORD-B1' })).toBeTruthy();
  });

  it('exports the CSV for the filters in force through a signed link', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = renderAdmin('/admin/orders?status=pending&network=TRC20&phone=999', {
      'POST /api/admin/orders/export-link': { url: '/api/admin/orders.csv?status=pending&sig=abc', expiresInSeconds: 300 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/admin/orders.csv?status=pending&sig=abc'));
    expect(callsTo(calls, 'POST', '/api/admin/orders/export-link').map((c) => c.body)).toEqual([{ status: 'pending', network: 'TRC20' }]);
    assign.mockRestore();
  });
});
