/**
 * Server-side sessions (decision 0029): every token names one, and ending it (sign-out, revocation,
 * a password or role change, a reset) refuses the token at once, on this process and, through the
 * database's announcement, on every other.
 */
import { describe, expect } from 'vitest';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createStaff } from '../support/staff-accounts';
import { waitFor } from '../support/wait-for';
import { resetPassword } from '../../services/src/ops/admin/admin-accounts';
import { SESSION_LIFETIME_MS } from '../../services/src/identity/user-sessions';
import { otpCooldownKey } from '../../services/src/identity/otp.service';

// Calls as a browser sends them: a POST with a token and headers, the account behind a token, a
// sign-in from a named browser, a sign-up with its code.
const it = withApp.extend('auth', { scope: 'file' }, ({ t }) => {
  const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => json(t.call('POST', path, { body, token, headers }));
  return {
    post,
    me: async (token: string) => (await t.call('GET', '/api/auth/me', { token })).status,
    login: async (phone: string, password: string, browser = 'test-browser') =>
      (await post('/api/auth/login', { phone, password }, undefined, { 'user-agent': browser })).body.token as string,
    async signUp(phone: string, password: string) {
      await post('/api/auth/register/otp/send', { phone });
      await post('/api/auth/register/otp/verify', { phone, otp: await t.otpFor(phone, 'register') });
      return (await post('/api/auth/register', { username: `Customer ${phone}`, phone, password })).body as { token: string; user: { _id: string } };
    },
  };
});

