import { describe, expect, vi } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { DEV_ADMIN_PASSWORD, DEV_ADMIN_PHONE, ensureAdmin } from './bootstrap-admin';
import { verifyPassword } from './password';
import { logger } from '@desk/platform/logging/logger';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';

let tenant = 0;
const freshTenant = () => `bootstrap-${++tenant}`;
// In the order they were made: without an order, an updated row (a role taken away) may come back last.
const admins = async (t: TestApp, tenantId: string) =>
  t.database.db
    .selectFrom('users')
    .select(['phone', 'roles', 'password_hash'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('phone')
    .execute();
// Each brand here stands for a desk of its own, and the development login is one number on every
// desk: another desk's would be "staff on another account" (one person, one staff account).
const otherDesk = (t: TestApp) => t.database.db.deleteFrom('users').where('phone', '=', DEV_ADMIN_PHONE).execute();

/** Each case runs in a tenant of its own, so "no admin yet" is true where a case needs it. */
describe('making sure the operator can sign in', () => {
  it.afterEach(async ({ t }) => {
    vi.restoreAllMocks();
    await otherDesk(t);
  });

  it('refuses to start in production when no admin exists and none is configured', async ({ t }) => {
    const tenantId = freshTenant();
    await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', HOST: '127.0.0.1' })).rejects.toThrow(
      /no admin account exists: set ADMIN_PHONE and ADMIN_PASSWORD, or create one with `npm run admin -- create-admin`/,
    );
    expect(await admins(t, tenantId)).toEqual([]);
  });

  it('starts in production without ADMIN_* once an admin exists (made by the admin CLI)', async ({ t }) => {
    const tenantId = freshTenant();
    await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919811111111', ADMIN_PASSWORD: 'chosen-password' });
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production' })).toBe('existing');
    expect((await admins(t, tenantId)).map((u) => u.phone)).toEqual(['+919811111111']);
    // Recorded once, when made: the second start changed nothing.
    const { id } = await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect((await t.deps.eventStore.readStream(`user-${id}`)).map((e) => [e.type, (e.data as { via?: string }).via, e.metadata.actor.id])).toEqual([
      ['UserRegistered', 'bootstrap', 'admin-bootstrap'],
      ['UserRolesChanged', undefined, 'admin-bootstrap'],
    ]);
  });

  it('gives the development login to a loopback server, or when NODE_ENV=development is declared', async ({ t }) => {
    const loopback = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, loopback, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('development');
    const [admin] = await admins(t, loopback);
    expect(admin).toMatchObject({ phone: DEV_ADMIN_PHONE, roles: ['admin'] });
    expect(await verifyPassword(admin!.password_hash, DEV_ADMIN_PASSWORD)).toBe(true);

    await otherDesk(t);
    const declared = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, declared, { NODE_ENV: 'development', HOST: '0.0.0.0', declaredNodeEnv: 'development' })).toBe(
      'development',
    );
  });

  it('on every interface without a declared NODE_ENV, creates the admin with a generated password shown once', async ({ t }) => {
    const tenantId = freshTenant();
    const printed = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('generated');
    const notice = printed.mock.calls.map(([chunk]) => String(chunk)).join('');
    const password = /password (\S+)\n/.exec(notice)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const [admin] = await admins(t, tenantId);
    expect(await verifyPassword(admin!.password_hash, password!)).toBe(true);
    expect(await verifyPassword(admin!.password_hash, DEV_ADMIN_PASSWORD)).toBe(false);

    printed.mockClear();
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('existing');
    expect(printed).not.toHaveBeenCalled();
  });

  it('keeps the development login from a loopback server behind a proxy, and production from starting while it signs in', async ({ t }) => {
    const proxied = freshTenant();
    const printed = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await ensureAdmin(t.database.db, t.deps.roles, proxied, { NODE_ENV: 'development', HOST: '127.0.0.1', TRUST_PROXY: { enabled: true } })).toBe(
      'generated',
    );
    expect(await verifyPassword((await admins(t, proxied))[0]!.password_hash, DEV_ADMIN_PASSWORD)).toBe(false);
    printed.mockRestore();

    await otherDesk(t);
    const earlier = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('development');
    await expect(ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'production' })).rejects.toThrow(
      /the development admin login \(\+919999999999, password admin123\) still signs in: change its password/,
    );
    await expect(
      ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'production', ADMIN_PHONE: '+919833333333', ADMIN_PASSWORD: 'chosen-password' }),
    ).rejects.toThrow(/still signs in/);
  });

  describe('makes only the first admin (third review, F1)', () => {
    const account = (t: TestApp, tenantId: string, phone: string, roles: string[]) =>
      t.deps.roles.create({ tenantId, username: null, phone, passwordHash: 'x', roles }, 'cli', systemMetadata(tenantId, 'test'));
    const errorsLogged = () => vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const rolesEventsOf = async (t: TestApp, id: string) =>
      (await t.deps.eventStore.readStream(`user-${id}`)).filter((e) => e.type === 'UserRolesChanged').length;

    it('gives no role to an existing account, even on a desk with no admin; production then refuses to start', async ({ t }) => {
      const tenantId = freshTenant();
      const customer = (await account(t, tenantId, '+919844444401', []))!;
      const errors = errorsLogged();
      const settings = { ADMIN_PHONE: '+919844444401', ADMIN_PASSWORD: 'chosen-password' };
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', ...settings })).toBe('declined');
      await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ...settings })).rejects.toThrow(
        /no admin account exists: set ADMIN_PHONE and ADMIN_PASSWORD, or create one with `npm run admin -- create-admin` \(ADMIN_PHONE's account was not made one/,
      );
      expect((await admins(t, tenantId)).map((u) => u.roles)).toEqual([[]]);
      expect(await rolesEventsOf(t, customer.id)).toBe(0);
      expect(String(errors.mock.calls[0]![0])).toMatch(new RegExp(`^ADMIN_PHONE: account ${customer.id} exists without the admin role`));
    });

    it('makes no new account once the desk has an admin, and says how to add one', async ({ t }) => {
      const tenantId = freshTenant();
      await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919844444402', ADMIN_PASSWORD: 'first-admin' });
      const errors = errorsLogged();
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919844444403', ADMIN_PASSWORD: 'other' })).toBe(
        'declined',
      );
      expect((await admins(t, tenantId)).map((u) => u.phone)).toEqual(['+919844444402']);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(
        /^ADMIN_PHONE: the desk already has an admin, and the start-up makes only the first: no account was made/,
      );
    });

    it("makes no admin of a phone that is staff on another brand's account (one person, one staff account)", async ({ t }) => {
      const [elsewhere, tenantId] = [freshTenant(), freshTenant()];
      const brandAdmin = (await account(t, elsewhere, '+919844444404', ['admin']))!;
      const errors = errorsLogged();
      const settings = { ADMIN_PHONE: '+919844444404', ADMIN_PASSWORD: 'chosen-password' };
      await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ...settings })).rejects.toThrow(/no admin account exists/);
      expect(await admins(t, tenantId)).toEqual([]);
      const said = String(errors.mock.calls[0]![0]);
      expect(said).toContain(`ADMIN_PHONE already holds a staff role: admin on brand ${elsewhere} (account ${brandAdmin.id})`);
      expect(said).not.toContain('+919844444404');
    });

    it('does not give the development login its role back, and makes none on a desk that has admins', async ({ t }) => {
      const tenantId = freshTenant();
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('development');
      const [dev] = await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute();
      await account(t, tenantId, '+919844444405', ['admin']);
      await t.deps.roles.change(dev!.id, () => [], systemMetadata(tenantId, 'test'));
      errorsLogged();
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('declined');
      expect((await admins(t, tenantId)).map((u) => [u.phone, u.roles])).toEqual([
        [DEV_ADMIN_PHONE, []],
        ['+919844444405', ['admin']],
      ]);

      const seeded = freshTenant();
      await account(t, seeded, '+919844444406', ['admin']);
      expect(await ensureAdmin(t.database.db, t.deps.roles, seeded, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('existing');
      expect((await admins(t, seeded)).map((u) => u.phone)).toEqual(['+919844444406']);
    });

    it('an admin made by an earlier start is left alone, its password kept', async ({ t }) => {
      const tenantId = freshTenant();
      const settings = { NODE_ENV: 'production' as const, ADMIN_PHONE: '+919844444407', ADMIN_PASSWORD: 'first-password' };
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, settings)).toBe('configured');
      const errors = errorsLogged();
      expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { ...settings, ADMIN_PASSWORD: 'another-password' })).toBe('configured');
      expect(errors).not.toHaveBeenCalled();
      expect(await verifyPassword((await admins(t, tenantId))[0]!.password_hash, 'first-password')).toBe(true);
    });
  });

  it('refuses half a configuration', async ({ t }) => {
    const tenantId = freshTenant();
    await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919822222222' })).rejects.toThrow(
      'set both ADMIN_PHONE and ADMIN_PASSWORD, or neither',
    );
    expect(await admins(t, tenantId)).toEqual([]);
  });
});
