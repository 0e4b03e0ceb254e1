/**
 * Replacing a staff member's authenticator (security review I1): the password alone no longer does
 * it; a code from the current authenticator or a recovery code is asked as well, and every other
 * session of the account ends once the new one is confirmed, recorded as the other revocations are.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createStaff, totpCode } from '../support/staff-accounts';

/** The file's calls over its app, made once for it: a JSON POST, the status of `/me`, and a staff member enrolled as below. */
const it = withApp.extend('staffApi', { scope: 'file' }, ({ t }) => {
  const post = (path: string, body: unknown, token?: string) => json(t.call('POST', path, { body, token }));
  const me = async (token: string) => (await t.call('GET', '/api/auth/me', { token })).status;

  /** A staff member with two sessions opened by password alone, then an authenticator set up from a third (the Sessions page). */
  async function enrolledWithSessions(phone: string, password: string) {
    const user = await createStaff(t, phone, password);
    const signIn = async () => (await post('/api/auth/login', { phone, password })).body.token as string;
    const [desk, phoneSession, laptop] = [await signIn(), await signIn(), await signIn()];
    const started = await post('/api/auth/authenticator', { currentPassword: password }, laptop);
    expect(started.status).toBe(200); // none yet: the password alone sets the first one up
    const confirmed = await post('/api/auth/authenticator/confirm', { code: totpCode(started.body.secret) }, laptop);
    expect(confirmed.status).toBe(200);
    expect([await me(desk), await me(phoneSession)]).toEqual([200, 200]);
    return { user, secret: started.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[], desk, phoneSession, laptop };
  }
  return { post, me, enrolledWithSessions };
});

describe('replacing an authenticator from a signed-in session', () => {
  it('the password alone is refused, a wrong code too; a current code replaces it and signs every other session out', async ({
    t,
    staffApi: { post, me, enrolledWithSessions },
  }) => {
    const password = 'staff-password-1';
    const { user, secret, desk, laptop, phoneSession } = await enrolledWithSessions('+919530000001', password);

    expect(await post('/api/auth/authenticator', { currentPassword: password }, laptop)).toMatchObject({
      status: 400,
      body: {
        error: 'validation_error',
        code: 'validation_error',
        details: [{ path: 'code', message: 'Enter a code from your current authenticator app, or a recovery code' }],
      },
    });
    const right = totpCode(secret, 1); // the set-up spent this step's code
    const wrong = right === '000000' ? '111111' : '000000';
    expect(await post('/api/auth/authenticator', { currentPassword: password, code: wrong }, laptop)).toMatchObject({
      status: 400,
      body: { code: 'invalid_code' },
    });
    expect((await post('/api/auth/authenticator', { currentPassword: 'not-the-password', code: right }, laptop)).status).toBe(400);

    const started = await post('/api/auth/authenticator', { currentPassword: password, code: right }, laptop);
    expect(started.status).toBe(200);
    const confirmed = await post('/api/auth/authenticator/confirm', { code: totpCode(started.body.secret) }, laptop);
    expect(confirmed).toMatchObject({ status: 200, body: { message: 'Authenticator app saved' } });

    expect(await me(laptop)).toBe(200);
    expect(await me(desk)).toBe(401);
    expect(await me(phoneSession)).toBe(401);
    const revoked = (await t.deps.eventStore.readStream(`user-${user.id}`)).filter((e) => e.type === 'SessionsRevoked');
    expect(revoked.map((e) => e.data)).toEqual([expect.objectContaining({ reason: 'authenticator_replaced' })]);
    expect((revoked[0]!.data as { sessionIds: string[] }).sessionIds).toHaveLength(2);
  });

  it('a recovery code stands in for a lost phone, once, and is recorded as used', async ({ t, staffApi: { post, enrolledWithSessions } }) => {
    const password = 'staff-password-2';
    const { user, recoveryCodes, laptop } = await enrolledWithSessions('+919530000002', password);
    const started = await post('/api/auth/authenticator', { currentPassword: password, recoveryCode: recoveryCodes[0] }, laptop);
    expect(started.status).toBe(200);
    expect(await post('/api/auth/authenticator', { currentPassword: password, recoveryCode: recoveryCodes[0] }, laptop)).toMatchObject({
      status: 400,
      body: { code: 'invalid_code' },
    });
    const used = (await t.deps.eventStore.readStream(`user-${user.id}`)).filter((e) => e.type === 'RecoveryCodeUsed');
    expect(used.map((e) => e.data)).toEqual([expect.objectContaining({ remaining: 9 })]);
    expect((await post('/api/auth/authenticator', { currentPassword: password, code: '123456', recoveryCode: recoveryCodes[1] }, laptop)).status).toBe(400);
  });
});
