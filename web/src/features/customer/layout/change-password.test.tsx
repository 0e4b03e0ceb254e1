// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';

async function openDialog(table: Parameters<typeof renderCustomer>[1] = {}) {
  const app = renderCustomer('/dashboard', table);
  await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Change Password' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Change Password' }));
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [
      ['Current password', current],
      ['New password', next],
      ['Confirm new password', confirm],
    ] as const) {
      await userEvent.clear(dialog.getByLabelText(label));
      if (value) await userEvent.type(dialog.getByLabelText(label), value);
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Change Password' }));
  };
  return { ...app, dialog, fill };
}

describe('change password', () => {
  it('names each problem of the form in turn, sending nothing', async () => {
    const { dialog, fill, calls } = await openDialog();
    const cases = [
      ['', '', '', 'Current password is required'],
      ['secret1', '', '', 'New password is required'],
      ['secret1', 'short', '', 'Password must be at least 6 characters long'],
      ['secret1', 'secret1', '', 'New password must be different from current password'],
      ['secret1', 'secret22', '', 'Please confirm your new password'],
      ['secret1', 'secret22', 'secret23', 'Passwords do not match'],
    ] as const;
    for (const [current, next, confirm, message] of cases) {
      await fill(current, next, confirm);
      expect(dialog.getByText(message)).toBeTruthy();
    }
    expect(callsTo(calls, 'POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('shows the server error text', async () => {
    const { dialog, fill } = await openDialog({ 'POST /api/auth/change-password': () => ({ status: 400, body: { error: 'Current password is incorrect' } }) });
    await fill('wrong-one', 'secret22', 'secret22');
    expect(await dialog.findByText('Current password is incorrect')).toBeTruthy();
  });

  it('shows a validation error as every screen does, not its code (seed-spec section 5)', async () => {
    const details = [{ path: 'newPassword', message: 'Password must be at most 200 characters' }];
    const { dialog, fill } = await openDialog({ 'POST /api/auth/change-password': () => ({ status: 400, body: { error: 'validation_error', details } }) });
    await fill('secret11', 'x'.repeat(201), 'x'.repeat(201));
    expect(await dialog.findByText('Validation failed: Password must be at most 200 characters')).toBeTruthy();
    expect(dialog.queryByText('validation_error')).toBeNull();
  });

  it('keeps the session on the token the server returns', async () => {
    const { fill, calls } = await openDialog({
      'POST /api/auth/change-password': () => ({ status: 200, body: { message: 'Password changed successfully', token: 'new-token' } }),
    });
    await fill('secret1', 'secret22', 'secret22');
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(callsTo(calls, 'POST', '/api/auth/change-password')[0]!.body).toEqual({ currentPassword: 'secret1', newPassword: 'secret22' });
  });
});
