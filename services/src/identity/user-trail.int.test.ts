import { describe, expect } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { trailApp } from '../../../tests/support/trail-app';
import { createStaff } from '../../../tests/support/desk-changes';
import { findUserByPhone } from './users.repository';
import { UserTrail } from './user-trail';

/** Who and from where, as the requests below send it through the one trusted proxy. */
const FROM = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': 'trail-test' });

describe('the trail of users: sign-up, admin-made accounts, passwords and lock-outs', () => {
  let call: ReturnType<typeof trailApp>;
  const it = withApp
    .extend(
      'stream',
      ({ t }) =>
        async (userId: string) =>
          t.deps.eventStore.readStream(`user-${userId}`),
    )
    /** Every event in the log: a refused request must not add one anywhere. */
    .extend(
      'eventCount',
      ({ t }) =>
        async () =>
          Number((await t.database.pool.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n),
    )
    .extend('signUp', ({ t }) => async (phone: string, password: string, ip: string) => {
      await call('POST', '/api/auth/register/otp/send', { body: { phone }, headers: FROM(ip) });
      await call('POST', '/api/auth/register/otp/verify', { body: { phone, otp: await t.otpFor(phone, 'register') }, headers: FROM(ip) });
      return call('POST', '/api/auth/register', { body: { username: 'Meera', phone, password }, headers: FROM(ip) });
    });

  it.beforeAll(async ({ t }) => {
    call = (method, url, options) => json(t.call(method, url, options));
  });

  it('records a sign-up as UserRegistered by the newcomer, from their address; a refused one records nothing', async ({ t, stream, eventCount, signUp }) => {
    const phone = '+919870000001';
    const before = await eventCount();
    expect((await call('POST', '/api/auth/register', { body: { username: 'Meera', phone, password: 'secret12' } })).status).toBe(400);
    expect((await call('POST', '/api/auth/register', { body: { username: '', phone, password: 'x' } })).status).toBe(400);
    expect(await eventCount()).toBe(before);

    const registered = await signUp(phone, 'secret12', '198.51.100.21');
    expect(registered.status).toBe(201);
    const userId = registered.body.user._id as string;
    const [event, ...rest] = await stream(userId);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: 'UserRegistered',
      data: { userId, tenantId: 'default', phone, username: 'Meera', roles: [], via: 'sign_up' },
      metadata: { actor: { id: userId, role: 'customer' }, tenantId: 'default', ip: '198.51.100.21', userAgent: 'trail-test' },
    });
    expect(event!.data).toMatchObject({ registeredAt: event!.metadata.acceptedAt });
    expect(JSON.stringify({ data: event!.data, metadata: event!.metadata })).not.toContain('secret12');

    // The phone is taken: verified again, registered again, refused, and nothing recorded.
    const again = await eventCount();
    await call('POST', '/api/auth/register/otp/verify', { body: { phone, otp: await t.otpFor(phone, 'register') } });
    expect((await call('POST', '/api/auth/register', { body: { username: 'Other', phone, password: 'secret12' } })).status).toBe(400);
    expect(await eventCount()).toBe(again);
  });

  it('records an admin-made account as UserRegistered and its roles as UserRolesChanged, with the confirming admin as actor', async ({
    t,
    stream,
    eventCount,
  }) => {
    const admin = await findUserByPhone(t.database.db, 'default', '+919000000001');
    // A staff account waits for a second admin (decision 0030): the request names who asked, the account's events who confirmed.
    const secondId = await createStaff(t, { phone: '+919870000090', password: 'second-admin', roles: ['admin'] });
    const second = await t.login('+919870000090', 'second-admin');
    const asked = await json(
      t.call('POST', '/api/admin/users', {
        token: await t.adminToken(),
        body: { phone: '+919870000002', password: 'secret12', username: 'Staff', roles: ['compliance'] },
        headers: FROM('198.51.100.22'),
      }),
    );
    expect(asked.status).toBe(202);
    const changeId = asked.body.change._id as string;
    expect((await t.deps.eventStore.readStream(`desk-change-${changeId}`))[0]).toMatchObject({
      type: 'DeskChangeRequested',
      metadata: { actor: { id: admin!.id, role: 'admin' }, ip: '198.51.100.22', userAgent: 'trail-test' },
    });
    expect((await t.call('POST', `/api/admin/changes/${changeId}/confirm`, { token: second, body: {}, headers: FROM('198.51.100.23') })).status).toBe(200);
    const made = await findUserByPhone(t.database.db, 'default', '+919870000002');
    const events = await stream(made!.id);
    const who = {
      actor: { id: secondId, role: 'admin' },
      tenantId: 'default',
      ip: '198.51.100.23',
      userAgent: 'trail-test',
      causationId: `desk-change-${changeId}`,
    };
    expect(events).toMatchObject([
      { type: 'UserRegistered', data: { phone: '+919870000002', username: 'Staff', roles: ['compliance'], via: 'admin' }, metadata: who },
      { type: 'UserRolesChanged', data: { roles: ['compliance'], previousRoles: [] }, metadata: who },
    ]);

    const before = await eventCount();
    const taken = await t.call('POST', '/api/admin/users', { token: await t.adminToken(), body: { phone: '+919870000002', password: 'secret12' } });
    expect(taken.status).toBe(409);
    const invalid = await t.call('POST', '/api/admin/users', { token: await t.adminToken(), body: { phone: 'nope', password: 'secret12' } });
    expect(invalid.status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('records a password change by the user as PasswordChanged by self, never the password; a refused one records nothing', async ({
    t,
    stream,
    eventCount,
    signUp,
  }) => {
    const phone = '+919870000003';
    const { token, user } = (await signUp(phone, 'first-pass', '198.51.100.23')).body;
    const change = (body: unknown) => call('POST', '/api/auth/change-password', { token, body, headers: FROM('198.51.100.24') });

    const before = await eventCount();
    expect((await change({ currentPassword: 'not-mine', newPassword: 'second-pass' })).status).toBe(400);
    expect((await change({ currentPassword: 'first-pass', newPassword: 'abc' })).status).toBe(400);
    expect(await eventCount()).toBe(before);

    expect((await change({ currentPassword: 'first-pass', newPassword: 'second-pass' })).status).toBe(200);
    const row = await findUserByPhone(t.database.db, 'default', phone);
    const [, event] = await stream(user._id);
    expect(event).toMatchObject({
      type: 'PasswordChanged',
      data: { userId: user._id, tenantId: 'default', phone, by: 'self', changedAt: row!.password_changed_at.toISOString() },
      metadata: { actor: { id: user._id, role: 'customer' }, tenantId: 'default', ip: '198.51.100.24', userAgent: 'trail-test' },
    });
    const text = JSON.stringify({ data: event!.data, metadata: event!.metadata });
    for (const secret of ['first-pass', 'second-pass', row!.password_hash]) expect(text).not.toContain(secret);
  });

  it('changes nothing when the append fails: the old password still signs in', async ({ t, signUp }) => {
    const phone = '+919870000004';
    const { token } = (await signUp(phone, 'first-pass', '198.51.100.25')).body;
    const failing = new UserTrail(t.deps.eventStore);
    failing.record = async () => {
      throw new Error('the event store is down');
    };
    const broken = trailApp(t, failing);
    const before = await findUserByPhone(t.database.db, 'default', phone);
    const answer = await broken('POST', '/api/auth/change-password', { token, body: { currentPassword: 'first-pass', newPassword: 'second-pass' } });
    expect(answer.status).toBe(500);
    const after = await findUserByPhone(t.database.db, 'default', phone);
    expect(after).toEqual(before);
    expect((await call('POST', '/api/auth/login', { body: { phone, password: 'first-pass' } })).status).toBe(200);
  });

  it('records a phone lock-out from one address once, on the account it has on this brand, naming the address', async ({ stream, signUp }) => {
    const phone = '+919870000005';
    const { user } = (await signUp(phone, 'right-pass', '198.51.100.26')).body;
    const attempt = (_i: number) => call('POST', '/api/auth/login', { body: { phone, password: 'wrong-pass' }, headers: FROM('198.51.100.34') });
    for (let i = 0; i < 4; i++) expect((await attempt(i)).status).toBe(401);
    expect((await stream(user._id)).map((e) => e.type)).toEqual(['UserRegistered']);
    expect((await attempt(4)).status).toBe(401);
    expect((await attempt(5)).status).toBe(429);
    expect((await attempt(6)).status).toBe(429);

    const events = (await stream(user._id)).filter((e) => e.type === 'SignInLockedOut');
    expect(events).toHaveLength(1);
    const [locked] = events;
    expect(locked).toMatchObject({
      data: { userId: user._id, tenantId: 'default', phone, limit: 'login-fail:phone-ip', ip: '198.51.100.34', failures: 5, windowMinutes: 15 },
      metadata: { actor: { id: 'sign-in-limiter', role: 'system' }, tenantId: 'default', ip: '198.51.100.34', userAgent: 'trail-test' },
    });
    const data = locked!.data as { lockedAt: string; lockedUntil: string };
    const minutes = (Date.parse(data.lockedUntil) - Date.parse(data.lockedAt)) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('records an address lock-out once on ip-<address>, naming the phone tried', async ({ t }) => {
    const ip = '203.0.113.90';
    for (let i = 0; i < 31; i++) {
      await call('POST', '/api/auth/login', { body: { phone: `+9196000000${String(i).padStart(2, '0')}`, password: 'nope-nope' }, headers: FROM(ip) });
    }
    const events = await t.deps.eventStore.readStream(`ip-${ip}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'SignInIpLockedOut',
      data: { ip, tenantId: 'default', limit: 'login-fail:ip', failures: 30, windowMinutes: 15, phone: '+919600000029' },
      metadata: { actor: { id: 'sign-in-limiter', role: 'system' }, ip, userAgent: 'trail-test' },
    });
  });
});
