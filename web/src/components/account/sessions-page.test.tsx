// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionsPage } from './sessions-page';
import { fakeApi, renderWithApp } from '../../test/render';

const me = (roles: string[]) => ({
  _id: 'u1',
  username: 'Asha',
  phone: '+919876543210',
  roles,
  tenantId: 'default',
  adminScope: roles.includes('admin') ? 'all_brands' : null,
  wallets: { usdt: [] },
  bankDetails: { accounts: [], upiId: null },
  createdAt: '2026-01-01T00:00:00.000Z',
});
const session = (id: string, current: boolean, userAgent: string) => ({
  id,
  current,
  method: 'password',
  startedAt: '2026-11-27T09:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-04T09:00:00.000Z',
  ip: current ? '198.51.100.1' : '203.0.113.9',
  userAgent,
});
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Mobile Safari/537.36';

beforeEach(() => localStorage.setItem('token', 't'));
afterEach(cleanup);

describe('the sessions page', () => {
  it('lists where the account is signed in, this device marked, and signs out one and all the others', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/auth/me': me([]),
      'GET /api/auth/sessions': { sessions: [session('s1', true, CHROME), session('s2', false, ANDROID), session('s3', false, CHROME)] },
      'DELETE /api/auth/sessions/s2': { message: 'Session signed out' },
      'POST /api/auth/sessions/revoke-others': { revoked: 1 },
    });
    renderWithApp(<SessionsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[1]!).getByText(/Chrome on Android/)).toBeTruthy();
    expect(within(items[1]!).getByText('203.0.113.9')).toBeTruthy();
    // Staff only: a customer sees no authenticator card.
    expect(screen.queryByRole('heading', { name: 'Authenticator app' })).toBeNull();
    await user.click(within(items[1]!).getByRole('button', { name: /^Sign out Chrome on Android/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/auth/sessions/s2',
      'POST /api/auth/sessions/revoke-others',
    ]);
  });

  it('shows staff their authenticator app, and replaces it only with the current password and a code from it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/auth/me': me(['admin']),
      'GET /api/auth/sessions': { sessions: [session('s1', true, CHROME)] },
      'GET /api/auth/authenticator': { enrolled: true, enrolledAt: '2026-11-20T09:00:00.000Z', recoveryCodesLeft: 7, required: true },
      'POST /api/auth/authenticator': () => ({ status: 400, body: { error: 'Current password is incorrect', code: 'current_password_incorrect' } }),
    });
    renderWithApp(<SessionsPage />);
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Replace authenticator app' }));
    expect(screen.getByText('Replacing it signs you out everywhere else.')).toBeTruthy();
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    // The password alone is not enough: Continue waits for the current app's code.
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Code from your current authenticator app' })).toBeTruthy();
    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('123456');
    expect(continueButton.disabled).toBe(false);
    await user.click(continueButton);
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(api.calls.find((c) => c.path === '/api/auth/authenticator' && c.method === 'POST')?.body).toEqual({ currentPassword: 'not-it', code: '123456' });

    // A lost phone: a recovery code instead.
    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), ' abcd-efgh-jkmn ');
    await user.click(continueButton);
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === '/api/auth/authenticator' && c.method === 'POST')).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === '/api/auth/authenticator' && c.method === 'POST')[1]!.body).toEqual({
      currentPassword: 'not-it',
      recoveryCode: 'abcd-efgh-jkmn',
    });
  });

  it('sets up a first authenticator with the current password alone (there is no code to give yet)', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/auth/me': me(['compliance']),
      'GET /api/auth/sessions': { sessions: [session('s1', true, CHROME)] },
      'GET /api/auth/authenticator': { enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false },
      'POST /api/auth/authenticator': () => ({ status: 400, body: { error: 'Current password is incorrect', code: 'current_password_incorrect' } }),
    });
    renderWithApp(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(screen.queryByRole('group', { name: /authenticator app/ })).toBeNull();
    expect(screen.queryByText('Replacing it signs you out everywhere else.')).toBeNull();
    await user.type(screen.getByLabelText('Current password'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    expect(api.calls.find((c) => c.path === '/api/auth/authenticator' && c.method === 'POST')?.body).toEqual({ currentPassword: 'mine' });
  });
});
