/**
 * Regressions of the security review's staff-account findings (decision 0029): an account a brand
 * admin made with a password they chose cannot become staff with that password, however it becomes
 * staff; and one-time codes are per brand.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { createBrandAdmin } from '../support/brands';
import { createAdmin } from '../../services/src/ops/admin/admin-accounts';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';

describe('staff accounts and the passwords others chose', () => {
  it("create-admin never hands a brand admin's account to them as a staff account (medium finding, end to end)", async ({ t, login }) => {
    const brand = await createBrandAdmin(t, 'takeover.test', '+919530000099');
    const victimPhone = '+919530000001';
    // The brand admin makes a customer account on their brand, for the phone the operator will make an admin, with a password they chose.
    const made = await t.call('POST', '/api/admin/users', {
      token: brand.token,
      body: { phone: victimPhone, password: 'brand-admin-knows', username: 'Future admin' },
    });
    expect(made.status).toBe(201);
    expect((await login(victimPhone, 'brand-admin-knows', 'takeover.test')).status).toBe(200);
    // The operator runs create-admin for that phone on the brand: refused, naming the account, nothing changed.
    await expect(createAdmin({ db: t.deps.db, roles: t.deps.roles }, { phone: victimPhone, tenantId: brand.tenantId, password: null })).rejects.toThrow(
      /already has an account on this brand/,
    );
    const stillCustomer = await login(victimPhone, 'brand-admin-knows', 'takeover.test');
    expect(stillCustomer.body.user.roles).toEqual([]);
    // With --reset-password: the role and a new password; the brand admin's password no longer signs in, nor does their session.
    const granted = await createAdmin(
      { db: t.deps.db, roles: t.deps.roles },
      { phone: victimPhone, tenantId: brand.tenantId, password: null, resetPassword: true },
    );
    expect(granted).toMatchObject({ outcome: 'granted', holderMustReset: true });
    expect((await login(victimPhone, 'brand-admin-knows', 'takeover.test')).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: stillCustomer.body.token })).status).toBe(401);
    // Nor does the server's: the phone's holder sets their own by SMS, then signs in as the admin.
    expect(await login(victimPhone, granted.generatedPassword!, 'takeover.test')).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
    const headers = { host: 'takeover.test' };
    expect((await t.call('POST', '/api/auth/password-reset/otp/send', { body: { phone: victimPhone }, headers })).status).toBe(200);
    const otp = await t.otpFor(victimPhone, 'reset');
    expect((await t.call('POST', '/api/auth/password-reset', { body: { phone: victimPhone, otp, newPassword: 'holder-chose-it' }, headers })).status).toBe(200);
    expect((await login(victimPhone, 'holder-chose-it', 'takeover.test')).body.user.roles).toEqual(['admin']);
  });

  it('refuses a staff account made staff by a role grant while its password is one an admin chose', async ({ t, login }) => {
    const phone = '+919530000002';
    const made = await json(
      t.call('POST', '/api/admin/users', { token: await t.adminToken(), body: { phone, password: 'admin-chose-it', username: 'Officer' } }),
    );
    expect(made.status).toBe(201);
    await t.deps.roles.change(made.body.user._id, () => ['compliance'], systemMetadata('default', 'test'));
    expect(await login(phone, 'admin-chose-it')).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
  });

  it('does not take a code sent on one brand on another (low finding)', async ({ t }) => {
    const phone = '+919530000003';
    await createBrandAdmin(t, 'brand-b.test', '+919530000098');
    const post = (path: string, body: unknown, host?: string) => json(t.call('POST', path, { body, headers: host ? { host } : {} }));
    await post('/api/auth/register/otp/send', { phone });
    const code = await t.otpFor(phone, 'register');
    expect((await post('/api/auth/register/otp/verify', { phone, otp: code }, 'brand-b.test')).status).toBe(400);
    expect((await post('/api/auth/register/otp/verify', { phone, otp: code })).status).toBe(200);
  });
});
