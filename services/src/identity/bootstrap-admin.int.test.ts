import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { DEV_ADMIN_PASSWORD, DEV_ADMIN_PHONE, ensureAdmin } from './bootstrap-admin';
import { verifyPassword } from './password';

/** Each case runs in a tenant of its own, so "no admin yet" is true where a case needs it. */
describe('making sure the operator can sign in', () => {
  let t: TestApp;
  let tenant = 0;
  const freshTenant = () => `bootstrap-${++tenant}`;
  const admins = async (tenantId: string) =>
    t.database.db.selectFrom('users').select(['phone', 'roles', 'password_hash']).where('tenant_id', '=', tenantId).execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('refuses to start in production when no admin exists and none is configured', async () => {
    const tenantId = freshTenant();
    await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', HOST: '127.0.0.1' })).rejects.toThrow(
      /no admin account exists: set ADMIN_PHONE and ADMIN_PASSWORD, or create one with `npm run admin -- create-admin`/,
    );
    expect(await admins(tenantId)).toEqual([]);
  });

  it('starts in production without ADMIN_* once an admin exists (made by the admin CLI)', async () => {
    const tenantId = freshTenant();
    await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919811111111', ADMIN_PASSWORD: 'chosen-password' });
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production' })).toBe('existing');
    expect((await admins(tenantId)).map((u) => u.phone)).toEqual(['+919811111111']);
    // Recorded once, when made: the second start changed nothing.
    const { id } = await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect((await t.deps.eventStore.readStream(`user-${id}`)).map((e) => [e.type, (e.data as { via?: string }).via, e.metadata.actor.id])).toEqual([
      ['UserRegistered', 'bootstrap', 'admin-bootstrap'],
      ['UserRolesChanged', undefined, 'admin-bootstrap'],
    ]);
  });

  it('gives the development login to a loopback server, or when NODE_ENV=development is declared', async () => {
    const loopback = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, loopback, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('development');
    const [admin] = await admins(loopback);
    expect(admin).toMatchObject({ phone: DEV_ADMIN_PHONE, roles: ['admin'] });
    expect(await verifyPassword(admin!.password_hash, DEV_ADMIN_PASSWORD)).toBe(true);

    const declared = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, declared, { NODE_ENV: 'development', HOST: '0.0.0.0', declaredNodeEnv: 'development' })).toBe(
      'development',
    );
  });

  it('on every interface without a declared NODE_ENV, creates the admin with a generated password shown once', async () => {
    const tenantId = freshTenant();
    const printed = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('generated');
    const notice = printed.mock.calls.map(([chunk]) => String(chunk)).join('');
    const password = /password (\S+)\n/.exec(notice)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const [admin] = await admins(tenantId);
    expect(await verifyPassword(admin!.password_hash, password!)).toBe(true);
    expect(await verifyPassword(admin!.password_hash, DEV_ADMIN_PASSWORD)).toBe(false);

    printed.mockClear();
    expect(await ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('existing');
    expect(printed).not.toHaveBeenCalled();
  });

  it('keeps the development login from a loopback server behind a proxy, and production from starting while it signs in', async () => {
    const proxied = freshTenant();
    const printed = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await ensureAdmin(t.database.db, t.deps.roles, proxied, { NODE_ENV: 'development', HOST: '127.0.0.1', TRUST_PROXY: { enabled: true } })).toBe(
      'generated',
    );
    expect(await verifyPassword((await admins(proxied))[0]!.password_hash, DEV_ADMIN_PASSWORD)).toBe(false);
    printed.mockRestore();

    const earlier = freshTenant();
    expect(await ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe('development');
    await expect(ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'production' })).rejects.toThrow(
      /the development admin login \(\+919999999999, password admin123\) still signs in: change its password/,
    );
    await expect(
      ensureAdmin(t.database.db, t.deps.roles, earlier, { NODE_ENV: 'production', ADMIN_PHONE: '+919833333333', ADMIN_PASSWORD: 'chosen-password' }),
    ).rejects.toThrow(/still signs in/);
  });

  it('refuses half a configuration', async () => {
    const tenantId = freshTenant();
    await expect(ensureAdmin(t.database.db, t.deps.roles, tenantId, { NODE_ENV: 'production', ADMIN_PHONE: '+919822222222' })).rejects.toThrow(
      'set both ADMIN_PHONE and ADMIN_PASSWORD, or neither',
    );
    expect(await admins(tenantId)).toEqual([]);
  });
});
