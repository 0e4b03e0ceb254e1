// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAdmin } from '../features/admin/layout/admin-test-kit';
import { renderCompliance } from '../features/compliance/layout/compliance-test-kit';
import { renderCustomer } from '../features/customer/customer-test-kit';

// Each area's layout guards it alike: a visitor without a token goes to /login (one table, not a copy per area).
describe('a signed-out visitor', () => {
  it.each([
    { area: 'customer', open: () => renderCustomer('/dashboard', {}, { signedIn: false }) },
    { area: 'admin', open: () => renderAdmin('/admin/dashboard', {}, { signedIn: false }) },
    { area: 'compliance', open: () => renderCompliance('/compliance', {}, { signedIn: false }) },
  ])('is sent from the $area area to /login', async ({ open }) => {
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
