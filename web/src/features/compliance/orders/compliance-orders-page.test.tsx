// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { complianceOrder, lastQuery, renderCompliance } from '../layout/compliance-test-kit';

const a = complianceOrder({ refCode: 'ORD-A1', status: 'completed', fiatAmount: '25000', cryptoAmount: '280.5' });
const b = complianceOrder({ refCode: 'ORD-B2', brand: { _id: 't-2', name: 'Beta Desk' } });
const page = (orders = [a, b], extra = {}) => ({ orders, total: orders.length, page: 1, limit: 20, asOf: null, ...extra });

describe('compliance orders', () => {
  it('lists the orders: ref, brand, status, amounts, phone and created', async () => {
    renderCompliance('/compliance', { 'GET /api/compliance/orders': page() });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ref', 'Brand', 'Status', 'Type', 'INR', 'USDT', 'Phone', 'Created']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'ORD-A1' }).getAttribute('href')).toBe(`/compliance/orders/${a._id}`);
    expect(first.textContent).toContain('Alpha Desk');
    expect(first.textContent).toContain('Completed');
    expect(first.textContent).toContain('₹25,000');
    expect(first.textContent).toContain('280.5');
    expect(first.textContent).toContain('+919800000001');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the search, and keeps it in the address', async () => {
    const { calls, router } = renderCompliance('/compliance', { 'GET /api/compliance/orders': page() });
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.type(screen.getByLabelText('Search'), 'ORD-A1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/orders')).toEqual({ search: 'ORD-A1', page: '1', limit: '20' }));
    expect(router.state.location.search).toBe('?search=ORD-A1');
  });

  it('filters by status and by any brand the officer reads, by name (not only those in the list)', async () => {
    const { calls } = renderCompliance('/compliance', { 'GET /api/compliance/orders': page() });
    await screen.findByRole('table', { name: 'Orders' });
    await waitFor(() =>
      expect([...(screen.getByLabelText('Brand') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'All brands',
        'Alpha Desk',
        'Beta Desk',
        'Operator Desk',
      ]),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    await userEvent.selectOptions(screen.getByLabelText('Brand'), 'Beta Desk');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/orders')).toMatchObject({ status: 'completed', tenantId: 't-2' }));
  });

  it('sends the as-of instant as ISO and says whose order book it is', async () => {
    const { calls } = renderCompliance('/compliance', { 'GET /api/compliance/orders': page() });
    await screen.findByRole('table', { name: 'Orders' });
    const picker = screen.getByLabelText('As of');
    await userEvent.type(picker, '2025-01-15T10:30:00');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const expected = new Date('2025-01-15T10:30:00').toISOString();
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/orders').asOf).toBe(expected));
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toMatch(/^Order book as of 15 Jan 2025/);
    expect(banner.querySelector('time')?.getAttribute('dateTime')).toBe(expected);
  });

  it('opens an order from its row', async () => {
    const { router } = renderCompliance('/compliance', {
      'GET /api/compliance/orders': page(),
      [`GET /api/compliance/orders/${b._id}/replay`]: () => ({ status: 404, body: {} }),
    });
    await userEvent.click(await screen.findByText('Beta Desk', { selector: 'td' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/compliance/orders/${b._id}`));
  });

  it('pages through the results', async () => {
    const { calls } = renderCompliance('/compliance', { 'GET /api/compliance/orders': page([a, b], { total: 45 }) });
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls, '/api/compliance/orders').page).toBe('2'));
  });

  it('offers no brand filter to a brand officer', async () => {
    renderCompliance('/compliance', { 'GET /api/compliance/orders': page(), 'GET /api/auth/me': { _id: 'o', roles: ['compliance'], tenantId: 't-2' } });
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.queryByLabelText('Brand')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Brand' })).toBeNull();
  });
});
