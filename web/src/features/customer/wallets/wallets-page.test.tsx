// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, EVM_ADDRESS, TRON_ADDRESS, wallet } from '../../../test/fixtures';
import { renderCustomer } from '../customer-test-kit';
import { shortAddress } from '../../../lib/order-format';

const saved = wallet({ label: 'Main', isDefault: true });
const short = `${TRON_ADDRESS.slice(0, 8)}...${TRON_ADDRESS.slice(-8)}`;

describe('USDT wallets', () => {
  it('shows addresses shortened to their first and last 8 characters', async () => {
    renderCustomer('/dashboard/wallets', { 'GET /api/user/wallets': { wallets: [saved] } });
    // On screen its ends; the whole address is the tooltip and what a screen reader reads, never shown in full.
    const shown = await screen.findByText(`${TRON_ADDRESS.slice(0, 8)}…${TRON_ADDRESS.slice(-8)}`);
    const cell = shown.closest('code')!;
    expect(cell.getAttribute('title')).toBe(TRON_ADDRESS);
    expect(screen.getByText(TRON_ADDRESS).className).toBe('visually-hidden');
    expect(screen.getByRole('button', { name: 'Copy TRC20 address' })).toBeTruthy();
    expect(shortAddress(EVM_ADDRESS)).toBe('0x529084...e4169ee7');
    expect(within(cell.closest('tr')!).getByText('Default')).toBeTruthy();
  });

  it('makes an address the default, and says so when the server refuses', async () => {
    const other = wallet({ label: 'Spare', isDefault: false });
    const { calls } = renderCustomer('/wallets', {
      'GET /api/user/wallets': { wallets: [saved, other] },
      [`PUT /api/user/wallet/${other._id}`]: () => ({ status: 500, body: {} }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Failed to save wallet address')).toBeTruthy();
    expect(callsTo(calls, 'PUT', `/api/user/wallet/${other._id}`).map((c) => c.body)).toEqual([{ isDefault: true }]);
  });

  it('deletes only after the confirmation', async () => {
    const { calls } = renderCustomer('/wallets', {
      'GET /api/user/wallets': { wallets: [saved] },
      [`DELETE /api/user/wallet/${saved._id}`]: () => ({ status: 200, body: { message: 'Wallet deleted' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: `Delete TRC20 address ${short}` }));
    let dialog = screen.getByRole('dialog', { name: 'Delete USDT Address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'DELETE', `/api/user/wallet/${saved._id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Delete TRC20 address ${short}` }));
    dialog = screen.getByRole('dialog', { name: 'Delete USDT Address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Wallet deleted')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', `/api/user/wallet/${saved._id}`)).toHaveLength(1);
  });

  it('checks the address against the chosen network before sending', async () => {
    const { calls } = renderCustomer('/dashboard/wallets');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add USDT Address' }));
    const save = dialog.getByRole('button', { name: 'Save Address' });
    await userEvent.click(save);
    expect(dialog.getByText('Please enter a valid wallet address')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Wallet address'), TRON_ADDRESS);
    // A new address starts on TRC20, the specification's default; choosing no network is still refused in words.
    expect((dialog.getByLabelText('Network') as HTMLSelectElement).value).toBe('TRC20');
    await userEvent.selectOptions(dialog.getByLabelText('Network'), '');
    await userEvent.click(save);
    expect(dialog.getByText('Please select a network')).toBeTruthy();
    await userEvent.selectOptions(dialog.getByLabelText('Network'), 'ERC20');
    await userEvent.click(save);
    expect(dialog.getByText('This is a TRC20 (Tron) address, not an ERC20 one. USDT sent to the wrong network is lost.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/user/wallet')).toHaveLength(0);
  });

  it('saves a good address and shows the server error when refused', async () => {
    let attempts = 0;
    const { calls } = renderCustomer('/dashboard/wallets', {
      'POST /api/user/wallet': () =>
        ++attempts === 1
          ? { status: 409, body: { error: 'This address is already saved for this network' } }
          : { status: 201, body: { wallet: saved, message: 'Wallet saved' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Address' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add USDT Address' }));
    await userEvent.selectOptions(dialog.getByLabelText('Network'), 'TRC20');
    await userEvent.type(dialog.getByLabelText('Wallet address'), `  ${TRON_ADDRESS} `);
    await userEvent.type(dialog.getByLabelText('Label (optional)'), 'Ledger');
    await userEvent.click(dialog.getByLabelText('Use as default address'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Address' }));
    expect(await dialog.findByText('This address is already saved for this network')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/user/wallet')[1]!.body).toEqual({ address: TRON_ADDRESS, network: 'TRC20', label: 'Ledger', isDefault: true });
  });
});