describe('sessions', () => {
  it('signs out on the server: the token no longer opens the account', async ({ auth: { post, me, signUp } }) => {
    const { token } = await signUp('+919510000001', 'customer-pass');
    expect(await me(token)).toBe(200);
    expect((await post('/api/auth/logout', {}, token)).status).toBe(200);
    expect(await me(token)).toBe(401);
  });

  it("lists the user's own live sessions with this one marked, ends one, and all the others", async ({ t, auth: { post, me, login, signUp } }) => {
    const { token: first } = await signUp('+919510000002', 'customer-pass');
    const second = await login('+919510000002', 'customer-pass', 'Phone browser');
    const third = await login('+919510000002', 'customer-pass', 'Laptop browser');
    const listed = await json(t.call('GET', '/api/auth/sessions', { token: second }));
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s: { current: boolean }) => s.current)).toEqual([
      expect.objectContaining({ userAgent: 'Phone browser', method: 'password' }),
    ]);
    const laptop = listed.body.sessions.find((s: { userAgent: string }) => s.userAgent === 'Laptop browser');
    expect((await json(t.call('DELETE', `/api/auth/sessions/${laptop.id}`, { token: second }))).status).toBe(200);
    expect(await me(third)).toBe(401);
    expect((await json(t.call('DELETE', `/api/auth/sessions/${laptop.id}`, { token: second }))).status).toBe(404);
    expect((await json(t.call('DELETE', '/api/auth/sessions/not-a-session', { token: second }))).status).toBe(400);
    expect(await post('/api/auth/sessions/revoke-others', {}, second)).toMatchObject({ status: 200, body: { revoked: 1 } });
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(200);
  });

  it("never ends another user's session", async ({ t, auth: { me, signUp } }) => {
    const owner = await signUp('+919510000003', 'customer-pass');
    const other = await signUp('+919510000004', 'customer-pass');
    const [mine] = (await json(t.call('GET', '/api/auth/sessions', { token: owner.token }))).body.sessions;
    expect((await json(t.call('DELETE', `/api/auth/sessions/${mine.id}`, { token: other.token }))).status).toBe(404);
    expect(await me(owner.token)).toBe(200);
  });

  it('ends every other session on a password change and keeps this one on its new token', async ({ t, auth: { post, me, login, signUp } }) => {
    const { token: here } = await signUp('+919510000005', 'first-pass');
    const elsewhere = await login('+919510000005', 'first-pass');
    const changed = await post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'second-pass' }, here);
    expect(changed.status).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    expect(await me(here)).toBe(401);
    expect(await me(changed.body.token)).toBe(200);
    expect((await json(t.call('GET', '/api/auth/sessions', { token: changed.body.token }))).body.sessions).toHaveLength(1);
  });

  it('ends every session of a user whose roles change, and of one whose password the operator resets', async ({ t, auth: { me, login, signUp } }) => {
    const { token, user } = await signUp('+919510000006', 'customer-pass');
    await t.deps.roles.change(user._id, () => ['compliance'], systemMetadata('default', 'test'));
    expect(await me(token)).toBe(401);
    const again = await login('+919510000006', 'customer-pass');
    expect(await me(again)).toBe(200);
    await resetPassword({ db: t.deps.db, roles: t.deps.roles }, { phone: '+919510000006', tenantId: 'default', password: 'operator-chosen' });
    // The CLI is another process: this one hears of it from the database.
    await waitFor('the session to end', async () => (await me(again)) === 401, 5_000);
  });

  it('ends every session on a reset by a code sent to the phone', async ({ t, auth: { post, me, signUp } }) => {
    const { token } = await signUp('+919510000007', 'customer-pass');
    // One wait between codes to a phone, whatever they are for: as if the sign-up code's 30 s had passed.
    await t.deps.store.delete(otpCooldownKey('default', '+919510000007'));
    expect((await post('/api/auth/password-reset/otp/send', { phone: '+919510000007' })).status).toBe(200);
    const reset = await post('/api/auth/password-reset', {
      phone: '+919510000007',
      otp: await t.otpFor('+919510000007', 'reset'),
      newPassword: 'new-password',
    });
    expect(reset.status).toBe(200);
    expect(await me(token)).toBe(401);
    expect((await post('/api/auth/login', { phone: '+919510000007', password: 'new-password' })).status).toBe(200);
  });

  it('answers a reset code request the same for a phone with no account, and sends nothing', async ({ auth: { post } }) => {
    const known = await post('/api/auth/password-reset/otp/send', { phone: '+919510000007' });
    const unknown = await post('/api/auth/password-reset/otp/send', { phone: '+919510000099' });
    expect(unknown).toEqual(known.status === 429 ? unknown : { status: 200, body: known.body });
    expect(unknown.status).toBe(200);
    expect((await post('/api/auth/password-reset/otp/send', { phone: '+919510000099' })).status).toBe(429);
  });

  it("gives staff a 12-hour session and records their sign-ins, sign-outs and revocations on their stream; customers' stay in the table", async ({
    t,
    auth,
  }) => {
    const { post, me, login, signUp } = auth;
    const staff = await createStaff(t, '+919510000008', 'staff-password');
    const first = await login('+919510000008', 'staff-password');
    const second = await login('+919510000008', 'staff-password');
    const sessions = (await json(t.call('GET', '/api/auth/sessions', { token: first }))).body.sessions as { startedAt: string; expiresAt: string }[];
    expect(Date.parse(sessions[0]!.expiresAt) - Date.parse(sessions[0]!.startedAt)).toBe(SESSION_LIFETIME_MS.staff);
    await post('/api/auth/sessions/revoke-others', {}, first);
    await post('/api/auth/logout', {}, first);
    expect(await me(second)).toBe(401);
    const events = await t.deps.eventStore.readStream(`user-${staff.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserRolesChanged', 'StaffSignedIn', 'StaffSignedIn', 'SessionsRevoked', 'StaffSignedOut']);
    expect(events[4]!.data).toMatchObject({ reason: 'signed_out_elsewhere', sessionIds: [expect.any(String)] });
    const customer = await signUp('+919510000009', 'customer-pass');
    const customerSessions = (await json(t.call('GET', '/api/auth/sessions', { token: customer.token }))).body.sessions;
    expect(Date.parse(customerSessions[0].expiresAt) - Date.parse(customerSessions[0].startedAt)).toBe(SESSION_LIFETIME_MS.customer);
    expect((await t.deps.eventStore.readStream(`user-${customer.user._id}`)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('reads a session once per process: later requests use the copy kept until the database announces its end', async ({ t, auth: { me, signUp } }) => {
    const { token } = await signUp('+919510000010', 'customer-pass');
    await me(token);
    await waitFor('the sessions to be served from memory', async () => t.deps.sessions.serving, 5_000);
    await me(token);
    // Counted through the reader itself: no statement reaches the database for the session.
    let reads = 0;
    const original = t.deps.sessions.fresh.bind(t.deps.sessions);
    t.deps.sessions.fresh = async (id) => {
      reads++;
      return original(id);
    };
    try {
      for (let i = 0; i < 5; i++) expect(await me(token)).toBe(200);
      expect(reads).toBe(0);
    } finally {
      t.deps.sessions.fresh = original;
    }
    // Ended behind this process's back (SQL by hand): the announcement reaches it.
    await t.database.pool.query(
      `update sessions set revoked_at = now(), revoked_reason = 'by hand' where user_id = (select id from users where phone = '+919510000010')`,
    );
    await waitFor('the session to end', async () => (await me(token)) === 401, 5_000);
  });
});
