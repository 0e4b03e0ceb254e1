import { describe, expect } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { otpCooldownKey } from './otp.service';

// A POST to the sign-in routes as a browser sends it, from an address (headers) and signed in or not.
const it = withApp.extend(
  'authPost',
  { scope: 'file' },
  ({ t }) =>
    (url: string, body: unknown, headers?: Record<string, string>, token?: string) =>
      json(t.call('POST', url, { body, headers, token })),
);

describe('sign-up, OTP sign-in, change password and lock-out', () => {
  it('registers after the phone is verified with a code from the outbox, then signs in both ways', async ({ t, authPost }) => {
    const phone = '+919812345678';
    expect(await authPost('/api/auth/register', { username: 'Meera', phone, password: 'secret12' })).toMatchObject({
      status: 400,
      body: { code: 'phone_not_verified' },
    });

    expect(await authPost('/api/auth/register/otp/send', { phone })).toMatchObject({ status: 200, body: { message: 'OTP sent' } });
    const code = await t.otpFor(phone, 'register');
    expect(await authPost('/api/auth/register/otp/verify', { phone, otp: code })).toMatchObject({ status: 200, body: { verified: true } });
    const registered = await authPost('/api/auth/register', { username: 'Meera', phone, password: 'secret12' });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ username: 'Meera', phone, roles: [] });
    expect((await json(t.call('GET', '/api/auth/me', { token: registered.body.token }))).body.phone).toBe(phone);

    expect((await authPost('/api/auth/register', { username: 'Again', phone, password: 'secret12' })).status).toBe(400);
    expect(await authPost('/api/auth/register/otp/send', { phone })).toEqual({
      status: 409,
      body: { error: 'Phone number already exists', code: 'phone_taken' },
    });

    expect((await authPost('/api/auth/login', { phone, password: 'secret12' })).status).toBe(200);
    // One wait between codes to a phone, whatever they are for: the sign-up code's is still running.
    expect(await authPost('/api/auth/otp/send', { phone })).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Please wait \d+ seconds/) } });
    await t.deps.store.delete(otpCooldownKey('default', phone)); // as if the 30 s had passed
    expect((await authPost('/api/auth/otp/send', { phone })).status).toBe(200);
    const loginCode = await t.otpFor(phone, 'login');
    const viaOtp = await authPost('/api/auth/otp/verify', { phone, otp: loginCode });
    expect(viaOtp.status).toBe(200);
    expect(viaOtp.body.user.phone).toBe(phone);
    expect(await authPost('/api/auth/otp/verify', { phone, otp: loginCode })).toMatchObject({
      status: 400,
      body: { error: 'invalid_otp', code: 'invalid_otp' },
    });
  });

  it("uses the specification's error codes", async ({ authPost }) => {
    expect(await authPost('/api/auth/otp/send', {})).toEqual({
      status: 400,
      body: { error: 'phone_required', code: 'phone_required', message: 'Phone number is required' },
    });
    expect(await authPost('/api/auth/otp/send', { phone: '  ' })).toMatchObject({ status: 400, body: { error: 'phone_required', code: 'phone_required' } });
    expect(await authPost('/api/auth/otp/send', { phone: '12345' })).toMatchObject({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error' },
    });
    expect(await authPost('/api/auth/otp/verify', { phone: '+919899999999', otp: '123456' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_otp', code: 'invalid_otp' },
    });
    expect(await authPost('/api/auth/otp/send', { phone: '+919899999999' })).toMatchObject({ status: 404, body: { code: 'account_not_found' } });
  });

  it('blocks a resend for 30 seconds with the wait in the answer', async ({ authPost }) => {
    const phone = '+919822222222';
    await authPost('/api/auth/register/otp/send', { phone });
    const again = await authPost('/api/auth/register/otp/send', { phone });
    expect(again.status).toBe(429);
    expect(again.body.retryAfterSeconds).toBeGreaterThan(25);
    expect(again.body.error).toMatch(/^Please wait \d+ seconds/);
  });

  it('locks password login for a phone from an address after 5 failures from it, even with the right password', async ({ t, authPost }) => {
    const phone = '+919833333333';
    await authPost('/api/auth/register/otp/send', { phone });
    await authPost('/api/auth/register/otp/verify', { phone, otp: await t.otpFor(phone, 'register') });
    await authPost('/api/auth/register', { username: 'Kiran', phone, password: 'right-one' });
    const from = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i++) expect((await authPost('/api/auth/login', { phone, password: 'wrong-one' }, from)).status).toBe(401);
    const locked = await authPost('/api/auth/login', { phone, password: 'right-one' }, from);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed attempts\. Please try again in \d+ minute/);
  });

  it('locks an address after 30 failures across phones', async ({ authPost }) => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 30; i++) await authPost('/api/auth/login', { phone: `+9197000000${String(i).padStart(2, '0')}`, password: 'nope-nope' }, ip);
    expect((await authPost('/api/auth/login', { phone: '+919700000099', password: 'nope-nope' }, ip)).status).toBe(429);
    expect((await authPost('/api/auth/login', { phone: '+919700000099', password: 'nope-nope' }, { 'x-forwarded-for': '203.0.113.78' })).status).toBe(401);
  });

  it("changes the password with the specification's texts, ending older sessions", async ({ t, authPost }) => {
    const phone = '+919844444444';
    await authPost('/api/auth/register/otp/send', { phone });
    await authPost('/api/auth/register/otp/verify', { phone, otp: await t.otpFor(phone, 'register') });
    const { token } = (await authPost('/api/auth/register', { username: 'Dev', phone, password: 'first-pass' })).body;
    const change = (body: unknown, bearer = token) => authPost('/api/auth/change-password', body, undefined, bearer);

    const messages = async (body: unknown) => ((await change(body)).body.details ?? []).map((d: any) => d.message);
    expect(await messages({ newPassword: 'abcdefg' })).toContain('Current password is required');
    expect(await messages({ currentPassword: 'first-pass' })).toContain('New password is required');
    expect(await messages({ currentPassword: 'first-pass', newPassword: 'abc' })).toContain('Password must be at least 6 characters long');
    expect(await messages({ currentPassword: 'first-pass', newPassword: 'first-pass' })).toContain('New password must be different from current password');
    expect(await change({ currentPassword: 'not-mine', newPassword: 'second-pass' })).toEqual({
      status: 400,
      body: { error: 'Current password is incorrect', code: 'current_password_incorrect' },
    });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await change({ currentPassword: 'first-pass', newPassword: 'second-pass' });
    expect(changed).toMatchObject({ status: 200, body: { message: 'Password changed successfully' } });
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(200);
    expect((await authPost('/api/auth/login', { phone, password: 'second-pass' })).status).toBe(200);
    expect((await authPost('/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' })).status).toBe(401);
  });
});
