/**
 * Staff sign in with a password they chose and an authenticator app (decision 0029): enrolment by
 * challenge, codes good once, recovery codes good once, codes limited per account, no SMS sign-in
 * for staff, and a staff account whose password an admin chose refused until its holder resets it.
 */
import { describe, expect } from 'vitest';
import { json, type TestApp } from '../support/test-app';
import { appTestWith, it as optionalTotp } from '../support/app-fixtures';
import { createStaff, totpCode } from '../support/staff-accounts';
import { hashPassword } from '../../services/src/identity/password';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';

/** Password, enrolment, confirmation: the new admin's secret and recovery codes, and the session it opened. */
async function enrolled(t: TestApp, phone: string, password: string) {
  const postTo = (path: string, body: unknown) => json(t.call('POST', path, { body }));
  const user = await createStaff(t, phone, password);
  const step = await postTo('/api/auth/login', { phone, password });
  expect(step).toMatchObject({ status: 200, body: { secondFactor: 'enrol', challenge: expect.any(String) } });
  expect(step.body.token).toBeUndefined();
  const started = await postTo('/api/auth/totp/enrolment', { challenge: step.body.challenge });
  expect(started.status).toBe(200);
  expect(started.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(started.body.otpauthUrl).toContain(`secret=${started.body.secret}`);
  const confirmed = await postTo('/api/auth/totp/enrolment/confirm', { challenge: step.body.challenge, code: totpCode(started.body.secret) });
  expect(confirmed.status).toBe(200);
  return { user, secret: started.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[], token: confirmed.body.token as string };
}

const stream = async (t: TestApp, userId: string) => (await t.deps.eventStore.readStream(`user-${userId}`)).map((e) => e.type);

/** The app with authenticators required of staff (once for the file; the other describe's app is the default). */
const requiredTotp = appTestWith({ STAFF_TOTP: 'required' });

describe('staff sign-in with an authenticator (STAFF_TOTP=required)', () => {
  const it = requiredTotp;

  it('enrols an authenticator at the first sign-in, with ten recovery codes shown once and kept hashed, never the secret in events', async ({ t }) => {
    const { user, secret, recoveryCodes, token } = await enrolled(t, '+919500000001', 'staff-password-1');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.call('GET', '/api/admin/orders', { token })).status).toBe(200);
    const stored = await t.database.pool.query('select secret_sealed from staff_authenticators where user_id = $1', [user.id]);
    expect(stored.rows[0].secret_sealed).not.toContain(secret);
    const codes = await t.database.pool.query('select code_hash from staff_recovery_codes where user_id = $1', [user.id]);
    expect(codes.rows).toHaveLength(10);
    expect(JSON.stringify(codes.rows)).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));
    const events = await t.deps.eventStore.readStream(`user-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserRolesChanged', 'AuthenticatorEnrolled', 'StaffSignedIn']);
    expect(events[3]!.data).toMatchObject({ method: 'password_totp' });
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain(secret);
  });

  it('asks an enrolled staff member for the code, takes each code once, and a recovery code once', async ({ t, postTo }) => {
    const phone = '+919500000002';
    const { secret, recoveryCodes } = await enrolled(t, phone, 'staff-password-2');
    const challenge = async () => (await postTo('/api/auth/login', { phone, password: 'staff-password-2' })).body;
    const first = await challenge();
    expect(first.secondFactor).toBe('totp');
    // The code the enrolment spent is spent: the next step's code signs in.
    expect((await postTo('/api/auth/login/totp', { challenge: first.challenge, code: totpCode(secret) })).status).toBe(400);
    const signedIn = await postTo('/api/auth/login/totp', { challenge: first.challenge, code: totpCode(secret, 1) });
    expect(signedIn.status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: signedIn.body.token })).status).toBe(200);
    // The challenge was spent, and so was the code.
    expect((await postTo('/api/auth/login/totp', { challenge: first.challenge, code: totpCode(secret, 1) })).status).toBe(401);
    const second = await challenge();
    expect((await postTo('/api/auth/login/totp', { challenge: second.challenge, code: totpCode(secret, 1) })).status).toBe(400);
    const recovered = await postTo('/api/auth/login/totp', { challenge: second.challenge, recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(recovered).toMatchObject({ status: 200, body: { token: expect.any(String), recoveryCodesLeft: 9 } });
    const third = await challenge();
    expect((await postTo('/api/auth/login/totp', { challenge: third.challenge, recoveryCode: recoveryCodes[0] })).status).toBe(400);
  });

  it('limits wrong codes per account: 5 in 15 minutes, then 429 even for the right one, recorded once', async ({ t, postTo }) => {
    const phone = '+919500000003';
    const { user, secret } = await enrolled(t, phone, 'staff-password-3');
    const { challenge } = (await postTo('/api/auth/login', { phone, password: 'staff-password-3' })).body;
    const right = totpCode(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 7 }, () => postTo('/api/auth/login/totp', { challenge, code: wrong })));
    expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await postTo('/api/auth/login/totp', { challenge, code: right })).status).toBe(429);
    const locks = (await t.deps.eventStore.readStream(`user-${user.id}`)).filter((e) => e.type === 'SignInLockedOut');
    expect(locks.map((e) => e.data)).toEqual([expect.objectContaining({ limit: 'second-factor-fail:user', failures: 5 })]);
  });

  it('voids a challenge when the password changes after it was given', async ({ t, postTo }) => {
    const phone = '+919500000004';
    const { user, secret } = await enrolled(t, phone, 'staff-password-4');
    const { challenge } = (await postTo('/api/auth/login', { phone, password: 'staff-password-4' })).body;
    await t.database.pool.query(`update users set password_changed_at = now() where id = $1`, [user.id]);
    expect(await postTo('/api/auth/login/totp', { challenge, code: totpCode(secret, 1) })).toMatchObject({ status: 401, body: { code: 'challenge_expired' } });
  });

  it('refuses SMS sign-in for staff once the code is right, with a sentence the login screen shows', async ({ t, postTo }) => {
    const phone = '+919500000005';
    const user = await createStaff(t, phone, 'staff-password-5', ['compliance']);
    // A code sent while the account was a customer's does not sign in once it is staff. (Staff are
    // sent codes as anyone is, so that the answers do not tell staff from customers: see
    // tests/api/sms-codes-staff.int.test.ts.)
    await t.database.pool.query(`update users set roles = '{}' where id = $1`, [user.id]);
    expect((await postTo('/api/auth/otp/send', { phone })).status).toBe(200);
    const code = await t.otpFor(phone, 'login');
    await t.database.pool.query(`update users set roles = '{compliance}' where id = $1`, [user.id]);
    expect(await postTo('/api/auth/otp/verify', { phone, otp: code })).toMatchObject({
      status: 403,
      body: { code: 'staff_sms_sign_in', error: expect.stringMatching(/^Staff accounts sign in with their password/) },
    });
  });

  it('refuses a staff account whose password an admin chose until its holder sets their own by SMS; then it enrols', async ({ t, postTo }) => {
    const phone = '+919500000006';
    // Made on the admin screens (the admin chose the password), and later given a staff role.
    const made = await t.deps.roles.create(
      { tenantId: 'default', username: 'Made by an admin', phone, passwordHash: await hashPassword('chosen-by-admin'), roles: [] },
      'admin',
      systemMetadata('default', 'test'),
    );
    await t.deps.roles.change(made!.id, () => ['admin'], systemMetadata('default', 'test'));
    const refused = await postTo('/api/auth/login', { phone, password: 'chosen-by-admin' });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'password_reset_required', error: expect.stringMatching(/^An admin chose this account's password/) },
    });
    expect((await postTo('/api/auth/password-reset/otp/send', { phone })).status).toBe(200);
    const reset = await postTo('/api/auth/password-reset', { phone, otp: await t.otpFor(phone, 'reset'), newPassword: 'my-own-password' });
    expect(reset.status).toBe(200);
    expect((await postTo('/api/auth/login', { phone, password: 'chosen-by-admin' })).status).toBe(401);
    expect((await postTo('/api/auth/login', { phone, password: 'my-own-password' })).body).toMatchObject({ secondFactor: 'enrol' });
    expect(await stream(t, made!.id)).toContain('PasswordChanged');
    const changed = (await t.deps.eventStore.readStream(`user-${made!.id}`)).find((e) => e.type === 'PasswordChanged');
    expect(changed!.data).toMatchObject({ by: 'sms_reset' });
  });
});

describe('staff sign-in while authenticators are optional (the development default)', () => {
  const it = optionalTotp;

  it('signs an admin without an authenticator in with the password alone, and asks one who enrolled for the code', async ({ t, postTo }) => {
    const phone = '+919500000101';
    await createStaff(t, phone, 'staff-password-101');
    const plain = await postTo('/api/auth/login', { phone, password: 'staff-password-101' });
    expect(plain).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    const token = plain.body.token as string;
    expect((await postTo('/api/auth/authenticator', { currentPassword: 'wrong-password' }, token)).status).toBe(400);
    const started = await postTo('/api/auth/authenticator', { currentPassword: 'staff-password-101' }, token);
    expect(started.status).toBe(200);
    const confirmed = await postTo('/api/auth/authenticator/confirm', { code: totpCode(started.body.secret) }, token);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await json(t.call('GET', '/api/auth/authenticator', { token }))).body).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, required: false });
    expect((await postTo('/api/auth/login', { phone, password: 'staff-password-101' })).body).toMatchObject({ secondFactor: 'totp' });
  });

  it('keeps authenticators for staff: a customer is refused', async ({ t, postTo }) => {
    await postTo('/api/auth/register/otp/send', { phone: '+919500000102' });
    await postTo('/api/auth/register/otp/verify', { phone: '+919500000102', otp: await t.otpFor('+919500000102', 'register') });
    const { token } = (await postTo('/api/auth/register', { username: 'Customer', phone: '+919500000102', password: 'customer-pass' })).body;
    expect((await postTo('/api/auth/authenticator', { currentPassword: 'customer-pass' }, token)).status).toBe(403);
  });
});
