/**
 * `npm run admin -- change-phone` (the second review's N7): the person at the server gave an existing
 * admin's account a phone of their own, then reset its password by SMS to it, and became that admin
 * with no second admin and nothing sent to the holder. A staff account's phone is no longer changed
 * at the server: its role is removed first (a second admin confirms that). Nor, since the third
 * review's F8, for 30 days after: the person at the server can confirm that removal themselves.
 */
import { describe, expect } from 'vitest';
import { json } from '../../../../tests/support/test-app';
import { it as withApp } from '../../../../tests/support/app-fixtures';
import { confirmPending, createStaff } from '../../../../tests/support/desk-changes';
import { CommandError } from '../cli-errors';
import { changePhone } from './change-phone';

describe('change-phone at the server', () => {
  const it = withApp
    .extend('deps', ({ t }) => () => ({ db: t.database.db, trail: t.deps.roles.trail, events: t.deps.eventStore }))
    .extend(
      'phoneOf',
      ({ t }) =>
        async (id: string) =>
          (await t.database.pool.query<{ phone: string }>('select phone from users where id = $1', [id])).rows[0]!.phone,
    )
    .extend(
      'phoneChanges',
      ({ t }) =>
        async (id: string) =>
          (await t.deps.eventStore.readStream(`user-${id}`)).filter((e) => e.type === 'UserPhoneChanged'),
    );
  const in31Days = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

  it("refuses a staff account's phone (admin or compliance), naming the way: remove the role first; changes nothing", async ({
    t,
    deps,
    phoneOf,
    phoneChanges,
  }) => {
    const adminC = await createStaff(t, { phone: '+919640000004', password: 'third-admin-c', roles: ['admin'] });
    const officer = await createStaff(t, { phone: '+919640000005', password: 'an-officer', roles: ['compliance'] });
    for (const [id, role] of [
      [adminC, 'admin'],
      [officer, 'compliance'],
    ] as const) {
      const refused = changePhone(deps(), { userId: id, phone: '+919640000077' });
      await expect(refused).rejects.toThrow(CommandError);
      await expect(refused).rejects.toThrow(`Account ${id} holds a staff role (${role}): its phone is not changed at the server`);
      await expect(refused).rejects.toThrow('Remove the role first (a second admin confirms that');
    }
    expect(await phoneOf(adminC)).toBe('+919640000004');
    expect(await phoneChanges(adminC)).toEqual([]);
  });

  it("the third review's F8: the person at the server, as both pairs of eyes, removes an admin's role and still cannot give the account their phone", async ({
    t,
    deps,
    phoneOf,
    phoneChanges,
  }) => {
    const adminC = await createStaff(t, { phone: '+919640000020', password: 'third-admin-c', roles: ['admin'] });
    // An admin made at the server asks; the server's confirm-change confirms.
    await createStaff(t, { phone: '+919640000021', password: 'shell-admin-pw', roles: ['admin'] });
    const shellAdmin = await t.login('+919640000021', 'shell-admin-pw');
    const removal = await json(t.call('PUT', `/api/admin/users/${adminC}/roles`, { token: shellAdmin, body: { roles: [] } }));
    expect(removal.status).toBe(202);
    await confirmPending(t, removal.body.change._id);
    const refused = changePhone(deps(), { userId: adminC, phone: '+919640000077' });
    await expect(refused).rejects.toThrow(CommandError);
    await expect(refused).rejects.toThrow(new RegExp(`^Account ${adminC} held a staff role until \\S+: its phone is not changed at the server until`));
    await expect(refused).rejects.toThrow('make a new account on that number');
    expect(await phoneOf(adminC)).toBe('+919640000020');
    expect(await phoneChanges(adminC)).toEqual([]);
  });

  it("changes a customer's phone, and a former staff member's 30 days after their role's removal was confirmed", async ({ t, deps, phoneChanges }) => {
    const customer = await json(t.call('POST', '/api/admin/users', { token: await t.adminToken(), body: { phone: '+919640000010', password: 'customer-1' } }));
    expect(customer.status).toBe(201);
    expect(await changePhone(deps(), { userId: customer.body.user._id, phone: '+919640000011' })).toEqual({
      outcome: 'changed',
      previousPhone: '+919640000010',
    });

    const former = await createStaff(t, { phone: '+919640000012', password: 'former-admin', roles: ['admin'] });
    const removal = await json(t.call('PUT', `/api/admin/users/${former}/roles`, { token: await t.adminToken(), body: { roles: [] } }));
    expect(removal.status).toBe(202);
    await expect(changePhone(deps(), { userId: former, phone: '+919640000013' })).rejects.toThrow('holds a staff role (admin)');
    await confirmPending(t, removal.body.change._id);
    await expect(changePhone(deps(), { userId: former, phone: '+919640000013' })).rejects.toThrow('held a staff role until');
    expect(await changePhone(deps(), { userId: former, phone: '+919640000013' }, in31Days())).toEqual({ outcome: 'changed', previousPhone: '+919640000012' });
    expect((await phoneChanges(former)).map((e) => e.data)).toEqual([expect.objectContaining({ phone: '+919640000013', previousPhone: '+919640000012' })]);
  });
});
