// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OFFICER_ME, renderCompliance } from '../layout/compliance-test-kit';
import { brandChange, deskChange } from '../../../test/desk-change';

const WALLETS = brandChange('brand_accounts', {
  _id: '00000000-0000-4000-8000-0000000bad00',
  status: 'declined',
  summary: [{ what: 'Wallet TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', before: '—', after: 'active' }],
  reasons: ['It adds or changes a wallet customers pay into: TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  endedBy: { _id: 'admin-8', phone: '+919900000008', username: 'ravi' },
  endedAt: '2026-11-28T10:00:00.000Z',
  note: 'Whose wallet is this?',
  qrImages: [{ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrCodeUrl: '/api/files/f?sig=x' }],
});
const PATH = `/compliance/changes/${WALLETS._id}`;
const API = `GET /api/compliance/changes/${WALLETS._id}`;

describe('one desk change', () => {
  it('shows it whole: what it changes, why it needed a second admin, who asked and who ended it, when, and the note', async () => {
    renderCompliance(PATH, { [API]: { change: WALLETS } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Where customers pay: Alpha Desk');
    const change = within(screen.getByRole('article', { name: 'Where customers pay: Alpha Desk' }));
    expect(change.getByText('Declined')).toBeTruthy();
    expect(change.getByText(WALLETS._id)).toBeTruthy();
    const detail = (label: string) => change.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(detail('Asked by')).toBe('meera · +919900000007');
    expect(detail('Asked on')).toMatch(/^27 Nov 2026, \d/);
    expect(detail('Declined by')).toBe('ravi · +919900000008');
    expect(detail('Declined on')).toMatch(/^28 Nov 2026, \d/);
    expect(detail('Note')).toBe('Whose wallet is this?');
    expect(change.getByText('Wallet TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').closest('div')!.textContent).toBe(
      'Wallet TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tBefore: —After: → active',
    );
    expect(change.getByText(WALLETS.reasons[0]!)).toBeTruthy();
    expect(change.getByRole('img', { name: 'QR code for the TRC20 address TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).getAttribute('src')).toBe(
      '/api/files/f?sig=x',
    );
    // Read only.
    expect(screen.queryByRole('button', { name: /confirm|decline|withdraw/i })).toBeNull();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Desk changes' }).getAttribute('href')).toBe('/compliance/changes');
  });

  it('names who found a change out of date, and why', async () => {
    const lapsed = deskChange({
      status: 'lapsed',
      endedBy: { _id: 'admin-8', phone: null, username: 'ravi' },
      endedAt: '2026-11-28T10:00:00.000Z',
      note: 'The settings changed since',
    });
    renderCompliance(`/compliance/changes/${lapsed._id}`, { [`GET /api/compliance/changes/${lapsed._id}`]: { change: lapsed } });
    await screen.findByRole('heading', { level: 1, name: 'Global Settings' });
    expect(screen.getByText('Found out of date by', { selector: 'dt' }).nextElementSibling!.textContent).toBe('ravi');
    expect(screen.getByText('Why it is out of date', { selector: 'dt' }).nextElementSibling!.textContent).toBe('The settings changed since');
  });

  it('names only who asked while it waits', async () => {
    const waiting = deskChange();
    renderCompliance(`/compliance/changes/${waiting._id}`, { [`GET /api/compliance/changes/${waiting._id}`]: { change: waiting } });
    await screen.findByRole('heading', { level: 1, name: 'Global Settings' });
    const details = within(screen.getByText('Asked by', { selector: 'dt' }).closest('dl')!);
    expect(details.getAllByRole('term').map((t) => t.textContent)).toEqual(['Asked by', 'Asked on']);
    expect(screen.getByText('Waiting for a second admin')).toBeTruthy();
  });

  it('says so when there is no such change (404)', async () => {
    renderCompliance(PATH, { [API]: () => ({ status: 404, body: { error: 'Change not found' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change not found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("tells a brand's officer (403) that these are the operator's changes", async () => {
    renderCompliance(PATH, { 'GET /api/auth/me': { ...OFFICER_ME, tenantId: 't-2' }, [API]: () => ({ status: 403, body: { error: 'Forbidden' } }) });
    expect((await screen.findByRole('status')).textContent).toMatch(/^These are the operator's changes to the desk's own rules/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the server's reason when the call fails", async () => {
    renderCompliance(PATH, { [API]: () => ({ status: 500, body: { error: 'The read models are not ready' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('The read models are not ready');
  });
});
