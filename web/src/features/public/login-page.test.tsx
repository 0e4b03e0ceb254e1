// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';
import { PUBLIC_CONFIG, renderRoutes, type FakeApi } from '../../test/render';
import { ME } from '../../test/fixtures';

const USER = { ...ME, _id: 'u1', phone: '9876543210', tenantId: 't1' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function openLogin(table: FakeApi) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <h1>User home</h1> },
      { path: '/admin/dashboard', element: <h1>Admin home</h1> },
      { path: '/compliance', element: <h1>Compliance home</h1> },
    ],
    '/login',
    { 'GET /api/config/public': PUBLIC_CONFIG, ...table },
  );
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const inlineError = () => within(screen.getByRole('tabpanel')).getByRole('alert').textContent;

describe('login with a password', () => {
  it('keeps Login disabled until phone and password are both filled', async () => {
    const user = userEvent.setup();
    openLogin({});
    expect(button('Login').disabled).toBe(true);
    await user.type(field('Phone number'), '9876543210');
    expect(button('Login').disabled).toBe(true);
    await user.type(field('Password'), 'secret1');
    expect(button('Login').disabled).toBe(false);
  });

  it("shows the server's error inline and as a toast when the password is wrong", async () => {
    const user = userEvent.setup();
    openLogin({ 'POST /api/auth/login': () => ({ status: 401, body: { error: 'Invalid credentials', code: 'invalid_credentials' } }) });
    await user.type(field('Phone number'), '9876543210');
    await user.type(field('Password'), 'wrong-one');
    await user.click(button('Login'));
    expect(await screen.findAllByText('Invalid credentials')).toHaveLength(2);
    expect(inlineError()).toBe('Invalid credentials');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Invalid credentials' when the failure carries no text, and the server's wait on a lockout", async () => {
    const user = userEvent.setup();
    let status = 401;
    openLogin({
      'POST /api/auth/login': () =>
        status === 401 ? { status, body: {} } : { status, body: { error: 'Too many failed attempts. Please try again in 12 minute(s).' } },
    });
    await user.type(field('Phone number'), '9876543210');
    await user.type(field('Password'), 'wrong-one');
    await user.click(button('Login'));
    await vi.waitFor(() => expect(inlineError()).toBe('Invalid credentials'));
    status = 429;
    await user.click(button('Login'));
    await vi.waitFor(() => expect(inlineError()).toBe('Too many failed attempts. Please try again in 12 minute(s).'));
  });

  it.each([
    [[] as string[], 'User home', '/dashboard'],
    [['admin'], 'Admin home', '/admin/dashboard'],
    [['compliance'], 'Compliance home', '/compliance'],
    [['admin', 'compliance'], 'Admin home', '/admin/dashboard'],
  ])('with roles %j stores the token and goes to %s', async (roles, home, path) => {
    const user = userEvent.setup();
    const { calls, router } = openLogin({ 'POST /api/auth/login': { token: 'tok-1', user: { ...USER, roles } } });
    await user.type(field('Phone number'), ' 98765-43210 ');
    await user.type(field('Password'), 'secret1');
    await user.click(button('Login'));
    expect(await screen.findByRole('heading', { name: home })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ phone: '9876543210', password: 'secret1' });
  });
});

describe('login tabs', () => {
  it('are real tabs that switch by click and by arrow keys', async () => {
    const user = userEvent.setup();
    openLogin({});
    const [password, otp] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    expect(password.getAttribute('aria-selected')).toBe('true');
    await user.click(otp);
    expect(otp.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'OTP' })).toBeTruthy();
    expect(button('Send OTP')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(password.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(button('Login')).toBeTruthy();
  });
});

