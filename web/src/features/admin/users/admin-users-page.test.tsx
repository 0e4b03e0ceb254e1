// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../layout/admin-test-kit';
import { openAddUser, renderUsers, user } from './users-test-kit';

const wallet = (n: number, isDefault = false) => ({
  _id: `w-${n}`,
  address: `TWalletAddress${n}`,
  network: 'TRC20' as const,
  label: `Label ${n}`,
  isDefault,
  createdAt: '2025-01-02T10:00:00.000Z',
});

describe('User Management', () => {
  it('lists users with their roles and wallet counts, 25 a page', async () => {
    const users = Array.from({ length: 30 }, (_, i) => user(i + 1));
    users[0] = user(1, { roles: ['admin'], wallets: { usdt: [wallet(1), wallet(2)] } });
    renderUsers(users);
    const first = (await screen.findByText('user1')).closest('tr')!;
    expect(within(first).getByText('admin')).toBeTruthy();
    expect(within(first).getByText('2 configured')).toBeTruthy();
    const second = screen.getByText('user2').closest('tr')!;
    expect(within(second).getByText('user')).toBeTruthy();
    expect(within(second).getByText('-')).toBeTruthy();
    expect(screen.getByText('Total: 30 users')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^View Details/ })).toHaveLength(25);
    expect(screen.queryByText('user26')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('button', { name: /^View Details/ })).toHaveLength(5);
    expect(screen.getByText('user26')).toBeTruthy();
  });

  it('says when there are no users, and when the list cannot load', async () => {
    renderUsers([]);
    expect(await screen.findByText('No users found')).toBeTruthy();
    cleanup();
    renderAdmin('/admin/users', { 'GET /api/admin/users': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Unauthorized or server error')).toBeTruthy();
  });

  it("shows a user's wallets, bank accounts and UPI ID in the details", async () => {
    const account = {
      _id: 'b-1',
      bankName: 'HDFC Bank',
      accountName: 'Asha Rao',
      accountNumber: '0011223344',
      ifsc: 'HDFC0000123',
      isDefault: true,
      createdAt: '2025-01-02T10:00:00.000Z',
    };
    renderUsers([user(1, { wallets: { usdt: [wallet(1, true), wallet(2)] }, bankDetails: { accounts: [account], upiId: 'asha@upi' } }), user(2)]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of user1' }));
    let dialog = within(screen.getByRole('dialog', { name: 'User Details' }));
    const wallets = within(dialog.getByRole('table', { name: 'USDT wallets' }));
    expect(wallets.getByText('TWalletAddress1').closest('tr')!.textContent).toContain('Default');
    expect(wallets.getByText('TWalletAddress2').closest('tr')!.textContent).not.toContain('Default');
    expect(wallets.getByText('Label 2')).toBeTruthy();
    const banks = within(dialog.getByRole('table', { name: 'Bank accounts' }));
    expect(banks.getByText('HDFC Bank').closest('tr')!.textContent).toBe('HDFC BankAsha Rao0011223344HDFC0000123Default');
    expect(dialog.getByText('asha@upi')).toBeTruthy();
    expect(dialog.getByText('user-1')).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'View Details of user2' }));
    dialog = within(screen.getByRole('dialog', { name: 'User Details' }));
    expect(dialog.getByText('No wallets configured')).toBeTruthy();
    expect(dialog.getByText('No bank accounts')).toBeTruthy();
    expect(dialog.queryByText('UPI ID')).toBeNull();
  });

  it('checks the Add User form before sending it', async () => {
    const { calls } = renderUsers([user(1)]);
    const dialog = await openAddUser();
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(dialog.getByRole('alert').textContent).toBe('Phone and password are required');
    await userEvent.type(dialog.getByLabelText('Phone'), '+919811111111');
    await userEvent.type(dialog.getByLabelText('Password'), '12345');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(dialog.getByRole('alert').textContent).toBe('Password must be at least 6 characters long');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('tells the admin that the holder sets their own password before ordering', async () => {
    renderUsers([user(1)]);
    const dialog = await openAddUser();
    const password = dialog.getByLabelText('Password');
    const hint = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Its holder sets their own with a code sent to the phone before they can place orders');
  });

  it('names each failure by its status when the server gives no text, and its own text when it does', async () => {
    const answers: (() => { status: number; body: unknown })[] = [
      () => ({ status: 401, body: {} }),
      () => ({ status: 403, body: {} }),
      () => ({ status: 409, body: {} }),
      () => ({ status: 400, body: {} }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ status: 500, body: {} }),
      () => ({ status: 409, body: { error: 'Phone number already exists', code: 'phone_taken' } }),
      () => ({ status: 400, body: { error: 'validation_error', details: [{ path: 'phone', message: 'Enter a valid phone number' }] } }),
    ];
    let attempt = 0;
    const { calls } = renderUsers([user(1)], { 'POST /api/admin/users': () => answers[attempt++]!() });
    const dialog = await openAddUser();
    await userEvent.type(dialog.getByLabelText('Username (optional)'), 'ravi');
    await userEvent.type(dialog.getByLabelText('Phone'), '+919811111111');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1');
    const texts = [
      'Unauthorized. Please login again.',
      'Access denied. Admin privileges required.',
      'Phone number already exists',
      'Invalid data provided',
      'Network error. Please check your connection.',
      'Failed to create user',
      'Phone number already exists',
      'Validation failed: Enter a valid phone number',
    ];
    for (const text of texts) {
      await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(await dialog.findByText(text)).toBeTruthy();
    }
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'ravi',
      phone: '+919811111111',
      password: 'secret1',
      roles: [],
      tenantId: 'default',
    });
  });

  it('closes the form and shows the new user after creating one', async () => {
    let users = [user(1)];
    const api = renderAdmin('/admin/users', {
      'GET /api/admin/users': () => ({ status: 200, body: { users, total: users.length } }),
      'POST /api/admin/users': () => {
        users = [...users, user(2, { username: null, phone: '+919822222222' })];
        return { status: 201, body: { user: users[1], message: 'User created successfully' } };
      },
    });
    const dialog = await openAddUser();
    await userEvent.type(dialog.getByLabelText('Phone'), '+919822222222');
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(await screen.findByText('+919822222222')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ phone: '+919822222222', password: 'secret1', roles: [], tenantId: 'default' });
  });
});
