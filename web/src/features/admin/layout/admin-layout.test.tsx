// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME } from '../../../test/fixtures';
import { adminBreadcrumb } from './admin-breadcrumb';
import { renderAdmin } from './admin-test-kit';

describe('admin shell', () => {
  it('sends a signed-in customer to their own dashboard', async () => {
    const { router } = renderAdmin('/admin/orders', { 'GET /api/auth/me': ME });
    expect(await screen.findByRole('heading', { name: 'Customer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('complementary', { name: 'Admin navigation' })).toBeNull();
  });

  // Its sidebar's links: app/desk-navigation.test.tsx (one table for both desks).
  it("names an order's page in the breadcrumb, under Orders", async () => {
    renderAdmin('/admin/orders/00000000-0000-4000-8000-000000000001');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Admin', 'Orders', 'Order Details']);
  });

  it('says beside Pending changes how many changes wait for the signed-in admin to confirm', async () => {
    renderAdmin('/admin/dashboard', { 'GET /api/admin/changes': { changes: [], waitingForYou: 2 } });
    const nav = await screen.findByRole('complementary', { name: 'Admin navigation' });
    const link = within(nav).getByRole('link', { name: /Pending changes/ });
    await waitFor(() => expect(link.textContent).toBe('Pending changes2 waiting for you'));
  });

  it('offers the user dashboard, and opens the menu as a drawer from its toggle', async () => {
    renderAdmin('/admin/tenants');
    expect((await screen.findByRole('link', { name: 'User Dashboard' })).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'Other admin page' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Admin navigation' }).className).toContain('open');
    await userEvent.click(within(screen.getByRole('complementary', { name: 'Admin navigation' })).getByRole('link', { name: 'Settings' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it("names the page and the brand in the tab's title, and follows the page", async () => {
    const { router } = renderAdmin('/admin/orders/00000000-0000-4000-8000-000000000001');
    await waitFor(() => expect(document.title).toBe('Order Details · Test Desk'));
    await act(() => router.navigate('/admin/users'));
    await waitFor(() => expect(document.title).toBe('Users · Test Desk'));
  });

  it('says who is signed in, by name', async () => {
    renderAdmin('/admin/tenants');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('ops').textContent).toBe('Signed in as ops');
  });

  it('opens the shared Change Password dialog', async () => {
    renderAdmin('/admin/dashboard', { 'GET /api/admin/dashboard': () => ({ status: 500, body: {} }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByLabelText('Current password')).toBeTruthy();
  });

  it('logs out: the token is gone and the login page shows', async () => {
    const { router } = renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('admin shell: who runs which brands', () => {
  it('tells an operator admin they run every brand, and opens the operator screens', async () => {
    const { router } = renderAdmin('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Other admin page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(within(screen.getByRole('banner')).getByText('All brands')).toBeTruthy();
  });

  it("shows a brand admin their brand's name, and only the screens they run", async () => {
    renderAdmin('/admin/orders', {}, { as: 'brand' });
    const nav = await screen.findByRole('complementary', { name: 'Admin navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Users', 'Reconciliation', 'Books', 'Webhooks', 'Sessions']);
    expect(within(screen.getByRole('banner')).getByText('Brand: Beta Desk')).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByText('All brands')).toBeNull();
  });

  it.each([
    '/admin/settings',
    '/admin/tenants',
    '/admin/tenants/t-2',
    '/admin/tenants/t-2/edit',
    '/admin/add-bank-account?tenant=t-2',
    '/admin/add-crypto-wallet',
    '/admin/projections',
  ])('sends a brand admin from %s to the dashboard', async (path) => {
    const { router } = renderAdmin(path, { 'GET /api/admin/dashboard': () => ({ status: 500, body: {} }) }, { as: 'brand' });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('leaves a brand admin on the screens they run', async () => {
    const { router } = renderAdmin('/admin/users', { 'GET /api/admin/users': { users: [], total: 0 } }, { as: 'brand' });
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

describe('adminBreadcrumb', () => {
  it.each([
    ['/admin/dashboard', ['Admin', 'Dashboard']],
    ['/admin/tenants/t-1/edit', ['Admin', 'Tenants', 'Tenant Details', 'Edit']],
    ['/admin/add-crypto-wallet', ['Admin', 'Add Crypto Wallet']],
  ])('%s reads %j', (path, labels) => {
    expect(adminBreadcrumb(path).map((c) => c.label)).toEqual(labels);
  });

  it('links each crumb to its own path', () => {
    expect(adminBreadcrumb('/admin/orders/abc').map((c) => c.to)).toEqual(['/admin/dashboard', '/admin/orders', '/admin/orders/abc']);
  });
});
