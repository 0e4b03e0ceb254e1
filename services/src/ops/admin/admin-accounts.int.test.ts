import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../../tests/support/test-app';
import { it as withApp } from '../../../../tests/support/app-fixtures';
import { createBrand } from '../../../../tests/support/brands';
import { changeConfirmed } from '../../../../tests/support/desk-changes';
import { waitFor } from '../../../../tests/support/wait-for';
import { CommandHandler } from '@desk/platform/eventstore/command-handler';
import { TenantStore } from '../../tenants/tenant-store';
import { BrandRegistry } from '../../tenants/brand-registry';
import { TenantDirectory } from '../../tenants/tenant-directory';
import { CommandError } from '../cli-errors';
import { createAdmin, resetPassword } from './admin-accounts';
import { brandArgument } from './brand-argument';
import { listAdmins } from './list-admins';
import { unlockPhone } from './unlock-phone';
import { resetTotp } from './reset-totp';
import { totpCode } from '../../../../tests/support/staff-accounts';
import { findUserByPhone } from '../../identity/users.repository';
import { hashPassword } from '../../identity/password';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';

/** The next whole second: tokens carry their issue time in seconds, and a change in the same second would not end them. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));

// What the commands are given (as the admin CLI builds them over the file's app), and the count of
// every event, to show a refused command recorded nothing.
const it = withApp.extend('cli', { scope: 'file' }, ({ t }) => ({
  tenants: new TenantStore(new CommandHandler(t.deps.eventStore), t.deps.eventStore, new BrandRegistry(t.database.db)),
  accounts: () => ({ db: t.deps.db, roles: t.deps.roles }),
  unlockDeps: () => ({ store: t.deps.store, db: t.deps.db, trail: t.deps.roles.trail }),
  eventCount: async () => Number((await t.database.pool.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n),
}));

describe('admin CLI commands', () => {
  it('creates an operator admin with a generated password, recording the role as the admin CLI', async ({ t, login, cli: { accounts } }) => {
    const result = await createAdmin(accounts(), { phone: '+919400000001', tenantId: 'default', password: null });
    expect(result.outcome).toBe('created');
    expect(result.generatedPassword).toMatch(/^[\w-]{24}$/);
    const signedIn = await login('+919400000001', result.generatedPassword!);
    expect(signedIn.status).toBe(200);
    expect((await t.call('GET', '/api/admin/settings', { token: signedIn.body.token })).status).toBe(200);

    const events = await t.deps.eventStore.readStream(`user-${result.user.id}`);
    const cli = { actor: { id: 'admin-cli', role: 'system' }, tenantId: 'default', ip: null, userAgent: null };
    expect(events).toMatchObject([
      { type: 'UserRegistered', data: { phone: '+919400000001', username: 'admin', roles: ['admin'], via: 'cli' }, metadata: cli },
      { type: 'UserRolesChanged', data: { roles: ['admin'], previousRoles: [] }, metadata: cli },
      // The sign-in above: staff sign-ins are on their stream (decision 0029).
      { type: 'StaffSignedIn', data: { method: 'password' }, metadata: { actor: { id: result.user.id, role: 'admin' } } },
    ]);
    // The password itself is nowhere but in the hash.
    expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain(result.generatedPassword);
  });

  it('says an account the demo seed made was made by the seed', async ({ t, cli: { accounts } }) => {
    const result = await createAdmin(
      { ...accounts(), actor: 'demo-seed', via: 'seed' },
      { phone: '+919400000007', tenantId: 'default', password: 'seed-pass' },
    );
    const [registered] = await t.deps.eventStore.readStream(`user-${result.user.id}`);
    expect(registered).toMatchObject({ type: 'UserRegistered', data: { via: 'seed' }, metadata: { actor: { id: 'demo-seed', role: 'system' } } });
  });

  it('creates a brand admin, found by the brand domain, who runs that brand only', async ({ t, login, cli: { tenants, accounts } }) => {
    const brand = await createBrand(t, 'cli.example.com');
    const tenantId = await brandArgument(t.deps.db, tenants, 'CLI.example.com');
    expect(tenantId).toBe(brand);
    const result = await createAdmin(accounts(), { phone: '+919400000002', tenantId, password: 'brand-pass-1' });
    expect(result).toMatchObject({ outcome: 'created', generatedPassword: null });
    const signedIn = await login('+919400000002', 'brand-pass-1', 'cli.example.com');
    expect(signedIn.status).toBe(200);
    expect((await t.call('GET', '/api/admin/orders', { token: signedIn.body.token })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/settings', { token: signedIn.body.token })).status).toBe(403);

    const listed = await listAdmins(t.deps.db, await new TenantDirectory(t.deps.db, tenants).names());
    expect(listed.find((a) => a.phone === '+919400000002')).toMatchObject({ tenantId: brand, brand: 'Brand cli.example.com', scope: 'brand' });
    expect(listed.find((a) => a.phone === '+919400000001')).toMatchObject({ tenantId: 'default', scope: 'operator' });
    expect(listed.findIndex((a) => a.scope === 'brand')).toBeGreaterThan(listed.findIndex((a) => a.phone === '+919400000001'));
  });

  it('refuses a brand that does not exist or was deleted', async ({ t, cli: { tenants } }) => {
    await expect(brandArgument(t.deps.db, tenants, 'nobody.example.com')).rejects.toThrow(CommandError);
    const gone = await createBrand(t, 'gone.example.com');
    // Deleting a brand waits for a second admin (decision 0030): confirmed from the server.
    await changeConfirmed(t, 'DELETE', `/api/admin/tenants/${gone}`, { token: await t.adminToken() });
    await expect(brandArgument(t.deps.db, tenants, gone)).rejects.toThrow(/no live brand/);
  });

  it('never adopts an existing account: refuses, naming it; with --reset-password gives the role and a new password, recording both', async ({
    t,
    login,
    cli: { accounts, eventCount },
  }) => {
    await createCustomer(t, '+919400000003', 'customer-pass');
    const count = await eventCount();
    await expect(createAdmin(accounts(), { phone: '+919400000003', tenantId: 'default', password: null })).rejects.toThrow(
      /already has an account on this brand \(user [0-9a-f-]{36}, a customer/,
    );
    await expect(createAdmin(accounts(), { phone: '+919400000003', tenantId: 'default', password: 'other-pass' })).rejects.toThrow(/--reset-password/);
    expect(await eventCount()).toBe(count);
    expect((await login('+919400000003', 'customer-pass')).body.user.roles).toEqual([]);
    const granted = await createAdmin(accounts(), { phone: '+919400000003', tenantId: 'default', password: null, resetPassword: true });
    expect(granted).toMatchObject({ outcome: 'granted', generatedPassword: expect.stringMatching(/^[\w-]{24}$/), holderMustReset: true });
    expect((await login('+919400000003', 'customer-pass')).status).toBe(401);
    // The server chose that password: the holder sets their own by SMS before signing in as staff (the fifth review's G1).
    expect(await login('+919400000003', granted.generatedPassword!)).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
    expect((await createAdmin(accounts(), { phone: '+919400000003', tenantId: 'default', password: null })).outcome).toBe('already_admin');
    const events = await t.deps.eventStore.readStream(`user-${granted.user.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordChanged', 'UserRolesChanged']);
    expect(events[1]).toMatchObject({ data: { by: 'reset' }, metadata: { actor: { id: 'admin-cli', role: 'system' } } });
    const row = await findUserByPhone(t.deps.db, 'default', '+919400000003');
    expect(row!.password_set_by_other).toBe(true);
  });

  it('a reset at the server of an account that held a staff role in the last 30 days does not sign in as staff once the role is back', async ({
    t,
    login,
    cli: { accounts },
  }) => {
    // The sixth review's H1: the role removed (two admins, the person at the server both), the
    // password reset while the account is a customer's, the role given back: the reset password
    // signed in as the staff member.
    const phone = '+919400000035';
    const made = await createAdmin(accounts(), { phone, tenantId: 'default', password: 'holder-chose-3' });
    await t.deps.roles.change(made.user.id, () => [], systemMetadata('default', 'test'));
    const reset = await resetPassword(accounts(), { phone, tenantId: 'default', password: 'server-knows-3' });
    expect(reset.holderMustReset).toBe(true);
    await t.deps.roles.change(made.user.id, () => ['admin'], systemMetadata('default', 'test'));
    expect(await login(phone, 'server-knows-3')).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
  });

  it("one person holds one staff account: create-admin refuses a phone that is staff on another brand's account, naming it, and changes nothing", async ({
    t,
    cli: { accounts, eventCount },
  }) => {
    const phone = '+919400000031';
    const elsewhere = await t.deps.roles.create(
      { tenantId: 'brand-one', username: 'Officer', phone, passwordHash: await hashPassword('officer-pass'), roles: ['compliance'] },
      'cli',
      systemMetadata('brand-one', 'test'),
    );
    const count = await eventCount();
    for (const resetPassword of [false, true])
      await expect(createAdmin(accounts(), { phone, tenantId: 'default', password: null, resetPassword })).rejects.toThrow(
        `${phone} already holds a staff role: compliance officer on brand brand-one (account ${elsewhere!.id}). One person holds one staff account`,
      );
    expect(await eventCount()).toBe(count);
    expect(await findUserByPhone(t.deps.db, 'default', phone)).toBeUndefined();
    // A customer account elsewhere is no obstacle: a person may be a customer of any brand.
    await t.deps.roles.create(
      { tenantId: 'brand-one', username: 'Customer', phone: '+919400000032', passwordHash: await hashPassword('customer-pass'), roles: [] },
      'sign_up',
      systemMetadata('brand-one', 'test'),
    );
    expect((await createAdmin(accounts(), { phone: '+919400000032', tenantId: 'default', password: null })).outcome).toBe('created');
  });

  it("a reset of a staff account's password at the server is marked as set by another: refused at sign-in until its holder sets their own by SMS", async ({
    t,
    login,
    cli: { accounts },
  }) => {
    const phone = '+919400000033';
    await createAdmin(accounts(), { phone, tenantId: 'default', password: 'holder-chose-1' });
    const reset = await resetPassword(accounts(), { phone, tenantId: 'default', password: 'server-knows-1' });
    expect(reset.holderMustReset).toBe(true);
    expect((await findUserByPhone(t.deps.db, 'default', phone))!.password_set_by_other).toBe(true);
    expect(await login(phone, 'server-knows-1')).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
    expect((await login(phone, 'holder-chose-1')).status).toBe(401);
    // create-admin --reset-password on an existing admin is the same reset.
    const again = await createAdmin(accounts(), { phone, tenantId: 'default', password: 'server-knows-2', resetPassword: true });
    expect(again).toMatchObject({ outcome: 'already_admin', holderMustReset: true });
    expect(await login(phone, 'server-knows-2')).toMatchObject({ status: 403, body: { code: 'password_reset_required' } });
    // The holder sets their own with a code sent to their phone, and signs in with it.
    expect((await json(t.call('POST', '/api/auth/password-reset/otp/send', { body: { phone } }))).status).toBe(200);
    const code = await t.otpFor(phone, 'reset');
    expect((await json(t.call('POST', '/api/auth/password-reset', { body: { phone, otp: code, newPassword: 'holder-chose-2' } }))).status).toBe(200);
    expect((await login(phone, 'holder-chose-2')).status).toBe(200);
    // A customer's reset is theirs to use, as before.
    await createCustomer(t, '+919400000034', 'customer-pass');
    const customer = await resetPassword(accounts(), { phone: '+919400000034', tenantId: 'default', password: 'handed-over-1' });
    expect(customer.holderMustReset).toBe(false);
    expect((await login('+919400000034', 'handed-over-1')).status).toBe(200);
  });

  it('resets a password, ending the sessions signed in before it', async ({ t, login, cli: { accounts, eventCount } }) => {
    await createCustomer(t, '+919400000004', 'first-pass');
    const before = (await login('+919400000004', 'first-pass')).body.token;
    expect((await t.call('GET', '/api/auth/me', { token: before })).status).toBe(200);
    await nextSecond();

    const reset = await resetPassword(accounts(), { phone: '+919400000004', tenantId: 'default', password: null });
    expect(reset.generatedPassword).toMatch(/^[\w-]{24}$/);
    // The CLI is another process: the API's signed-in users hear of the change when the database announces it.
    await waitFor('the old session to end', async () => (await t.call('GET', '/api/auth/me', { token: before })).status === 401, 5_000);
    expect((await login('+919400000004', 'first-pass')).status).toBe(401);
    expect((await login('+919400000004', reset.generatedPassword!)).status).toBe(200);

    const [, changed] = (await t.deps.eventStore.readStream(`user-${reset.user.id}`)).filter((e) => e.type !== 'StaffSignedIn');
    expect(changed).toMatchObject({
      type: 'PasswordChanged',
      data: { userId: reset.user.id, tenantId: 'default', phone: '+919400000004', by: 'reset', changedAt: reset.changedAt.toISOString() },
      metadata: { actor: { id: 'admin-cli', role: 'system' }, tenantId: 'default', ip: null, userAgent: null },
    });
    expect(JSON.stringify([changed!.data, changed!.metadata])).not.toContain(reset.generatedPassword);

    const count = await eventCount();
    await expect(resetPassword(accounts(), { phone: '+919400000099', tenantId: 'default', password: 'whatever' })).rejects.toThrow(/No account/);
    expect(await eventCount()).toBe(count);
  });

  it('unlocks a phone locked out by failed sign-ins, recording it on the accounts the phone has', async ({ t, login, cli: { unlockDeps, eventCount } }) => {
    await createCustomer(t, '+919400000005', 'right-pass');
    for (let i = 0; i < 5; i++) expect((await login('+919400000005', 'wrong-pass')).status).toBe(401);
    expect((await login('+919400000005', 'right-pass')).status).toBe(429);

    const cleared = await unlockPhone(unlockDeps(), '+919400000005');
    expect(cleared.find((c) => c.limit === 'login-fail:phone-ip')).toMatchObject({ wasLocked: true });
    const secondsLeft = cleared.find((c) => c.limit === 'login-fail:phone-ip')!.retryAfterSeconds;
    expect(secondsLeft).toBeGreaterThan(0);
    expect(cleared.find((c) => c.limit === 'otp-send:phone')).toMatchObject({ wasLocked: false, retryAfterSeconds: null });
    expect((await login('+919400000005', 'right-pass')).status).toBe(200);

    const user = await findUserByPhone(t.deps.db, 'default', '+919400000005');
    const unlocked = (await t.deps.eventStore.readStream(`user-${user!.id}`)).filter((e) => e.type === 'SignInUnlocked');
    expect(unlocked).toMatchObject([
      {
        data: { userId: user!.id, tenantId: 'default', phone: '+919400000005', cleared: [{ limit: 'login-fail:phone-ip', secondsLeft }] },
        metadata: { actor: { id: 'admin-cli', role: 'system' }, tenantId: 'default', ip: null, userAgent: null },
      },
    ]);

    // Nothing was locking it now: cleared again, and nothing recorded.
    const before = await eventCount();
    expect((await unlockPhone(unlockDeps(), '+919400000005')).every((c) => !c.wasLocked)).toBe(true);
    expect(await eventCount()).toBe(before);
  });

  it("records a brand's failed-password lock on that brand's account only, and clears it", async ({ t, login, cli: { unlockDeps } }) => {
    const phone = '+919400000017';
    await createCustomer(t, phone, 'right-pass');
    const brand = await createBrand(t, 'unlock-brand.test');
    expect((await t.call('POST', '/api/admin/users', { token: await t.adminToken(), body: { phone, password: 'brand-pass', tenantId: brand } })).status).toBe(
      201,
    );
    for (let i = 0; i < 5; i++) await login(phone, 'wrong-pass', 'unlock-brand.test');
    expect((await login(phone, 'brand-pass', 'unlock-brand.test')).status).toBe(429);
    expect((await login(phone, 'right-pass')).status).toBe(200);

    expect((await unlockPhone(unlockDeps(), phone)).find((c) => c.limit === 'login-fail:phone-ip')).toMatchObject({ wasLocked: true });
    const unlockedOn = async (tenantId: string) => {
      const user = await findUserByPhone(t.deps.db, tenantId, phone);
      return (await t.deps.eventStore.readStream(`user-${user!.id}`)).filter((e) => e.type === 'SignInUnlocked').length;
    };
    expect([await unlockedOn(brand), await unlockedOn('default')]).toEqual([1, 0]);
    expect((await login(phone, 'brand-pass', 'unlock-brand.test')).status).toBe(200);
  });

  it('clears nothing when the unlock cannot be recorded', async ({ t, login, cli: { unlockDeps } }) => {
    await createCustomer(t, '+919400000006', 'right-pass');
    for (let i = 0; i < 5; i++) await login('+919400000006', 'wrong-pass');
    const failing = { record: () => Promise.reject(new Error('the event store is down')), recordIp: () => Promise.resolve() };
    await expect(unlockPhone({ ...unlockDeps(), trail: failing }, '+919400000006')).rejects.toThrow(/down/);
    expect((await login('+919400000006', 'right-pass')).status).toBe(429);
  });

  it('resets an authenticator: removed with its recovery codes, every session ended, recorded; refused when there is none', async ({ t, login, cli }) => {
    const { accounts } = cli;
    const phone = '+919400000020';
    const created = await createAdmin(accounts(), { phone, tenantId: 'default', password: 'staff-pass-20' });
    const token = (await login(phone, 'staff-pass-20')).body.token;
    const started = await json(t.call('POST', '/api/auth/authenticator', { token, body: { currentPassword: 'staff-pass-20' } }));
    expect((await json(t.call('POST', '/api/auth/authenticator/confirm', { token, body: { code: totpCode(started.body.secret) } }))).status).toBe(200);
    expect((await login(phone, 'staff-pass-20')).body.secondFactor).toBe('totp');
    const result = await resetTotp({ db: t.deps.db, trail: t.deps.roles.trail }, { phone, tenantId: 'default' });
    expect(result.endedSessions).toBe(1);
    expect((await t.database.pool.query('select count(*)::int as n from staff_recovery_codes where user_id = $1', [created.user.id])).rows[0].n).toBe(0);
    await waitFor('the session to end', async () => (await t.call('GET', '/api/auth/me', { token })).status === 401, 5_000);
    expect((await login(phone, 'staff-pass-20')).body.token).toEqual(expect.any(String));
    const types = (await t.deps.eventStore.readStream(`user-${created.user.id}`)).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['AuthenticatorReset', 'SessionsRevoked', 'StaffSignedIn']);
    await expect(resetTotp({ db: t.deps.db, trail: t.deps.roles.trail }, { phone, tenantId: 'default' })).rejects.toThrow(/no authenticator/);
  });

  it("clears a phone's lock from every address at once, and its count across addresses", async ({ t, cli: { unlockDeps } }) => {
    const phone = '+919400000021';
    await createCustomer(t, phone, 'right-pass');
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const tryFrom = (ip: string, password: string) => json(t.call('POST', '/api/auth/login', { body: { phone, password }, headers: from(ip) }));
    for (const ip of ['198.51.100.61', '198.51.100.62']) for (let i = 0; i < 5; i++) await tryFrom(ip, 'wrong-pass');
    expect((await tryFrom('198.51.100.61', 'right-pass')).status).toBe(429);
    expect((await tryFrom('198.51.100.62', 'right-pass')).status).toBe(429);
    const cleared = await unlockPhone(unlockDeps(), phone);
    expect(cleared.find((c) => c.limit === 'login-fail:phone-ip')).toMatchObject({ wasLocked: true });
    expect((await tryFrom('198.51.100.61', 'right-pass')).status).toBe(200);
    expect((await tryFrom('198.51.100.62', 'right-pass')).status).toBe(200);
  });
});
