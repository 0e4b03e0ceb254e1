// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPagesIn, ME, order } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';
import { breadcrumbLabel } from './breadcrumb';

describe('customer layout', () => {
  it('sends compliance staff to their own area: they place no orders', async () => {
    const { router } = renderCustomer('/dashboard', { 'GET /api/auth/me': { ...ME, roles: ['compliance'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/compliance'));
  });

  it('shows a loading screen with Refresh Page, then the page', async () => {
    renderCustomer('/dashboard');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).toBeNull();
  });

  it('says so when the user cannot be loaded', async () => {
    renderCustomer('/dashboard', { 'GET /api/auth/me': () => ({ status: 500, body: {} }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch user data. Please check your connection and try again.');
  });

  it.each([
    ['/dashboard/orders', 'My Orders'],
    ['/orders', 'My Orders'],
    ['/dashboard/wallets', 'USDT Wallets'],
    ['/wallets', 'USDT Wallets'],
    ['/dashboard/bank-accounts', 'Bank Accounts'],
    ['/bank-accounts', 'Bank Accounts'],
    ['/add-order', 'Add Order'],
  ])('%s shows %s', async (path, heading) => {
    renderCustomer(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('marks the sidebar entry of either path set as the current page', async () => {
    renderCustomer('/orders/00000000-0000-4000-8000-000000000001', { 'GET /api/orders/00000000-0000-4000-8000-000000000001': order() });
    const nav = await screen.findByRole('complementary', { name: 'Customer navigation' });
    expect(currentPagesIn(nav)).toEqual(['Orders']);
  });

  it('shows a not-found page for other paths', async () => {
    renderCustomer('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows Page not found for a path outside the customer area (/admin has its own routes)', async () => {
    renderCustomer('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('names the page in the breadcrumb, shows the phone and initial, and toggles the menu', async () => {
    renderCustomer('/dashboard/bank-accounts');
    const crumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumb).getByText('Bank Accounts')).toBeTruthy();
    expect(screen.getByText(ME.phone)).toBeTruthy();
    expect(screen.getByText('A')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(breadcrumbLabel('/orders/00000000-0000-4000-8000-000000000001')).toBe('customer.crumb.order');
  });

  it('logs out to /login and forgets the token', async () => {
    const { router } = renderCustomer('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
