// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp, type FakeApi } from '../../test/render';

const ADMIN = {
  _id: 'a1',
  username: 'admin',
  phone: '+919000000001',
  roles: ['admin'],
  tenantId: 'default',
  adminScope: 'all_brands',
  wallets: { usdt: [] },
  bankDetails: { accounts: [], upiId: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function openLogin(table: FakeApi) {
  const api = fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG, ...table });
  renderWithApp(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/admin/dashboard', element: <h1>Admin home</h1> },
    ],
    '/login',
  );
  return api;
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone number', { selector: 'input' }), '9000000001');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'staff-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByLabelText('Digit 1'));
  await user.keyboard(code);
}

describe('staff sign-in on the login page', () => {
  it('asks for the authenticator code after the password, and signs in with it', async () => {
    const user = userEvent.setup();
    const { calls } = openLogin({
      'POST /api/auth/login': { secondFactor: 'totp', challenge: 'challenge-1' },
      'POST /api/auth/login/totp': { token: 'staff-token', user: ADMIN },
    });
    await typePassword(user);
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('staff-token');
    expect(calls.find((c) => c.path === '/api/auth/login/totp')?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
  });

  it('takes a recovery code instead, and shows a wrong code in words', async () => {
    const user = userEvent.setup();
    let answer = {
      status: 400,
      body: { error: 'That code is not right. Check the time on your phone and try the newest code.', code: 'invalid_code' } as unknown,
    };
    const { calls } = openLogin({
      'POST /api/auth/login': { secondFactor: 'totp', challenge: 'challenge-2' },
      'POST /api/auth/login/totp': () => answer as { status: number; body: unknown },
    });
    await typePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code', { selector: 'input' }), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^That code is not right/);
    answer = { status: 200, body: { token: 'recovered', user: ADMIN, recoveryCodesLeft: 9 } };
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/login/totp').at(-1)?.body).toEqual({ challenge: 'challenge-2', recoveryCode: 'abcd-efgh-jkmn' });
  });

  it('sets up an authenticator when one is required: QR code and key, a code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    openLogin({
      'POST /api/auth/login': { secondFactor: 'enrol', challenge: 'challenge-3' },
      'POST /api/auth/totp/enrolment': { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,AAAA' },
      'POST /api/auth/totp/enrolment/confirm': { token: 'enrolled', user: ADMIN, recoveryCodes: codes },
    });
    await typePassword(user);
    expect((await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByLabelText('Key for manual entry').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    // Not signed in until the codes are saved.
    expect(localStorage.getItem('token')).toBeNull();
    const go = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await user.click(screen.getByLabelText('I have saved them'));
    await user.click(go);
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('enrolled');
  });

  it("says why a staff account whose password an admin chose is refused, and offers to set one's own", async () => {
    const user = userEvent.setup();
    const sentence = "An admin chose this account's password: set your own with a code sent to your phone";
    openLogin({ 'POST /api/auth/login': () => ({ status: 403, body: { error: sentence, code: 'password_reset_required' } }) });
    await typePassword(user);
    expect((await screen.findAllByText(sentence)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('link', { name: 'Set your own password' }));
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('sends a code, sets the new password with it, and goes back to the login', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/config/public': PUBLIC_CONFIG,
      'POST /api/auth/password-reset/otp/send': { message: 'If this number has an account, we sent it a code', expiresInSeconds: 300, resendInSeconds: 30 },
      'POST /api/auth/password-reset': { message: 'Password changed. Sign in with your new password.' },
    });
    renderWithApp(
      [
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/login', element: <h1>Login</h1> },
      ],
      '/forgot-password',
    );
    await user.type(screen.getByLabelText('Phone number', { selector: 'input' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('button', { name: /Resend in/ });
    await typeCode(user, '111222');
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'my-new-password');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'my-new-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/auth/password-reset')?.body).toEqual({ phone: '9876543210', otp: '111222', newPassword: 'my-new-password' });
  });
});
