// @vitest-environment happy-dom
import { describe, expect, it, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, EVM_ADDRESS } from '../../../test/fixtures';
import { bank, formSent, renderTenants, tenant, wallet } from './tenant-test-kit';

/** The fields of the edit's multipart PUT. */
const fieldsSent = (fetchMock: Mock) => Object.fromEntries(formSent(fetchMock, 'PUT', '/api/admin/tenants/t-1').entries());

describe('Tenant edit', () => {
  it('summarises the first 3 bank accounts and wallets, counts the rest, and links to add more', async () => {
    const stored = tenant({
      bankAccounts: [1, 2, 3, 4, 5].map((n) => bank(n)),
      cryptoWallets: [wallet(1), wallet(2, { network: 'ERC20', address: EVM_ADDRESS })],
    });
    renderTenants('/admin/tenants/t-1/edit', { 'GET /api/admin/tenants/t-1': stored });
    const banks = within(await screen.findByRole('list', { name: 'First bank accounts' }));
    expect(banks.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Bank 1 · 0011223301Active',
      'Bank 2 · 0011223302Active',
      'Bank 3 · 0011223303Active',
    ]);
    expect(screen.getByText('+2 more')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'First crypto wallets' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText(/^\+\d+ more$/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '+ Add Bank Account' }).getAttribute('href')).toBe('/admin/add-bank-account?tenant=t-1');
    expect(screen.getByRole('link', { name: '+ Add Crypto Wallet' }).getAttribute('href')).toBe('/admin/add-crypto-wallet?tenant=t-1');
  });

  it('saves the profile as a multipart edit and removes the current logo when asked', async () => {
    const stored = tenant({ logoUrl: '/api/files/logo?exp=1&sig=a' });
    let loads = 0;
    const { calls, fetchMock, router } = renderTenants('/admin/tenants/t-1/edit', {
      'GET /api/admin/tenants/t-1': () => ({ status: 200, body: { ...stored, logoUrl: `/api/files/logo?exp=${++loads}&sig=a` } }),
      'PUT /api/admin/tenants/t-1': () => ({ status: 200, body: { tenant: { ...stored, name: 'Alpha Exchange', logoUrl: null }, message: 'Tenant updated' } }),
    });
    expect((await screen.findByRole('img', { name: 'Current logo' })).getAttribute('src')).toBe('/api/files/logo?exp=1&sig=a');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toBe('/api/files/logo?exp=2&sig=a'));
    expect(callsTo(calls, 'GET', '/api/admin/tenants/t-1')).toHaveLength(2);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Alpha Exchange');
    await userEvent.click(screen.getByRole('button', { name: 'Remove current logo' }));
    expect(screen.getByText('The logo will be removed when you save.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tenant updated successfully')).toBeTruthy();
    expect(fieldsSent(fetchMock)).toEqual({
      name: 'Alpha Exchange',
      domain: 'alpha.example.com',
      primaryColor: '#123456',
      removeLogo: 'true',
      ...{ supportPhone: '', supportEmail: '', supportWhatsApp: '', supportHours: '' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tenants/t-1'));
  });

  it('sends a new logo file and says when the update failed', async () => {
    const { fetchMock } = renderTenants('/admin/tenants/t-1/edit', {
      'GET /api/admin/tenants/t-1': tenant(),
      'PUT /api/admin/tenants/t-1': () => ({ status: 500, body: {} }),
    });
    await userEvent.upload(await screen.findByLabelText('Logo file'), new File([new Uint8Array([255, 216, 255])], 'new.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('img', { name: 'New logo preview' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update tenant')).toBeTruthy();
    const sent = fieldsSent(fetchMock);
    expect((sent.logo as File).name).toBe('new.jpg');
    expect(sent).not.toHaveProperty('removeLogo');
  });

  it("edits the brand's support contact, and shows the server's words under the field it refused", async () => {
    const stored = tenant({ supportPhone: '+91 98765 43210', supportHours: '24/7' });
    const { fetchMock } = renderTenants('/admin/tenants/t-1/edit', {
      'GET /api/admin/tenants/t-1': stored,
      'PUT /api/admin/tenants/t-1': () => ({
        status: 400,
        body: { error: 'validation_error', details: [{ path: 'supportEmail', message: 'Support email must look like help@example.com' }] },
      }),
    });
    expect(((await screen.findByLabelText('Support phone')) as HTMLInputElement).value).toBe('+91 98765 43210');
    expect((screen.getByLabelText('Support hours') as HTMLInputElement).value).toBe('24/7');
    await userEvent.type(screen.getByLabelText('Support email'), 'help at alpha');
    await userEvent.type(screen.getByLabelText('WhatsApp link'), 'https://wa.me/919876543210');
    await userEvent.clear(screen.getByLabelText('Support phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const email = await screen.findByText('Support email must look like help@example.com');
    expect(screen.getByLabelText('Support email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Support email').getAttribute('aria-describedby')).toContain(email.id);
    expect(fieldsSent(fetchMock)).toMatchObject({
      supportPhone: '',
      supportEmail: 'help at alpha',
      supportWhatsApp: 'https://wa.me/919876543210',
      supportHours: '24/7',
    });
  });
});
