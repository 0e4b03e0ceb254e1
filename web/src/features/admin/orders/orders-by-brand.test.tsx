// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { adminOrder, expectEveryBrandIn, lastQuery, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

const pageOf = (items: AdminOrder[]) => ({ items, page: 1, pageSize: 50, total: items.length });
const beta = adminOrder({ refCode: 'ORD-BETA', brand: { _id: 't-2', name: 'Beta Desk' } });
const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));
const EXPORT = { 'POST /api/admin/orders/export-link': { url: '/api/admin/orders.csv?sig=abc', expiresInSeconds: 300 } };

describe('orders management across brands: operator admin', () => {
  it('offers All brands and each brand, and keeps the chosen one in the address', async () => {
    const { calls, router } = renderAdmin('/admin/orders?status=pending', { 'GET /api/admin/orders': pageOf([beta]) });
    const brand = await screen.findByLabelText<HTMLSelectElement>('Brand');
    await expectEveryBrandIn(brand);
    expect(brand.value).toBe('');
    await userEvent.selectOptions(brand, 'Beta Desk');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(search(router)).toEqual({ tenantId: 't-2', status: 'pending' });
    await waitFor(() => expect(lastQuery(calls, '/api/admin/orders')).toEqual({ tenantId: 't-2', status: 'pending', page: '1', pageSize: '50' }));
    expect(within(screen.getByText('ORD-BETA').closest('tr')!).getByText('Beta Desk')).toBeTruthy();
  });

  it('reads the brand from the address, lists and exports with it, and Clear drops it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls, router } = renderAdmin('/admin/orders?tenantId=t-2&type=crypto_to_fiat', { 'GET /api/admin/orders': pageOf([beta]), ...EXPORT });
    await screen.findByText('ORD-BETA');
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Brand').selectedOptions[0]?.textContent).toBe('Beta Desk'));
    expect(lastQuery(calls, '/api/admin/orders')).toEqual({ tenantId: 't-2', type: 'crypto_to_fiat', page: '1', pageSize: '50' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/admin/orders.csv?sig=abc'));
    expect(callsTo(calls, 'POST', '/api/admin/orders/export-link').map((c) => c.body)).toEqual([{ type: 'crypto_to_fiat', tenantId: 't-2' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search(router)).toEqual({});
    expect(screen.getByLabelText<HTMLSelectElement>('Brand').value).toBe('');
    assign.mockRestore();
  });

  it('shows the brand in the inline order details', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([beta]), [`GET /api/admin/orders/${beta._id}`]: beta });
    await userEvent.click(await screen.findByRole('button', { name: 'View order ORD-BETA' }));
    const panel = screen.getByRole('region', { name: 'Order Details' });
    expect(within(panel).getByText('Brand', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Beta Desk');
  });
});

describe('orders management: brand admin', () => {
  it('has no Brand filter or column, and never sends a brand, even one in the address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = renderAdmin('/admin/orders?tenantId=t-1&status=pending', { 'GET /api/admin/orders': pageOf([beta]), ...EXPORT }, { as: 'brand' });
    const row = (await screen.findByText('ORD-BETA')).closest('tr')!;
    expect(screen.queryByLabelText('Brand')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Brand' })).toBeNull();
    expect(within(row).queryByText('Beta Desk')).toBeNull();
    expect(lastQuery(calls, '/api/admin/orders')).toEqual({ status: 'pending', page: '1', pageSize: '50' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(calls, 'POST', '/api/admin/orders/export-link').map((c) => c.body)).toEqual([{ status: 'pending' }]);
    // The brand list is the operator's: a brand admin's screen does not ask for it.
    expect(callsTo(calls, 'GET', '/api/admin/tenants')).toHaveLength(0);
    assign.mockRestore();
  });

  it('shows no brand in the inline order details', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([beta]), [`GET /api/admin/orders/${beta._id}`]: beta }, { as: 'brand' });
    await userEvent.click(await screen.findByRole('button', { name: 'View order ORD-BETA' }));
    const panel = screen.getByRole('region', { name: 'Order Details' });
    expect(within(panel).getByText('User', { selector: 'dt' })).toBeTruthy();
    expect(within(panel).queryByText('Brand', { selector: 'dt' })).toBeNull();
  });
});
