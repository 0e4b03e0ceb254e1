/**
 * One handset, one account per brand: every spelling of a phone signs in, signs up, counts
 * lock-outs and searches as its canonical form, and accounts stored before that are rewritten once
 * at start, with a trail event, their orders still found by either spelling.
 */
import { describe, expect } from 'vitest';
import { ADMIN, createCustomer, json } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { waitFor } from '../support/wait-for';
import { canonicaliseStoredPhones, CANONICAL_PHONES_FIX } from '../../services/src/identity/canonical-phones-fix';
import { UserTrail } from '../../services/src/identity/user-trail';
import { ensureAdmin } from '../../services/src/identity/bootstrap-admin';
import { createAdmin } from '../../services/src/ops/admin/admin-accounts';
import { listPhoneCollisions } from '../../services/src/ops/admin/phone-collisions';
import { changePhone } from '../../services/src/ops/admin/change-phone';
import { createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const national = (phone: string) => phone.slice(3);

/**
 * Accounts as they were stored before phones were canonical (made once for the nested tests, for each
 * of them): one stored as typed with an order, two accounts for two spellings of one number (the older
 * as typed, with an order), and the fix marked as never run.
 */
const withLegacy = it.extend('legacy', { scope: 'file', auto: true }, async ({ t, postTo }) => {
  const placeBuy = async (token: string) => {
    const placed = await postTo('/api/orders/fiat-to-crypto', { fiatAmount: 2000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' }, token);
    expect(placed.status).toBe(201);
    return placed.body.order as { refCode: string; user: { phone: string } };
  };
  /** An account as one made before: its phone as typed (its orders then record that spelling). */
  const asTyped = async (phone: string, typed: string, createdAt = 'now()') => {
    const token = await createCustomer(t, phone);
    const id = (await json(t.call('GET', '/api/auth/me', { token }))).body._id as string;
    await t.database.pool.query(`update users set phone = $2, created_at = ${createdAt} where id = $1`, [id, typed]);
    // Written behind the API's back: its signed-in users see it once the database announces it.
    await waitFor('the API to see the phone as typed', async () => (await json(t.call('GET', '/api/auth/me', { token }))).body.phone === typed, 5_000);
    return { id, token };
  };

  const legacy = await asTyped('+919812345010', '9812345010');
  const order = await placeBuy(legacy.token);
  expect(order.user.phone).toBe('9812345010');
  // Two spellings of one number, two accounts: the older stored as typed, the newer canonical.
  const olderTwin = await asTyped('+919812345020', '09812345020', `now() - interval '1 day'`);
  const olderTwinRef = (await placeBuy(olderTwin.token)).refCode;
  await createCustomer(t, '+919812345020');
  const canonicalTwinId = (await t.database.pool.query(`select id from users where phone = '+919812345020'`)).rows[0].id as string;
  // As a database from before: the fix never ran.
  await t.database.pool.query(`delete from data_fixes where name = $1`, [CANONICAL_PHONES_FIX]);
  return {
    legacyId: legacy.id,
    legacyRef: order.refCode,
    olderTwinId: olderTwin.id,
    olderTwinRef,
    canonicalTwinId,
    asTyped,
    trail: () => new UserTrail(t.deps.eventStore),
    phoneOf: async (id: string) => (await t.database.pool.query(`select phone from users where id = $1`, [id])).rows[0].phone,
    canonicalised: async (id: string) => (await t.deps.eventStore.readStream(`user-${id}`)).filter((e) => e.type === 'UserPhoneCanonicalised'),
  };
});

describe('canonical phones', () => {
  it('signs the admin in with the number typed without its country code', async ({ postTo }) => {
    const spaced = `${national(ADMIN.phone).slice(0, 5)} ${national(ADMIN.phone).slice(5)}`;
    const signedIn = await postTo('/api/auth/login', { phone: spaced, password: ADMIN.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.phone).toBe(ADMIN.phone);
  });

  it('stores a new account canonical and refuses a second spelling of it', async ({ admin, postTo }) => {
    const made = await postTo('/api/admin/users', { phone: '098123-45001', password: 'secret1' }, admin);
    expect(made.status).toBe(201);
    expect(made.body.user.phone).toBe('+919812345001');
    expect(await postTo('/api/admin/users', { phone: '+91 98123 45001', password: 'secret1' }, admin)).toMatchObject({
      status: 409,
      body: { error: 'Phone number already exists' },
    });
    expect((await postTo('/api/auth/login', { phone: '919812345001', password: 'secret1' })).status).toBe(200);
  });

  it('registers by code under the canonical number, whichever spelling each step used', async ({ t, postTo }) => {
    expect((await postTo('/api/auth/register/otp/send', { phone: '9812345002' })).status).toBe(200);
    const code = await t.otpFor('+919812345002', 'register');
    expect((await postTo('/api/auth/register/otp/verify', { phone: '+91 98123-45002', otp: code })).status).toBe(200);
    const registered = await postTo('/api/auth/register', { username: 'Ravi', phone: '09812345002', password: 'secret12' });
    expect(registered.status).toBe(201);
    expect(registered.body.user.phone).toBe('+919812345002');
    expect(await postTo('/api/auth/register/otp/send', { phone: '+919812345002' })).toMatchObject({ status: 409 });
  });

  it('counts failed passwords against the number, not against each spelling', async ({ t, postTo }) => {
    await createCustomer(t, '+919812345003', 'right-one');
    for (const phone of ['9812345003', '+919812345003', '09812345003', '919812345003', '98123 45003']) {
      expect((await postTo('/api/auth/login', { phone, password: 'wrong-one' })).status).toBe(401);
    }
    const locked = await postTo('/api/auth/login', { phone: '+919812345003', password: 'right-one' });
    expect(locked.status).toBe(429);
  });

  it('sends sign-up codes only to numbers that are valid, so no kept spelling of a number becomes a second account', async ({ postTo }) => {
    for (const phone of ['+0091 98123 45002', '0919812345002', '+91919812345002']) {
      const refused = await postTo('/api/auth/register/otp/send', { phone });
      expect(refused).toMatchObject({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'phone', message: 'Enter a valid mobile number' }] },
      });
    }
  });

  describe('accounts stored before phones were canonical', () => {
    const it = withLegacy;

    it('rewrites them once, recording each change, and reports the account whose number another holds', async ({ t, legacy }) => {
      const { legacyId, olderTwinId, canonicalTwinId, trail, phoneOf, canonicalised } = legacy;
      const [first, second] = await Promise.all([canonicaliseStoredPhones(t.database.db, trail()), canonicaliseStoredPhones(t.database.db, trail())]);
      expect(first.changed + second.changed).toBe(1);
      const collision = { userId: olderTwinId, tenantId: 'default', heldBy: canonicalTwinId };
      expect(first.collisions).toEqual([collision]);
      expect(second.collisions).toEqual([collision]);
      const again = await canonicaliseStoredPhones(t.database.db, trail());
      expect(again).toMatchObject({ changed: 0, collisions: [collision] });

      expect(await phoneOf(legacyId)).toBe('+919812345010');
      expect(await phoneOf(olderTwinId)).toBe('09812345020');
      const spellings = await t.database.pool.query(`select user_id, spelling, phone, rewritten from phone_spellings order by phone`);
      expect(spellings.rows).toEqual([
        { user_id: legacyId, spelling: '9812345010', phone: '+919812345010', rewritten: true },
        { user_id: olderTwinId, spelling: '09812345020', phone: '+919812345020', rewritten: false },
      ]);
      const recorded = await canonicalised(legacyId);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.data).toMatchObject({ userId: legacyId, tenantId: 'default', phone: '+919812345010', previousPhone: '9812345010' });
      expect(recorded[0]!.metadata.actor).toEqual({ id: 'phone-canonicalisation', role: 'system' });
      expect(await canonicalised(olderTwinId)).toHaveLength(0);
      const stored = await t.database.pool.query(`select summary from data_fixes where name = $1`, [CANONICAL_PHONES_FIX]);
      expect(stored.rows[0].summary.collisions).toEqual([collision]);
    });

    it('looks again at accounts made since its last run (a process of the previous version), and at every account when the rules change', async ({
      t,
      legacy,
    }) => {
      const { asTyped, trail, phoneOf } = legacy;
      const late = await asTyped('+919812345030', '9812345030');
      const old = await asTyped('+919812345040', '9812345040', `now() - interval '1 year'`);
      const since = await canonicaliseStoredPhones(t.database.db, trail());
      expect(since.changed).toBe(1);
      expect(await phoneOf(late.id)).toBe('+919812345030');
      // A year old: older than the last run, so only a run over every account sees it.
      expect(await phoneOf(old.id)).toBe('9812345040');
      await t.database.pool.query(`update data_fixes set summary = jsonb_set(summary, '{rulesVersion}', '"older-rules"') where name = $1`, [
        CANONICAL_PHONES_FIX,
      ]);
      const everyAccount = await canonicaliseStoredPhones(t.database.db, trail());
      expect(everyAccount.changed).toBe(1);
      expect(everyAccount.checked).toBeGreaterThan(since.checked);
      expect(await phoneOf(old.id)).toBe('+919812345040');
    });

    it('signs the rewritten account in by any spelling', async ({ postTo }) => {
      for (const phone of ['9812345010', '+919812345010']) expect((await postTo('/api/auth/login', { phone, password: 'secret1' })).status).toBe(200);
    });

    it("finds the accounts' earlier orders by the canonical number and by the old spelling, a kept spelling's too", async ({ t, admin, legacy }) => {
      const { legacyRef, olderTwinRef } = legacy;
      await t.project();
      const cases: [string, string[]][] = [
        ['+919812345010', [legacyRef]],
        ['9812345010', [legacyRef]],
        ['098123-45010', [legacyRef]],
        ['+919812345020', [olderTwinRef]],
      ];
      for (const [phone, refs] of cases) {
        const listed = await json(t.call('GET', `/api/admin/orders?phone=${encodeURIComponent(phone)}`, { token: admin }));
        expect(listed.status).toBe(200);
        expect({ phone, refs: listed.body.items.map((o: { refCode: string }) => o.refCode), total: listed.body.total }).toEqual({
          phone,
          refs,
          total: refs.length,
        });
      }
    });

    it("finds them in compliance's search, as they stand and as they stood", async ({ t, legacy: { legacyRef } }) => {
      // Made as the admin CLI makes staff: on the admin screens a staff account waits for a second admin.
      await createStaff(t, { phone: '+919812345099', password: 'compliance1', roles: ['compliance'] });
      const officer = await t.login('+919812345099', 'compliance1');
      const asOf = new Date().toISOString();
      for (const query of ['', `&asOf=${encodeURIComponent(asOf)}`]) {
        const found = await json(t.call('GET', `/api/compliance/orders?search=${encodeURIComponent('+919812345010')}${query}`, { token: officer }));
        expect(found.status).toBe(200);
        expect(found.body.orders.map((o: { refCode: string }) => o.refCode)).toEqual([legacyRef]);
      }
    });

    it('never makes the holder of an unsettled number an admin, at start or from the CLI', async ({ t, legacy: { olderTwinId, canonicalTwinId } }) => {
      const settings = { NODE_ENV: 'production' as const, ADMIN_PHONE: '98123 45020', ADMIN_PASSWORD: 'chosen-password' };
      // The server still starts (customers are served, and the desk has its admin); the start-up gives no role to an existing account.
      await expect(ensureAdmin(t.database.db, t.deps.roles, 'default', settings)).resolves.toBe('declined');
      await expect(createAdmin({ db: t.database.db, roles: t.deps.roles }, { phone: '+919812345020', tenantId: 'default', password: null })).rejects.toThrow(
        `accounts ${olderTwinId} of this brand`,
      );
      expect((await t.database.pool.query(`select roles from users where id = $1`, [canonicalTwinId])).rows[0].roles).toEqual([]);
    });

    it("lists the collisions still to settle for the operator, until the kept account's phone is changed, which its trail records", async ({
      t,
      postTo,
      legacy,
    }) => {
      const { olderTwinId, canonicalTwinId, trail } = legacy;
      const names = new Map([['default', 'USDT Desk']]);
      expect(await listPhoneCollisions(t.database.db, names)).toEqual([
        expect.objectContaining({
          userId: olderTwinId,
          tenantId: 'default',
          brand: 'USDT Desk',
          keptPhone: '09812345020',
          phone: '+919812345020',
          heldBy: canonicalTwinId,
        }),
      ]);
      const deps = { db: t.database.db, trail: trail(), events: t.deps.eventStore };
      await expect(changePhone(deps, { userId: olderTwinId, phone: '+919812345020' })).rejects.toThrow(`is account ${canonicalTwinId}'s on this brand`);
      expect(await changePhone(deps, { userId: olderTwinId, phone: '+919812345021' })).toEqual({ outcome: 'changed', previousPhone: '09812345020' });
      expect(await listPhoneCollisions(t.database.db, names)).toEqual([]);
      const changed = (await t.deps.eventStore.readStream(`user-${olderTwinId}`)).filter((e) => e.type === 'UserPhoneChanged');
      expect(changed.map((e) => [e.data, e.metadata.actor])).toEqual([
        [expect.objectContaining({ userId: olderTwinId, phone: '+919812345021', previousPhone: '09812345020' }), { id: 'admin-cli', role: 'system' }],
      ]);
      expect((await postTo('/api/auth/login', { phone: '98123 45021', password: 'secret1' })).status).toBe(200);
      // Settled: the number's holder may now be made an admin.
      expect(
        (await createAdmin({ db: t.database.db, roles: t.deps.roles }, { phone: '+919812345020', tenantId: 'default', password: null, resetPassword: true }))
          .outcome,
      ).toBe('granted');
    });
  });
});
