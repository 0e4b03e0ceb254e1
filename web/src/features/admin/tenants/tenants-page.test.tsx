// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { bank, formSent, renderTenants, tenant, wallet } from './tenant-test-kit';
import { deskChange, waitingAnswer } from '../changes/changes-test-kit';

const DOMAIN_WAITS = 'Tenant created without its domain for now: the domain waits for a second admin to confirm it (see Pending changes)';

const alpha = tenant({ bankAccounts: [bank(1), bank(2)], cryptoWallets: [wallet(1)], logoUrl: 'https://cdn.example.com/alpha.png' });
const beta = tenant({ _id: 't-2', name: 'Beta Desk', domain: null, primaryColor: '#aa0000' });

const logoFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'brand.png', { type: 'image/png' });

describe('Tenant Management', () => {
  it('lists tenants with their logo, colour, domain and account counts', async () => {
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': { tenants: [alpha, beta], total: 2 } });
    const row = (await screen.findByRole('link', { name: 'Alpha Desk' })).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Alpha Desk logo' }).getAttribute('src')).toBe('https://cdn.example.com/alpha.png');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 4),
    ).toEqual(['Alpha Desk#123456', 'alpha.example.com', '2', '1']);
    expect(within(row).getByRole('link', { name: 'Edit Alpha Desk' }).getAttribute('href')).toBe('/admin/tenants/t-1/edit');
    expect(screen.getByText('2 tenants')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Bank Account' }).getAttribute('href')).toBe('/admin/add-bank-account');
    expect(screen.getByRole('link', { name: '+ Crypto Wallet' }).getAttribute('href')).toBe('/admin/add-crypto-wallet');
  });

  it('says when there are no tenants, or when they cannot be loaded', async () => {
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': { tenants: [], total: 0 } });
    expect(await screen.findByText('No tenants configured')).toBeTruthy();
    cleanup();
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to load tenants')).toBeTruthy();
  });

  it('keeps the colour picker and the colour text in step, and previews, replaces and removes the logo', async () => {
    const { fetchMock } = renderTenants('/admin/tenants', {
      'GET /api/admin/tenants': { tenants: [alpha], total: 1 },
      // A domain waits for a second admin (decision 0030): the brand is made without it, and the domain asked for.
      'POST /api/admin/tenants': () => ({
        status: 201,
        body: {
          tenant: beta,
          message: DOMAIN_WAITS,
          domainChange: deskChange({
            kind: 'brand_accounts',
            title: 'Where visitors land (domain)',
            reasons: ['It gives the brand the domain beta.example.com'],
          }),
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '+ New Tenant' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New Tenant' }));
    const picker = dialog.getByLabelText<HTMLInputElement>('Primary colour picker');
    const text = dialog.getByLabelText<HTMLInputElement>('Primary colour');
    expect([picker.value, text.value]).toEqual(['#0d6efd', '#0d6efd']);
    fireEvent.input(picker, { target: { value: '#ff8800' } });
    expect(text.value).toBe('#ff8800');
    await userEvent.clear(text);
    await userEvent.type(text, '#22AA44');
    expect(picker.value).toBe('#22aa44');

    const fileInput = dialog.getByLabelText<HTMLInputElement>('Logo file');
    await userEvent.upload(fileInput, logoFile());
    expect(dialog.getByRole('img', { name: 'New logo preview' }).getAttribute('src')).toMatch(/^blob:/);
    expect(dialog.getByText('brand.png')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove logo' }));
    expect(dialog.queryByRole('img', { name: 'New logo preview' })).toBeNull();
    // A file dialog set to "All files" lets other types through.
    await userEvent.setup({ applyAccept: false }).upload(fileInput, new File(['<svg/>'], 'bad.svg', { type: 'image/svg+xml' }));
    expect(dialog.getByText('Please choose a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(dialog.queryByRole('img', { name: 'New logo preview' })).toBeNull();
    await userEvent.upload(fileInput, logoFile());
    expect(dialog.getByRole('button', { name: 'Replace logo' })).toBeTruthy();

    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(dialog.getByText('Name is required')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Name'), 'Beta Desk');
    await userEvent.type(dialog.getByLabelText('Domain'), 'Beta.Example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(await screen.findByText(DOMAIN_WAITS)).toBeTruthy();
    const form = formSent(fetchMock, 'POST', '/api/admin/tenants');
    expect([form.get('name'), form.get('domain'), form.get('logoUrl'), form.get('primaryColor')]).toEqual(['Beta Desk', 'beta.example.com', '', '#22AA44']);
    expect((form.get('logo') as File).name).toBe('brand.png');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why a tenant could not be created', async () => {
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': { tenants: [alpha], total: 1 }, 'POST /api/admin/tenants': () => ({ status: 500, body: {} }) });
    await userEvent.click(await screen.findByRole('button', { name: '+ New Tenant' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New Tenant' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Gamma');
    await userEvent.clear(dialog.getByLabelText('Primary colour'));
    await userEvent.type(dialog.getByLabelText('Primary colour'), '#12');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(dialog.getByText('Colour must look like #0d6efd')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Primary colour'), '3456');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Tenant' }));
    expect(await dialog.findByText('Failed to create tenant')).toBeTruthy();
  });

  it('asks before deleting a tenant, says it waits for a second admin, and shows the request once asked', async () => {
    let deletes = 0;
    const deletion = deskChange({
      kind: 'brand_deletion',
      title: 'Delete a brand',
      reasons: ['It deletes the brand Alpha Desk: its customers and staff can no longer sign in'],
    });
    const { calls } = renderTenants('/admin/tenants', {
      'GET /api/admin/tenants': { tenants: [alpha, beta], total: 2 },
      'DELETE /api/admin/tenants/t-1': () => (++deletes === 1 ? { status: 500, body: {} } : waitingAnswer(deletion)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Alpha Desk' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Delete Tenant' }));
    expect(dialog.getByText('Are you sure you want to delete this tenant?')).toBeTruthy();
    expect(
      dialog.getByText(
        "A second admin must confirm the deletion before it takes effect. Once confirmed, the brand's customers and staff can no longer sign in and visitors to alpha.example.com land on the operator's own brand.",
      ),
    ).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', '/api/admin/tenants/t-1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Alpha Desk' }));
    dialog = within(screen.getByRole('dialog', { name: 'Delete Tenant' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete tenant')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const notice = within(await screen.findByRole('status'));
    expect(notice.getByText('Waiting for a second admin')).toBeTruthy();
    expect(notice.getByText(/Nothing has changed yet/).textContent).toContain('It deletes the brand Alpha Desk');
    expect(notice.getByRole('link', { name: 'See the request' }).getAttribute('href')).toBe(`/admin/changes/${deletion._id}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Tenant deleted successfully')).toBeNull();
    expect(callsTo(calls, 'DELETE', '/api/admin/tenants/t-1')).toHaveLength(2);
  });

  it('a brand without a domain: the confirmation says only who loses access', async () => {
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': { tenants: [alpha, beta], total: 2 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Beta Desk' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Tenant' }));
    expect(
      dialog.getByText(
        "A second admin must confirm the deletion before it takes effect. Once confirmed, the brand's customers and staff can no longer sign in.",
      ),
    ).toBeTruthy();
  });
});
