import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { createBrandAdmin } from '../../../tests/support/brands';

/** The password guesses a lock-out allows, however they are sent (findings of the 2026-11-26 security review). */
describe('sign-in limits', () => {
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);

  it('counts a guess before checking it: a burst sent at once gets no more guesses than one sent in turn', async ({ t, login }) => {
    const phone = '+919300000001';
    await createCustomer(t, phone, 'right-one');
    for (let i = 0; i < 4; i++) expect((await login(phone, `wrong-${i}`)).status).toBe(401);
    // One guess is left; the right password is last of six sent together.
    const burst = await Promise.all([...Array.from({ length: 5 }, (_, i) => login(phone, `burst-${i}`)), login(phone, 'right-one')]);
    expect(statuses(burst).filter((s) => s === 401)).toHaveLength(1);
    expect(statuses(burst).filter((s) => s === 429)).toHaveLength(5);
    expect((await login(phone, 'right-one')).status).toBe(429);
  });

  it("keeps a phone's failures per brand: signing in with the same phone on another brand clears nothing", async ({ t, login }) => {
    const phone = '+919300000002';
    await createCustomer(t, phone, 'victims-password');
    const brand = await createBrandAdmin(t, 'limits-brand.test', '+919300000099');
    // The brand admin makes an account of their own with the victim's phone.
    const made = await t.call('POST', '/api/admin/users', { token: brand.token, body: { phone, password: 'attackers-own' } });
    expect(made.status).toBe(201);
    const seen: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3; i++) seen.push((await login(phone, `guess-${round}-${i}`)).status);
      expect((await login(phone, 'attackers-own', 'limits-brand.test')).status).toBe(200);
    }
    expect(seen).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(phone, 'victims-password')).status).toBe(429);
  });

  it("clears a brand's failures for the phone when its account signs in", async ({ t, login }) => {
    const phone = '+919300000003';
    await createCustomer(t, phone, 'own-password');
    for (let i = 0; i < 4; i++) await login(phone, `typo-${i}`);
    expect((await login(phone, 'own-password')).status).toBe(200);
    expect(statuses(await Promise.all(Array.from({ length: 4 }, (_, i) => login(phone, `later-${i}`))))).toEqual([401, 401, 401, 401]);
    expect((await login(phone, 'own-password')).status).toBe(200);
  });

  it('limits guesses of the current password on a signed-in session', async ({ t }) => {
    const phone = '+919300000004';
    const token = await createCustomer(t, phone, 'current-one');
    const change = (currentPassword: string) =>
      json(t.call('POST', '/api/auth/change-password', { token, body: { currentPassword, newPassword: 'next-password' } }));
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`guess-${i}`)));
    expect(statuses(guesses).filter((s) => s === 400)).toHaveLength(5);
    expect(statuses(guesses).filter((s) => s === 429)).toHaveLength(3);
    expect((await change('current-one')).status).toBe(429);
  });
});
