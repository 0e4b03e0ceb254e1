/**
 * Failed passwords are counted per phone and address (5 in 15 minutes) with a slower count per phone
 * across addresses (50 an hour), so a flood from one address cannot lock the owner out from another
 * (decision 0029; security review: "anyone can lock any account's password sign-in").
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createStaff } from '../support/staff-accounts';

describe('password sign-in limits by address', () => {
  const it = withApp.extend(
    'loginFrom',
    ({ t }) =>
      (phone: string, password: string, ip: string) =>
        json(t.call('POST', '/api/auth/login', { body: { phone, password }, headers: { 'x-forwarded-for': ip } })),
  );

  it("a flood of wrong passwords from one address does not lock the owner out from another (an admin's phone too)", async ({ t, loginFrom }) => {
    const phone = '+919520000001';
    await createStaff(t, phone, 'owners-password');
    for (let i = 0; i < 20; i++) await loginFrom(phone, `guess-${i}`, '203.0.113.5');
    expect((await loginFrom(phone, 'owners-password', '203.0.113.5')).status).toBe(429);
    expect((await loginFrom(phone, 'owners-password', '198.51.100.80')).status).toBe(200);
  });

  it('locks the phone on every address after 50 failures in an hour, spread over addresses, and records it once', async ({ t, loginFrom }) => {
    const phone = '+919520000002';
    const user = await createStaff(t, phone, 'owners-password');
    // Ten addresses, each using up its own five.
    for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) expect((await loginFrom(phone, `guess-${a}-${i}`, `192.0.2.${a + 1}`)).status).toBe(401);
    const refused = await loginFrom(phone, 'owners-password', '198.51.100.81');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many failed attempts\. Please try again in \d+ minute/);
    const locks = (await t.deps.eventStore.readStream(`user-${user.id}`)).filter((e) => e.type === 'SignInLockedOut').map((e) => e.data);
    expect(locks.filter((l) => (l as { limit: string }).limit === 'login-fail:phone')).toEqual([
      expect.objectContaining({ limit: 'login-fail:phone', failures: 50, windowMinutes: 60 }),
    ]);
    expect(locks.filter((l) => (l as { limit: string }).limit === 'login-fail:phone-ip')).toHaveLength(10);
  });
});
