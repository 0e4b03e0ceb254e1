/**
 * Sign-in codes do not tell staff phones from customers' (security review F8): a code is sent to
 * staff as to anyone, a wrong or missing code answers the same for every phone, and only the right
 * code, which only the phone's holder has, answers staff 403 `staff_sms_sign_in`. Wrong codes are
 * limited per address, so trying many phones meets a 429.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createStaff } from '../support/staff-accounts';

/** A POST as from `ip` (behind the one trusted proxy): addresses are what the limits count. */
const it = withApp.extend(
  'postFrom',
  { scope: 'file' },
  ({ t }) =>
    (path: string, body: unknown, ip = '198.51.100.30') =>
      json(t.call('POST', path, { body, headers: { 'x-forwarded-for': ip } })),
);

describe('sign-in codes answer staff and customers alike until the code is right', () => {
  const staff = '+919520000001';
  const customer = '+919520000002';

  it('the same answers for a staff phone and a customer phone: sending, a wrong code, no code; then 403 for staff only with the right code', async ({
    t,
    postFrom: post,
  }) => {
    await createStaff(t, staff, 'staff-password-1');
    await createCustomer(t, customer, 'customer-pass');
    const sameFor = async (ask: (phone: string) => Promise<{ status: number; body: unknown }>) => {
      const [forStaff, forCustomer] = [await ask(staff), await ask(customer)];
      expect(forStaff).toEqual(forCustomer);
      return forStaff;
    };

    // Before any code was sent: a guessed code, and none at all.
    expect(await sameFor((phone) => post('/api/auth/otp/verify', { phone, otp: '000000' }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_otp', code: 'invalid_otp' },
    });
    expect(await sameFor((phone) => post('/api/auth/otp/verify', { phone }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_otp', code: 'invalid_otp' },
    });
    // Sending: a code to each.
    expect(await sameFor((phone) => post('/api/auth/otp/send', { phone }))).toMatchObject({ status: 200, body: { message: 'OTP sent' } });
    const codes: Record<string, string> = { [staff]: await t.otpFor(staff, 'login'), [customer]: await t.otpFor(customer, 'login') };
    // A wrong code, with a code waiting.
    const wrong = (phone: string) => (codes[phone] === '000000' ? '111111' : '000000');
    expect(await sameFor((phone) => post('/api/auth/otp/verify', { phone, otp: wrong(phone) }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_otp', code: 'invalid_otp' },
    });

    // Only the right code tells: the customer is signed in, the staff member refused in words.
    expect(await post('/api/auth/otp/verify', { phone: customer, otp: codes[customer] })).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    expect(await post('/api/auth/otp/verify', { phone: staff, otp: codes[staff] })).toMatchObject({
      status: 403,
      body: { code: 'staff_sms_sign_in', error: expect.stringMatching(/^Staff accounts sign in with their password/) },
    });
  });

  it('trying codes on many phones from one address meets a 429 after 30 wrong ones; another address is not held', async ({ postFrom: post }) => {
    const prober = '198.51.100.31';
    const answers: number[] = [];
    for (let i = 0; i < 32; i++)
      answers.push((await post('/api/auth/otp/verify', { phone: `+9195200001${String(i).padStart(2, '0')}`, otp: '000000' }, prober)).status);
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);
    expect(await post('/api/auth/otp/verify', { phone: staff, otp: '000000' }, prober)).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    expect((await post('/api/auth/otp/verify', { phone: staff, otp: '000000' }, '198.51.100.32')).status).toBe(400);
  });
});
