// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, EVM_ADDRESS, TRON_ADDRESS } from '../../../test/fixtures';
import { shortAddress } from '../../../lib/order-format';
import { bank, holdCalls, OWN_QR, renderTenants, tenant, wallet } from './tenant-test-kit';
import { waitingAnswer } from '../changes/changes-test-kit';

const banks = [bank(1), bank(2, { isActive: false }), bank(3)];
const wallets = [wallet(1), wallet(2, { network: 'ERC20', address: EVM_ADDRESS, qrCodeUrl: null, isActive: false })];
const stored = tenant({ bankAccounts: banks, cryptoWallets: wallets });
const tronSwitch = () => `TRC20 ${shortAddress(TRON_ADDRESS)} active`;
const plain = (b: (typeof banks)[number]) => ({
  bankName: b.bankName,
  accountName: b.accountName,
  accountNumber: b.accountNumber,
  ifsc: b.ifsc,
  isActive: b.isActive,
});

describe('Tenant detail', () => {
  it('shows the brand, the basic information and both lists', async () => {
    renderTenants('/admin/tenants/t-1', { 'GET /api/admin/tenants/t-1': stored });
    expect(await screen.findByRole('heading', { name: 'Alpha Desk' })).toBeTruthy();
    const info = within(screen.getByRole('table', { name: 'Basic information' }));
    expect(info.getByText('alpha.example.com')).toBeTruthy();
    expect(info.getByText('2 active of 3')).toBeTruthy();
    const bankRows = within(screen.getByRole('table', { name: 'Bank accounts' }))
      .getAllByRole('row')
      .slice(1);
    expect(bankRows.map((r) => r.textContent)).toEqual([
      '1Bank 1Holder 10011223301HDFC0000101Active',
      '2Bank 2Holder 20011223302HDFC0000102Inactive',
      '3Bank 3Holder 30011223303HDFC0000103Active',
    ]);
    const walletTable = within(screen.getByRole('table', { name: 'Crypto wallets' }));
    expect(walletTable.getByText(TRON_ADDRESS)).toBeTruthy();
    expect(walletTable.getByRole('img', { name: `QR code of the TRC20 address ${TRON_ADDRESS}` }).getAttribute('src')).toBe(OWN_QR);
    expect(screen.getByRole('link', { name: 'Edit Tenant' }).getAttribute('href')).toBe('/admin/tenants/t-1/edit');
    expect(screen.getByRole('link', { name: 'Back to Tenants' }).getAttribute('href')).toBe('/admin/tenants');
  });

  it('sends the whole bank list with one flag flipped, and blocks other toggles while it saves', async () => {
    const flipped = banks.map((b, i) => (i === 1 ? { ...b, isActive: true } : b));
    const { calls, fetchMock } = renderTenants('/admin/tenants/t-1', {
      'GET /api/admin/tenants/t-1': stored,
      'GET /api/admin/tenants': { tenants: [stored], total: 1 },
      'PUT /api/admin/tenants/t-1': () => ({ status: 200, body: { tenant: { ...stored, bankAccounts: flipped }, message: 'Tenant updated' } }),
    });
    const release = holdCalls(fetchMock, 'PUT');
    await userEvent.click(await screen.findByRole('switch', { name: 'Bank 2 0011223302 active' }));
    const switches = screen.getAllByRole<HTMLButtonElement>('switch');
    expect(switches.every((s) => s.disabled)).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: 'Bank 1 0011223301 active' }));
    release();
    expect(await screen.findByText('Bank account activated successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Bank 2 0011223302 active' }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getAllByRole<HTMLButtonElement>('switch').some((s) => s.disabled)).toBe(false);
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-1').map((c) => c.body)).toEqual([{ bankAccounts: flipped.map(plain) }]);
  });

  it('sends the wallets with their own QR links, and says when the change failed', async () => {
    const { calls } = renderTenants('/admin/tenants/t-1', {
      'GET /api/admin/tenants/t-1': stored,
      'PUT /api/admin/tenants/t-1': () => ({ status: 500, body: {} }),
    });
    await userEvent.click(await screen.findByRole('switch', { name: tronSwitch() }));
    expect(await screen.findByText('Failed to update crypto wallet status')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-1')[0]!.body).toEqual({
      cryptoWallets: [
        { network: 'TRC20', address: TRON_ADDRESS, qrCodeUrl: OWN_QR, isActive: false },
        { network: 'ERC20', address: EVM_ADDRESS, isActive: false },
      ],
    });
    expect(screen.getByRole('switch', { name: tronSwitch() }).getAttribute('aria-checked')).toBe('true');
  });

  it('enlarges a QR code with a way to copy its address', async () => {
    renderTenants('/admin/tenants/t-1', { 'GET /api/admin/tenants/t-1': stored });
    await userEvent.click(await screen.findByRole('button', { name: 'Show QR code of ERC20 0x529084...e4169ee7' }));
    const dialog = within(screen.getByRole('dialog', { name: 'ERC20 Wallet QR Code' }));
    expect(dialog.getByRole('img', { name: `QR code of the ERC20 address ${EVM_ADDRESS}` }).tagName.toLowerCase()).toBe('svg');
    await userEvent.click(dialog.getByRole('button', { name: 'Copy Address' }));
    expect(await screen.findByText('Address copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(EVM_ADDRESS);
  });

  it('says when the tenant does not exist, and goes back to the list when it cannot load', async () => {
    renderTenants('/admin/tenants/nope', { 'GET /api/admin/tenants/nope': () => ({ status: 404, body: { error: 'Tenant not found' } }) });
    expect(await screen.findByRole('heading', { name: 'Tenant not found' })).toBeTruthy();
    const { router } = renderTenants('/admin/tenants/t-9', {
      'GET /api/admin/tenants/t-9': () => ({ status: 500, body: {} }),
      'GET /api/admin/tenants': { tenants: [], total: 0 },
    });
    expect(await screen.findByText('Failed to load tenant')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants'));
  });

  it('says switching an account on waits for a second admin, and leaves it off until then', async () => {
    const answer = waitingAnswer();
    renderTenants('/admin/tenants/t-1', { 'GET /api/admin/tenants/t-1': stored, 'PUT /api/admin/tenants/t-1': () => answer });
    await userEvent.click(await screen.findByRole('switch', { name: 'Bank 2 0011223302 active' }));
    expect(await screen.findByText('Bank account: waiting for a second admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${answer.body.change._id}`);
    expect(screen.getByRole('switch', { name: 'Bank 2 0011223302 active' }).getAttribute('aria-checked')).toBe('false');
  });
});