describe('login with a one-time code', () => {
  async function otpTab(table: FakeApi, options?: Parameters<typeof userEvent.setup>[0]) {
    const user = userEvent.setup(options);
    const app = openLogin(table);
    await user.click(screen.getByRole('tab', { name: 'OTP' }));
    return { user, ...app };
  }

  it('asks for the phone before sending, and checks its form', async () => {
    const { user, calls } = await otpTab({});
    await user.click(button('Send OTP'));
    expect(inlineError()).toBe('Phone number is required');
    await user.type(field('Phone number'), '12345');
    await user.click(button('Send OTP'));
    expect(inlineError()).toBe('Phone must be 10 to 15 digits, optionally starting with +');
    expect(calls.some((c) => c.path.startsWith('/api/auth/otp'))).toBe(false);
  });

  it("sends the code, says 'OTP sent' and blocks resending for a 30 s countdown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = await otpTab(
      { 'POST /api/auth/otp/send': { message: 'OTP sent', expiresInSeconds: 300, resendInSeconds: 30 } },
      { advanceTimers: vi.advanceTimersByTime },
    );
    await user.type(field('Phone number'), '+919876543210');
    await user.click(button('Send OTP'));
    expect(await screen.findByText('OTP sent')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/otp/send').map((c) => c.body)).toEqual([{ phone: '+919876543210' }]);
    expect(button(/^Resend in 30s$/).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(button(/^Resend in 20s$/).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(button('Resend OTP').disabled).toBe(false);
  });

  it('blocks Send while a send is in flight', async () => {
    const { user, fetchMock } = await otpTab({});
    await user.type(field('Phone number'), '9876543210');
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    await user.click(button('Send OTP'));
    expect(button('Sending…').disabled).toBe(true);
  });

  it("shows the server's wait on a 429 and counts it down", async () => {
    const { user } = await otpTab({
      'POST /api/auth/otp/send': () => ({
        status: 429,
        body: { error: 'Please wait 12 seconds before requesting another code', code: 'too_many_requests', retryAfterSeconds: 12 },
      }),
    });
    await user.type(field('Phone number'), '9876543210');
    await user.click(button('Send OTP'));
    await vi.waitFor(() => expect(inlineError()).toBe('Please wait 12 seconds before requesting another code'));
    expect(button(/^Resend in 12s$/).disabled).toBe(true);
  });

  it("shows 'otp_send_failed' when a send fails without text", async () => {
    const { user } = await otpTab({ 'POST /api/auth/otp/send': () => ({ status: 500, body: {} }) });
    await user.type(field('Phone number'), '9876543210');
    await user.click(button('Send OTP'));
    await vi.waitFor(() => expect(inlineError()).toBe('otp_send_failed'));
    expect(button('Send OTP').disabled).toBe(false);
  });

  it('enables Verify only with all six digits, then signs in', async () => {
    const { user, calls } = await otpTab({ 'POST /api/auth/otp/verify': { token: 'tok-otp', user: USER } });
    await user.type(field('Phone number'), '9876543210');
    expect(button('Verify').disabled).toBe(true);
    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('12345');
    expect(button('Verify').disabled).toBe(true);
    await user.keyboard('6');
    expect(button('Verify').disabled).toBe(false);
    await user.click(button('Verify'));
    expect(await screen.findByRole('heading', { name: 'User home' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok-otp');
    expect(calls.find((c) => c.path === '/api/auth/otp/verify')?.body).toEqual({ phone: '9876543210', otp: '123456' });
  });

  it("shows the server's message for a wrong code, else 'invalid_otp'", async () => {
    let body: object = { error: 'invalid_otp', message: 'The code is wrong or has expired. Please request a new one.' };
    const { user } = await otpTab({ 'POST /api/auth/otp/verify': () => ({ status: 400, body }) });
    await user.type(field('Phone number'), '9876543210');
    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('000000');
    await user.click(button('Verify'));
    await vi.waitFor(() => expect(inlineError()).toBe('The code is wrong or has expired. Please request a new one.'));
    body = {};
    await user.click(button('Verify'));
    await vi.waitFor(() => expect(inlineError()).toBe('invalid_otp'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
