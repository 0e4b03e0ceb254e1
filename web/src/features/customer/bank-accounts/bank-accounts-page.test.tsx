// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bankAccount, callsTo } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';

describe('bank accounts', () => {
  it('asks for every detail, upper-cases the IFSC and saves', async () => {
    const saved = bankAccount();
    const { calls } = renderCustomer('/bank-accounts', {
      'POST /api/user/bank-account': () => ({ status: 201, body: { account: saved, message: 'Bank account saved' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bank Account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Bank Account' }));
    await userEvent.type(dialog.getByLabelText('Bank name'), 'HDFC Bank');
    await userEvent.type(dialog.getByLabelText('Account holder name'), 'Asha Rao');
    await userEvent.type(dialog.getByLabelText('Account number'), '0011223344');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Bank Account' }));
    expect(dialog.getByText('Please fill all bank account details')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('IFSC code'), 'hdfc0000123');
    expect(dialog.getByLabelText<HTMLInputElement>('IFSC code').value).toBe('HDFC0000123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Bank Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/user/bank-account').map((c) => c.body)).toEqual([
      { bankName: 'HDFC Bank', accountHolder: 'Asha Rao', accountNumber: '0011223344', ifsc: 'HDFC0000123', isDefault: false },
    ]);
  });

  it('shows the delete failure the server gives, else its own', async () => {
    const account = bankAccount({ bankName: 'SBI', accountNumber: '5566778899' });
    renderCustomer('/dashboard/bank-accounts', {
      'GET /api/user/bank-accounts': { accounts: [account] },
      [`DELETE /api/user/bank-account/${account._id}`]: () => ({ status: 500, body: {} }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SBI account 5566778899' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete Bank Account' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete bank account')).toBeTruthy();
  });

  it('makes an account the default, saying so, and edits one with its details filled in', async () => {
    const account = bankAccount({ bankName: 'SBI', accountNumber: '5566778899', ifsc: 'SBIN0001234' });
    const { calls } = renderCustomer('/bank-accounts', {
      'GET /api/user/bank-accounts': { accounts: [account] },
      [`PUT /api/user/bank-account/${account._id}`]: () => ({
        status: 200,
        body: { account: { ...account, isDefault: true }, message: 'Bank account updated' },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Bank account updated')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/user/bank-account/${account._id}`).map((c) => c.body)).toEqual([{ isDefault: true }]);

    await userEvent.click(screen.getByRole('button', { name: 'Edit SBI account 5566778899' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Bank Account' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Bank name').value).toBe('SBI');
    expect(dialog.getByLabelText<HTMLInputElement>('IFSC code').value).toBe('SBIN0001234');
  });
});
