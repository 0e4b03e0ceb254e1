// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../layout/admin-test-kit';
import { brandChange, deskChange } from './changes-test-kit';
import { PendingChangesPage } from './pending-changes-page';
import { ChangePage } from './change-page';

const THEIRS = deskChange();
// ADMIN_ME (the signed-in operator admin) is admin-1.
const MINE = brandChange('brand_accounts', {
  _id: '00000000-0000-4000-8000-00000000beef',
  summary: [{ what: 'Bank account HDFC Bank, account 50200011112222 (IFSC HDFC0000123, in the name of Alpha)', before: '—', after: 'active' }],
  reasons: ['It adds or changes a bank account customers pay into: HDFC Bank, account 50200011112222 (IFSC HDFC0000123, in the name of Alpha)'],
  requestedBy: { _id: 'admin-1', phone: '+919900000009', username: 'ops' },
  qrImages: [{ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrCodeUrl: '/api/files/f?sig=x' }],
});
const ENDED = deskChange({
  _id: '00000000-0000-4000-8000-00000000dead',
  status: 'declined',
  endedBy: { _id: 'admin-7', phone: '+919900000007', username: 'meera' },
  endedAt: '2026-11-27T10:00:00.000Z',
  note: 'Not without a reason',
});

const routes = { '/admin/changes': <PendingChangesPage />, '/admin/changes/:id': <ChangePage /> };
/** A card of the Waiting section (an ended change may have the same title). */
const waitingCard = async (name: string) => within(within(await screen.findByRole('region', { name: /^Waiting/ })).getByRole('article', { name }));
const open = (path: string, table: Parameters<typeof renderAdmin>[1] = {}) =>
  renderAdmin(path, { 'GET /api/admin/changes': { changes: [THEIRS, MINE, ENDED], waitingForYou: 1 }, ...table }, { pages: routes });

/** The server's answer when `action` ends `change` with `status`: the change as it now is, and what the screen says. */
const ended = (change: typeof THEIRS, action: string, status: typeof THEIRS.status, message: string) => ({
  [`POST /api/admin/changes/${change._id}/${action}`]: () => ({ status: 200, body: { change: { ...change, status }, message } }),
});

describe('Pending changes', () => {
  it("lists what waits, in words before → after, with why and who asked; another admin's may be confirmed or declined, one's own withdrawn", async () => {
    open('/admin/changes');
    const waiting = within(await screen.findByRole('region', { name: 'Waiting (2)' }));
    const theirs = within(waiting.getByRole('article', { name: 'Global Settings' }));
    expect(theirs.getByText('Waiting for a second admin')).toBeTruthy();
    expect(theirs.getByText(/Asked by meera on/)).toBeTruthy();
    expect(theirs.getByText('It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000')).toBeTruthy();
    const line = theirs.getByText('Second admin above').closest('div')!;
    expect(line.textContent).toBe('Second admin aboveBefore: ₹2,00,000After: → off');
    expect(theirs.getByRole('button', { name: 'Confirm change' })).toBeTruthy();
    expect(theirs.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(theirs.queryByRole('button', { name: 'Withdraw request' })).toBeNull();

    const mine = within(waiting.getByRole('article', { name: 'Where customers pay: Alpha Desk' }));
    expect(mine.getByText(/Asked by you/)).toBeTruthy();
    expect(mine.queryByRole('button', { name: 'Confirm change' })).toBeNull();
    expect(mine.getByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect(mine.getByRole('img', { name: 'QR code for the TRC20 address TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toBeTruthy();

    const recent = within(screen.getByRole('region', { name: 'Recent' }));
    expect(recent.getByText('Declined')).toBeTruthy();
    expect(recent.getByText('Note: Not without a reason')).toBeTruthy();
    expect(recent.queryByRole('button')).toBeNull();
  });

  it('confirms as a second admin, and refreshes the admin screens', async () => {
    const { calls } = open('/admin/changes', ended(THEIRS, 'confirm', 'confirmed', 'Change confirmed: it is in force'));
    const theirs = await waitingCard('Global Settings');
    const before = calls.filter((c) => c.path === '/api/admin/changes').length;
    await userEvent.click(theirs.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Change confirmed: it is in force')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/confirm'))).toBe(true);
    await screen.findAllByRole('article');
    expect(calls.filter((c) => c.path === '/api/admin/changes').length).toBeGreaterThan(before);
  });

  it("says the server's reason when a confirmation is refused (out of date)", async () => {
    open('/admin/changes', {
      'POST /api/admin/changes/00000000-0000-4000-8000-00000000c0de/confirm': () => ({
        status: 409,
        body: { error: 'What this change would replace has changed since it was asked for', code: 'change_stale' },
      }),
    });
    const theirs = await waitingCard('Global Settings');
    await userEvent.click(theirs.getByRole('button', { name: 'Confirm change' }));
    expect((await screen.findByRole('alert')).textContent).toBe('What this change would replace has changed since it was asked for');
  });

  it('declines with a note for the admin who asked', async () => {
    const { calls } = open('/admin/changes', ended(THEIRS, 'decline', 'declined', 'Change declined'));
    const theirs = await waitingCard('Global Settings');
    await userEvent.click(theirs.getByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this change' }));
    await userEvent.type(dialog.getByLabelText('Note for the admin who asked (optional)'), 'Ask me first');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline change' }));
    expect(await screen.findByText('Change declined')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/decline'))?.body).toEqual({ note: 'Ask me first' });
  });

  it('withdraws one of its own', async () => {
    const { calls } = open('/admin/changes', ended(MINE, 'withdraw', 'withdrawn', 'Change withdrawn'));
    const mine = await waitingCard('Where customers pay: Alpha Desk');
    await userEvent.click(mine.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Change withdrawn')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('beef/withdraw'))).toBe(true);
  });

  it('opens one request, where a save that waits links to', async () => {
    open('/admin/changes/00000000-0000-4000-8000-00000000c0de', { 'GET /api/admin/changes/00000000-0000-4000-8000-00000000c0de': { change: THEIRS } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Global Settings');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Pending changes' }).getAttribute('href')).toBe('/admin/changes');
  });

  it('says so when nothing waits', async () => {
    renderAdmin('/admin/changes', { 'GET /api/admin/changes': { changes: [], waitingForYou: 0 } }, { pages: routes });
    expect(await screen.findByText('Nothing is waiting for a second admin.')).toBeTruthy();
  });
});
