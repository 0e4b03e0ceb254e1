import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeApi } from '../../../test/render';
import { renderAdmin } from '../layout/admin-test-kit';
import type { AdminUser } from './users-api';

/** Users as GET /api/admin/users lists them (of Alpha Desk unless told); used by the tests only. */
export const user = (n: number, patch: Partial<AdminUser> = {}): AdminUser => ({
  _id: `user-${n}`,
  username: `user${n}`,
  phone: `+9198000${String(n).padStart(5, '0')}`,
  roles: [],
  tenantId: 't-1',
  brand: { _id: 't-1', name: 'Alpha Desk' },
  adminScope: null,
  language: null,
  wallets: { usdt: [] },
  bankDetails: { accounts: [], upiId: null },
  createdAt: '2025-01-02T10:00:00.000Z',
  ...patch,
});

/** The users page listing `users`, as an operator admin unless `as` says otherwise. */
export function renderUsers(users: AdminUser[], table: FakeApi = {}, as: 'operator' | 'brand' = 'operator') {
  return renderAdmin('/admin/users', { 'GET /api/admin/users': { users, total: users.length }, ...table }, { as });
}

export async function openAddUser() {
  await userEvent.click(await screen.findByRole('button', { name: '+ Add User' }));
  return within(screen.getByRole('dialog', { name: 'Add User' }));
}
