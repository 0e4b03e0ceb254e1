/**
 * The third review's F1, as it ran: compose sets ADMIN_PHONE on every start, and a start gave the
 * admin role back to the account whose role two admins had removed (and, once that phone was made a
 * brand's admin, left one phone on two staff accounts). A start is what `ensureAdmin` does with the
 * server's settings; here it is called as `buildAppDeps` calls it.
 */
import { afterEach, describe, expect, vi } from 'vitest';
import { ADMIN, json, type TestApp } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { createStaff } from '../../../tests/support/desk-changes';
import { createBrand } from '../../../tests/support/brands';
import { logger } from '@desk/platform/logging/logger';
import { ensureAdmin } from './bootstrap-admin';

const B = { phone: '+919620000002', password: 'second-admin-b' };
const C = { phone: '+919620000003', password: 'third-admin-c' };
const COMPOSE = { NODE_ENV: 'production' as const, ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password };

const restart = (t: TestApp) => ensureAdmin(t.database.db, t.deps.roles, 'default', COMPOSE);
const rolesOf = async (t: TestApp, id: string) =>
  (await t.database.db.selectFrom('users').select('roles').where('id', '=', id).executeTakeFirstOrThrow()).roles;
const rolesEvents = async (t: TestApp, id: string) =>
  (await t.deps.eventStore.readStream(`user-${id}`))
    .filter((e) => e.type === 'UserRolesChanged')
    .map((e) => [(e.data as { roles: string[] }).roles, e.metadata.actor.id]);

// A brand, and the operator's admin A whose role two admins removed (B asked, C confirmed), once for
// the file, for every test: A's account id and the brand's.
const it = withApp.extend('removed', { scope: 'file', auto: true }, async ({ t, post }) => {
  const brandId = await createBrand(t, 'restart-brand.localhost');
  const aId = (await t.database.db.selectFrom('users').select('id').where('phone', '=', ADMIN.phone).executeTakeFirstOrThrow()).id;
  await createStaff(t, { ...B, roles: ['admin'] });
  await createStaff(t, { ...C, roles: ['admin'] });
  const [b, c] = [await t.login(B.phone, B.password), await t.login(C.phone, C.password)];
  // B asks to remove A's admin role, C confirms: two admins decided.
  const asked = await json(t.call('PUT', `/api/admin/users/${aId}/roles`, { token: b, body: { roles: [] } }));
  expect(asked.status).toBe(202);
  expect((await post(c, `/api/admin/changes/${asked.body.change._id}/confirm`)).status).toBe(200);
  expect(await rolesOf(t, aId)).toEqual([]);
  return { aId, brandId };
});

describe('a start with ADMIN_PHONE after two admins removed its role', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the finding: the restart leaves the role removed, records nothing, and says once what to do', async ({ t, removed: { aId } }) => {
    const before = await rolesEvents(t, aId);
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(await restart(t)).toBe('declined');
    expect(await rolesOf(t, aId)).toEqual([]);
    expect(await rolesEvents(t, aId)).toEqual(before);
    const signedIn = await json(t.call('POST', '/api/auth/login', { body: { phone: ADMIN.phone, password: ADMIN.password } }));
    expect(signedIn.body.user.roles).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
    const said = String(errors.mock.calls[0]![0]);
    expect(said).toContain(`ADMIN_PHONE: account ${aId} exists without the admin role`);
    expect(said).toContain('npm run admin -- create-admin');
    expect(said).toContain('confirmed by a second admin');
    // Logs keep no one's number.
    expect(said).not.toContain(ADMIN.phone);
  });

  it("then made a brand's admin, the phone still holds one staff account after the next start", async ({ t, removed: { brandId } }) => {
    await createStaff(t, { phone: ADMIN.phone, password: 'a-at-the-brand', roles: ['admin'], tenantId: brandId });
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(await restart(t)).toBe('declined');
    const staff = await t.database.db.selectFrom('users').select(['tenant_id', 'roles']).where('phone', '=', ADMIN.phone).orderBy('created_at').execute();
    expect(staff).toEqual([
      { tenant_id: 'default', roles: [] },
      { tenant_id: brandId, roles: ['admin'] },
    ]);
  });
});
