// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME } from '../../../test/fixtures';
import { complianceBreadcrumb } from './compliance-breadcrumb';
import { OFFICER_ME, renderCompliance } from './compliance-test-kit';

describe('compliance shell', () => {
  it('tells a signed-in user without the compliance role that access is denied, and calls nothing', async () => {
    const { calls } = renderCompliance('/compliance/events', { 'GET /api/auth/me': ME });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('complementary', { name: 'Compliance navigation' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/compliance'))).toBe(false);
  });

  it('denies an admin without the compliance role too', async () => {
    renderCompliance('/compliance', { 'GET /api/auth/me': { ...OFFICER_ME, roles: ['admin'], adminScope: 'all_brands' } });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  // Its sidebar's links: app/desk-navigation.test.tsx (one table for both desks).
  it('says an order that is not there is not found, and what the officer reads: all brands, read only', async () => {
    renderCompliance('/compliance/orders/00000000-0000-4000-8000-000000000001', {
      'GET /api/compliance/orders/00000000-0000-4000-8000-000000000001/replay': () => ({ status: 404, body: { error: 'Order not found' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('All brands')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Read only')).toBeTruthy();
  });

  it("names the page and the brand in the tab's title", async () => {
    renderCompliance('/compliance/events');
    await waitFor(() => expect(document.title).toBe('Event Log · Test Desk'));
  });

  it('says who is signed in, by name, or by phone when they chose none', async () => {
    renderCompliance('/compliance/exports', { 'GET /api/auth/me': { ...OFFICER_ME, username: null } });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(OFFICER_ME.phone).textContent).toBe(`Signed in as ${OFFICER_ME.phone}`);
  });

  it('opens the menu as a drawer on phones, and closes it with Escape', async () => {
    renderCompliance('/compliance/events');
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    const nav = screen.getByRole('complementary', { name: 'Compliance navigation' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    await userEvent.click(toggle);
    expect(nav.className).toContain('open');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    within(nav).getByRole('link', { name: 'Exports' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(nav.className).not.toContain('open');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('says "Access denied" when the server refuses a call (403)', async () => {
    renderCompliance('/compliance', { 'GET /api/compliance/orders': () => ({ status: 403, body: { error: 'Forbidden' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied');
  });

  it("names a brand's officer's brand", async () => {
    renderCompliance('/compliance/exports', { 'GET /api/auth/me': { ...OFFICER_ME, tenantId: 't-2' } });
    expect(await within(await screen.findByRole('banner')).findByText('Brand: Test Desk')).toBeTruthy();
  });
});

describe('complianceBreadcrumb', () => {
  it.each([
    ['/compliance', ['Compliance']],
    ['/compliance/events', ['Compliance', 'Event Log']],
    ['/compliance/orders/abc', ['Compliance', 'Orders', 'Order Timeline']],
    ['/compliance/changes/abc', ['Compliance', 'Desk changes', 'Change']],
    ['/compliance/books', ['Compliance', 'Books']],
  ])('%s reads %j', (path, labels) => {
    expect(complianceBreadcrumb(path).map((c) => c.label)).toEqual(labels);
  });

  it('links each crumb to its own path (/compliance/orders leads to the list)', () => {
    expect(complianceBreadcrumb('/compliance/orders/abc').map((c) => c.to)).toEqual(['/compliance', '/compliance/orders', '/compliance/orders/abc']);
  });
});
