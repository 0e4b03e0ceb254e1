// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, EVM_ADDRESS, TRON_ADDRESS } from '../../../test/fixtures';
import { OWN_QR, renderTenants, tenant, wallet } from './tenant-test-kit';
import { qrPaysElsewhere } from '@desk/machines/tenants/wallet-qr';

const alpha = tenant({ cryptoWallets: [wallet(1), wallet(2, { network: 'BEP20', address: EVM_ADDRESS, qrCodeUrl: null, isActive: false })] });
const LIST = { tenants: [alpha], total: 1 };
const PNG_BYTES = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

const add = () => userEvent.click(screen.getByRole('button', { name: 'Add Crypto Wallet' }));
const problem = () => screen.getByRole('alert').textContent;

describe('Add Crypto Wallet', () => {
  it('asks for a tenant, a network and an address that belongs to that network', async () => {
    const { calls } = renderTenants('/admin/add-crypto-wallet', { 'GET /api/admin/tenants': LIST });
    await screen.findByRole('radio', { name: /Alpha Desk/ });
    await add();
    expect(problem()).toBe('Please select a tenant first');
    await userEvent.click(screen.getByRole('radio', { name: /Alpha Desk/ }));
    await add();
    expect(problem()).toBe('Please fill in network and address');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'ERC20 (Ethereum)');
    await userEvent.type(screen.getByLabelText('Wallet Address'), TRON_ADDRESS);
    await add();
    expect(problem()).toBe('This is a TRC20 (Tron) address, not an ERC20 one. USDT sent to the wrong network is lost.');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'Select network');
    await add();
    expect(problem()).toBe('Please fill in network and address');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('appends the wallet with its uploaded QR inline, the saved wallets keeping their QR links', async () => {
    const { calls, router } = renderTenants('/admin/add-crypto-wallet?tenant=t-1', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-1': alpha,
      'PUT /api/admin/tenants/t-1': () => ({ status: 200, body: { tenant: alpha, message: 'Tenant updated' } }),
    });
    await screen.findByRole('radio', { name: /Alpha Desk/, checked: true });
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'POLYGON');
    await userEvent.type(screen.getByLabelText('Wallet Address'), EVM_ADDRESS);
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByRole('img', { name: 'QR code preview made from the address' })).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('QR code image (optional)'), new File([PNG_BYTES], 'qr.png', { type: 'image/png' }));
    const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
    await waitFor(() => expect(preview.getByRole('img', { name: 'QR code preview' }).getAttribute('src')).toBe(dataUrl));
    expect(screen.getByText('QR Code uploaded successfully!')).toBeTruthy();
    await add();
    expect(await screen.findByText('Crypto wallet added successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants'));
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-1').map((c) => c.body)).toEqual([
      {
        cryptoWallets: [
          { network: 'TRC20', address: TRON_ADDRESS, qrCodeUrl: OWN_QR, isActive: true },
          { network: 'BEP20', address: EVM_ADDRESS, isActive: false },
          { network: 'POLYGON', address: EVM_ADDRESS, qrCodeUrl: dataUrl, isActive: true },
        ],
      },
    ]);
  });

  it("offers no link to a QR on another site, and shows the server's refusal of a QR that pays another address", async () => {
    const refusal = qrPaysElsewhere('TAttacker', TRON_ADDRESS);
    renderTenants('/admin/add-crypto-wallet?tenant=t-1', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-1': tenant(),
      'PUT /api/admin/tenants/t-1': () => ({ status: 400, body: { error: 'validation_error', details: [{ path: 'qrCodeUrl', message: refusal }] } }),
    });
    await screen.findByRole('radio', { name: /Alpha Desk/, checked: true });
    expect(screen.queryByLabelText('QR code URL (optional)')).toBeNull();
    expect(screen.getByText(/the desk reads it and refuses one that pays another address/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Wallet Address'), TRON_ADDRESS);
    await userEvent.upload(screen.getByLabelText('QR code image (optional)'), new File([PNG_BYTES], 'qr.png', { type: 'image/png' }));
    await add();
    expect(await screen.findAllByText(new RegExp(refusal.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).not.toHaveLength(0);
  });

  it('leaves the QR out to have one made, and shows a failed save', async () => {
    const { calls } = renderTenants('/admin/add-crypto-wallet?tenant=t-1', {
      'GET /api/admin/tenants': LIST,
      'GET /api/admin/tenants/t-1': tenant(),
      'PUT /api/admin/tenants/t-1': () => ({ status: 500, body: {} }),
    });
    await screen.findByRole('radio', { name: /Alpha Desk/, checked: true });
    await userEvent.type(screen.getByLabelText('Wallet Address'), TRON_ADDRESS);
    await userEvent.click(screen.getByLabelText('Active (can receive payments)'));
    await add();
    expect(await screen.findByText('Failed to add crypto wallet')).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/api/admin/tenants/t-1')[0]!.body).toEqual({ cryptoWallets: [{ network: 'TRC20', address: TRON_ADDRESS, isActive: false }] });
  });
});
