/**
 * Signed-in users' rows are kept in memory (services/src/identity/signed-in-users.ts): a change to
 * an account must still take effect on the next request, whether this process made it or another
 * one did (the ops CLI, another API process, SQL typed by hand).
 */
import { describe, expect } from 'vitest';
import { createApp } from '../../services/src/api/app';
import { SignedInUsers } from '../../services/src/identity/signed-in-users';
import { UserRoles } from '../../services/src/identity/user-roles';
import { findUserById } from '../../services/src/identity/users.repository';
import { callerOf, createCustomer, json, type TestApp } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { waitFor } from '../support/wait-for';
import { createStaff } from '../support/desk-changes';
import { buildDeskChanges } from '../../services/src/main/desk-change-deps';
import { CommandHandler } from '../../platform/src/eventstore/command-handler';

// An API on the file's app whose cache never hears the database (only what the process itself
// forgets is read again), and a role change asked by the operator's admin and confirmed by a second
// admin, both on it: its answer to the confirmation.
const it = withApp.extend('deafApi', { scope: 'file' }, async ({ t, admin }, { onCleanup }) => {
  await createStaff(t, { phone: '+919822200090', password: 'second-admin', roles: ['admin'] });
  const second = await t.login('+919822200090', 'second-admin');
  const deaf = new SignedInUsers(
    (id) => findUserById(t.database.db, id),
    // Connected, answering, and never announcing anything.
    async (_listener, { onAlive }) => {
      onAlive();
      return async () => undefined;
    },
    { silenceMs: Infinity },
  );
  onCleanup(() => deaf.close());
  const roles = new UserRoles(t.database.db, t.deps.eventStore, (id) => deaf.forget(id));
  const { settings, tenants } = t.deps;
  const files = t.deps.orders.files;
  const deskChanges = buildDeskChanges({ handler: new CommandHandler(t.deps.eventStore), settings, tenants, roles, db: t.database.db, files });
  const call = callerOf(createApp({ ...t.deps, users: deaf, roles, deskChanges }));
  const changeRoles = async (id: string, body: { roles: string[] }) => {
    const asked = await json(call('PUT', `/api/admin/users/${id}/roles`, { token: admin, body }));
    if (asked.status !== 202) return asked.status;
    return (await call('POST', `/api/admin/changes/${asked.body.change._id}/confirm`, { token: second, body: {} })).status;
  };
  return { call, deaf, changeRoles };
});

const idOf = async (t: TestApp, token: string) => (await json(t.call('GET', '/api/auth/me', { token }))).body._id as string;

describe('signed-in users kept in memory', () => {
  it("takes a change made behind the API's back once the database announces it", async ({ t }) => {
    const token = await createCustomer(t, '+919822200001');
    const me = async () => (await json(t.call('GET', '/api/auth/me', { token }))).body;
    await me();
    await waitFor('the cache to serve', async () => t.deps.users.serving, 5_000);
    await t.database.pool.query(`update users set username = 'Renamed by hand' where phone = '+919822200001'`);
    await waitFor('the change to be seen', async () => (await me()).username === 'Renamed by hand', 5_000);
  });

  describe('a change this process makes, before any announcement could arrive', () => {
    it('refuses the old token at once after a password change', async ({ t, deafApi: { call, deaf } }) => {
      const token = await createCustomer(t, '+919822200002', 'first-pass');
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
      // No pause: a session signed in earlier in the same second as the change ends with it too.
      const changed = await json(call('POST', '/api/auth/change-password', { token, body: { currentPassword: 'first-pass', newPassword: 'second-pass' } }));
      expect(changed.status).toBe(200);
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await call('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(200);
    });

    it('refuses an admin whose role was taken away behind its back at once: admin routes read the row fresh', async ({ t, deafApi: { call, deaf } }) => {
      // Made as the admin CLI makes staff (a password an admin chose on the screens is no staff sign-in, decision 0029).
      await createStaff(t, { phone: '+919822200004', password: 'secret1', roles: ['admin'] });
      const token = await t.login('+919822200004', 'secret1');
      const id = await idOf(t, token);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
      await t.database.pool.query(`update users set roles = '{}' where id = $1`, [id]);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(403);
      // Nor can a stale row give the role back: granting is for admins, decided on the fresh row.
      expect((await call('PUT', `/api/admin/users/${id}/roles`, { token, body: { roles: ['admin'] } })).status).toBe(403);
      expect((await t.database.pool.query(`select roles from users where id = $1`, [id])).rows[0].roles).toEqual([]);
    });

    it('forgets the row whatever spelling of its id the role change was made with', async ({ t, deafApi: { call, deaf, changeRoles } }) => {
      await createStaff(t, { phone: '+919822200005', password: 'secret1', roles: [] });
      const token = await t.login('+919822200005', 'secret1');
      const id = await idOf(t, token);
      expect(await changeRoles(id.toUpperCase(), { roles: ['admin'] })).toBe(200);
      // The change ended the account's sessions (decision 0029): sign in again under the new roles.
      const again = await t.login('+919822200005', 'secret1');
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await json(call('GET', '/api/auth/me', { token: again }))).body.adminScope).toBe('all_brands');
      expect(await changeRoles(id.toUpperCase(), { roles: [] })).toBe(200);
      const last = await t.login('+919822200005', 'secret1');
      expect((await json(call('GET', '/api/auth/me', { token: last }))).body.adminScope).toBeNull();
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
    });

    it('refuses a removed admin at once after their role is taken away', async ({ t, deafApi: { call, deaf, changeRoles } }) => {
      await createStaff(t, { phone: '+919822200003', password: 'secret1', roles: [] });
      const token = await t.login('+919822200003', 'secret1');
      const id = await idOf(t, token);
      expect(await changeRoles(id, { roles: ['admin'] })).toBe(200);
      const asAdmin = await t.login('+919822200003', 'secret1');
      expect((await call('GET', '/api/admin/orders', { token: asAdmin })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await call('GET', '/api/admin/orders', { token: asAdmin })).status).toBe(200);
      expect(await changeRoles(id, { roles: [] })).toBe(200);
      expect([401, 403]).toContain((await call('GET', '/api/admin/orders', { token: asAdmin })).status);
      expect((await call('GET', '/api/admin/orders', { token: await t.login('+919822200003', 'secret1') })).status).toBe(403);
    });
  });
});
