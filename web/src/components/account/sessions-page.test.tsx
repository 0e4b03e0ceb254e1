// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('shows staff their authenticator app, and replaces it only with the current password', async () => {
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
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(api.calls.find((c) => c.path === '/api/auth/authenticator' && c.method === 'POST')?.body).toEqual({ currentPassword: 'not-it' });
  });
});
