// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { bank, renderTenants, tenant } from './tenant-test-kit';
import { waitingAnswer } from '../changes/changes-test-kit';

const alpha = tenant({ bankAccounts: [bank(1), bank(2, { isActive: false })] });
const beta = tenant({ _id: 't-2', name: 'Beta Desk', domain: null });
const LIST = { tenants: [alpha, beta], total: 2 };

async function fill() {
  await userEvent.type(screen.getByLabelText('Bank Name'), 'ICICI Bank');
  await userEvent.type(screen.getByLabelText('Account Name'), 'Alpha Payments');
  await userEvent.type(screen.getByLabelText('Account Number'), '123456789012');
  await userEvent.type(screen.getByLabelText('IFSC Code'), 'icic0001234');
}

describe('Add Bank Account', () => {
  it("appends the account to the tenant's whole list, IFSC in capitals, then goes back to the tenants", async () => {
    const { calls, router } = renderTenants('/admin/add-bank-account?tenant=t-1', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-1': alpha,
      'PUT /api/admin/tenants/t-1': () => ({ status: 200, body: { tenant: alpha, message: 'Tenant updated' } }),
    });
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Alpha Desk/ })).checked).toBe(true);
    await fill();
    expect(screen.getByLabelText<HTMLInputElement>('IFSC Code').value).toBe('ICIC0001234');
    await userEvent.click(screen.getByLabelText('Active (can receive payments)'));
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByText('Alpha Desk')).toBeTruthy();
    expect(preview.getByText('ICIC0001234')).toBeTruthy();
    expect(preview.getByText('Inactive')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    expect(await screen.findByText('Bank account added successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants'));
    const { _id: _a, ...first } = bank(1);
    const { _id: _b, ...second } = bank(2, { isActive: false });
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-1').map((c) => c.body)).toEqual([
      {
        bankAccounts: [
          first,
          second,
          { bankName: 'ICICI Bank', accountName: 'Alpha Payments', accountNumber: '123456789012', ifsc: 'ICIC0001234', isActive: false },
        ],
      },
    ]);
  });

  it('asks for a tenant first, and shows why the server refused the account', async () => {
    const { calls } = renderTenants('/admin/add-bank-account', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-2': beta,
      'PUT /api/admin/tenants/t-2': () => ({ status: 500, body: {} }),
    });
    await screen.findByRole('radio', { name: /Beta Desk/ });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a tenant first');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: /Beta Desk/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    expect(await screen.findByText('Failed to add bank account')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-2')[0]!.body).toEqual({
      bankAccounts: [{ bankName: 'ICICI Bank', accountName: 'Alpha Payments', accountNumber: '123456789012', ifsc: 'ICIC0001234', isActive: true }],
    });
  });

  it('says a new account waits for a second admin, with a link to the request, and stays on the page', async () => {
    const answer = waitingAnswer();
    const { router } = renderTenants('/admin/add-bank-account?tenant=t-1', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-1': alpha,
      'PUT /api/admin/tenants/t-1': () => answer,
    });
    await screen.findByRole('radio', { name: /Alpha Desk/ });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    expect(await screen.findByText('Waiting for a second admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${answer.body.change._id}`);
    expect(screen.queryByText('Bank account added successfully')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/add-bank-account');
  });
});
