// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterPage } from './register-page';
import { fakeApi, PUBLIC_CONFIG, renderWithApp, type FakeApi } from '../../test/render';
import { ME } from '../../test/fixtures';

const USER = { ...ME, _id: 'u2', username: 'ravi', phone: '9876543210', tenantId: 't1' };
const SENT = { message: 'OTP sent', expiresInSeconds: 300, resendInSeconds: 30 };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function openRegister(table: FakeApi) {
  const api = fakeApi({ 'GET /api/config/public': PUBLIC_CONFIG, ...table });
  const app = renderWithApp(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    '/register',
  );
  return { user: userEvent.setup(), ...api, ...app };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

async function fillDetails(user: ReturnType<typeof userEvent.setup>, password = 'secret1') {
  await user.type(field('Username'), 'ravi');
  await user.type(field('Phone number'), '9876543210');
  await user.type(field('Password'), password);
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.click(screen.getByLabelText('Digit 1'));
  await user.keyboard(digits);
}

describe('register, step 1', () => {
  it('asks for every field and hints the password length, without calling the server', async () => {
    const { user, calls } = openRegister({});
    expect(screen.getByText('Minimum 6 characters')).toBeTruthy();
    await user.click(button('Send OTP'));
    expect(alerts()).toEqual(['Username is required', 'Phone number is required', 'Password is required']);
    await fillDetails(user, '12345');
    await user.click(button('Send OTP'));
    expect(alerts()).toEqual(['Password must be at least 6 characters long']);
    expect(calls.some((c) => c.path.startsWith('/api/auth/register'))).toBe(false);
  });

  it("shows 'Phone number already exists' for a taken phone and stays on the form", async () => {
    const { user } = openRegister({
      'POST /api/auth/register/otp/send': () => ({ status: 409, body: { error: 'Phone number already exists', code: 'phone_taken' } }),
    });
    await fillDetails(user);
    await user.click(button('Send OTP'));
    expect(await screen.findAllByText('Phone number already exists')).toHaveLength(2);
    expect(screen.queryByLabelText('Digit 1')).toBeNull();
  });

  it("shows 'Phone number already exists' on a 409 without text, and 'Failed to send OTP' on other failures", async () => {
    let status = 409;
    const { user } = openRegister({ 'POST /api/auth/register/otp/send': () => ({ status, body: {} }) });
    await fillDetails(user);
    await user.click(button('Send OTP'));
    await vi.waitFor(() => expect(alerts()).toContain('Phone number already exists'));
    status = 500;
    await user.click(button('Send OTP'));
    await vi.waitFor(() => expect(alerts()).toContain('Failed to send OTP'));
  });
});

describe('register, step 2', () => {
  async function atCodeStep(table: FakeApi = {}) {
    const app = openRegister({ 'POST /api/auth/register/otp/send': SENT, ...table });
    await fillDetails(app.user);
    await app.user.click(button('Send OTP'));
    await screen.findByLabelText('Digit 1');
    return app;
  }

  it('sends the code to the phone, then blocks resending during the countdown', async () => {
    const { calls } = await atCodeStep();
    expect(calls.filter((c) => c.path === '/api/auth/register/otp/send').map((c) => c.body)).toEqual([{ phone: '9876543210' }]);
    expect(screen.getByText('OTP sent')).toBeTruthy();
    expect(button(/^Resend in 30s$/).disabled).toBe(true);
  });

  it("says 'Enter 6-digit OTP' with fewer than six digits and checks nothing", async () => {
    const { user, calls } = await atCodeStep();
    await typeCode(user, '123');
    await user.click(button('Verify'));
    expect(alerts()).toEqual(['Enter 6-digit OTP']);
    expect(calls.some((c) => c.path === '/api/auth/register/otp/verify')).toBe(false);
  });

  it('checks the code, creates the account, signs in and goes home', async () => {
    const { user, calls, router } = await atCodeStep({
      'POST /api/auth/register/otp/verify': { verified: true },
      'POST /api/auth/register': () => ({ status: 201, body: { token: 'tok-new', user: USER } }),
    });
    await typeCode(user, '654321');
    await user.click(button('Verify'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe('tok-new');
    const posted = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posted).toEqual([
      ['/api/auth/register/otp/send', { phone: '9876543210' }],
      ['/api/auth/register/otp/verify', { phone: '9876543210', otp: '654321' }],
      ['/api/auth/register', { username: 'ravi', phone: '9876543210', password: 'secret1' }],
    ]);
  });

  it("shows 'Registration failed' when creating the account fails, and a retry does not re-check the used code", async () => {
    let status = 500;
    const { user, calls } = await atCodeStep({
      'POST /api/auth/register/otp/verify': { verified: true },
      'POST /api/auth/register': () => (status === 500 ? { status, body: {} } : { status: 201, body: { token: 'tok-new', user: USER } }),
    });
    await typeCode(user, '654321');
    await user.click(button('Verify'));
    await vi.waitFor(() => expect(alerts()).toContain('Registration failed'));
    status = 201;
    await user.click(button('Verify'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/register/otp/verify')).toHaveLength(1);
  });

  it("shows 'Phone number already exists' when the phone was taken meanwhile", async () => {
    const { user } = await atCodeStep({
      'POST /api/auth/register/otp/verify': { verified: true },
      'POST /api/auth/register': () => ({ status: 409, body: { error: 'Phone number already exists', code: 'phone_taken' } }),
    });
    await typeCode(user, '654321');
    await user.click(button('Verify'));
    await vi.waitFor(() => expect(alerts()).toContain('Phone number already exists'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes back to the details and returns to the code without a new send while the countdown runs', async () => {
    const { user, calls } = await atCodeStep();
    await user.click(button('Change details'));
    expect((field('Username') as HTMLInputElement).value).toBe('ravi');
    await user.click(button('Continue'));
    expect(screen.getByLabelText('Digit 1')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/register/otp/send')).toHaveLength(1);
  });
});
