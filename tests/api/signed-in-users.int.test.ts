/**
 * Signed-in users' rows are kept in memory (services/src/identity/signed-in-users.ts): a change to
 * an account must still take effect on the next request, whether this process made it or another
 * one did (the ops CLI, another API process, SQL typed by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../services/src/api/app';
import { SignedInUsers } from '../../services/src/identity/signed-in-users';
import { UserRoles } from '../../services/src/identity/user-roles';
import { findUserById } from '../../services/src/identity/users.repository';
import { callerOf, createCustomer, createTestApp, json, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

describe('signed-in users kept in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const idOf = async (token: string) => (await json(t.call('GET', '/api/auth/me', { token }))).body._id as string;
  const grant = async (userId: string, roles: string[]) =>
    (await json(t.call('PUT', `/api/admin/users/${userId}/roles`, { token: await t.adminToken(), body: { roles } }))).status;

  it("takes a change made behind the API's back once the database announces it", async () => {
    const token = await createCustomer(t, '+919822200001');
    const me = async () => (await json(t.call('GET', '/api/auth/me', { token }))).body;
    await me();
    await waitFor('the cache to serve', async () => t.deps.users.serving, 5_000);
    await t.database.pool.query(`update users set username = 'Renamed by hand' where phone = '+919822200001'`);
    await waitFor('the change to be seen', async () => (await me()).username === 'Renamed by hand', 5_000);
  });

  describe('a change this process makes, before any announcement could arrive', () => {
    // An API whose cache never hears the database: only what the process itself forgets is read again.
    let call: TestApp['call'];
    let deaf: SignedInUsers;
    beforeAll(() => {
      deaf = new SignedInUsers(
        (id) => findUserById(t.database.db, id),
        // Connected, answering, and never announcing anything.
        async (_listener, { onAlive }) => {
          onAlive();
          return async () => undefined;
        },
        { silenceMs: Infinity },
      );
      call = callerOf(createApp({ ...t.deps, users: deaf, roles: new UserRoles(t.database.db, t.deps.eventStore, (id) => deaf.forget(id)) }));
    });
    afterAll(() => deaf.close());

    it('refuses the old token at once after a password change', async () => {
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

    it('refuses an admin whose role was taken away behind its back at once: admin routes read the row fresh', async () => {
      const token = await createCustomer(t, '+919822200004');
      const id = await idOf(token);
      expect(await grant(id, ['admin'])).toBe(200);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
      await t.database.pool.query(`update users set roles = '{}' where id = $1`, [id]);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(403);
      // Nor can a stale row give the role back: granting is for admins, decided on the fresh row.
      expect((await call('PUT', `/api/admin/users/${id}/roles`, { token, body: { roles: ['admin'] } })).status).toBe(403);
      expect((await t.database.pool.query(`select roles from users where id = $1`, [id])).rows[0].roles).toEqual([]);
    });

    it('forgets the row whatever spelling of its id the role change was made with', async () => {
      const token = await createCustomer(t, '+919822200005');
      const id = await idOf(token);
      const roles = (body: { roles: string[] }) => call('PUT', `/api/admin/users/${id.toUpperCase()}/roles`, { token: admin, body });
      let admin = '';
      admin = await t.adminToken();
      expect((await roles({ roles: ['admin'] })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await json(call('GET', '/api/auth/me', { token }))).body.adminScope).toBe('all_brands');
      expect((await roles({ roles: [] })).status).toBe(200);
      expect((await json(call('GET', '/api/auth/me', { token }))).body.adminScope).toBeNull();
    });

    it('refuses a removed admin at once after their role is taken away', async () => {
      const token = await createCustomer(t, '+919822200003');
      const id = await idOf(token);
      const admin = await t.adminToken();
      const roles = (body: { roles: string[] }) => call('PUT', `/api/admin/users/${id}/roles`, { token: admin, body });
      expect((await roles({ roles: ['admin'] })).status).toBe(200);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(200);
      await waitFor('the cache to serve', async () => deaf.serving, 5_000);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(200);
      expect((await roles({ roles: [] })).status).toBe(200);
      expect((await call('GET', '/api/admin/orders', { token })).status).toBe(403);
    });
  });
});
