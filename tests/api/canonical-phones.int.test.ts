/**
 * One handset, one account per brand: every spelling of a phone signs in, signs up, counts
 * lock-outs and searches as its canonical form, and accounts stored before that are rewritten once
 * at start, with a trail event, their orders still found by either spelling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createCustomer, createTestApp, json, type TestApp } from '../support/test-app';
import { canonicaliseStoredPhones, CANONICAL_PHONES_FIX } from '../../services/src/identity/canonical-phones-fix';
import { UserTrail } from '../../services/src/identity/user-trail';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('canonical phones', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, token?: string) => json(t.call('POST', url, { body, token }));
  const national = (phone: string) => phone.slice(3);

  it('signs the admin in with the number typed without its country code', async () => {
    const spaced = `${national(ADMIN.phone).slice(0, 5)} ${national(ADMIN.phone).slice(5)}`;
    const signedIn = await post('/api/auth/login', { phone: spaced, password: ADMIN.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.phone).toBe(ADMIN.phone);
  });

  it('stores a new account canonical and refuses a second spelling of it', async () => {
    const made = await post('/api/admin/users', { phone: '098123-45001', password: 'secret1' }, admin);
    expect(made.status).toBe(201);
    expect(made.body.user.phone).toBe('+919812345001');
    expect(await post('/api/admin/users', { phone: '+91 98123 45001', password: 'secret1' }, admin)).toMatchObject({
      status: 409,
      body: { error: 'Phone number already exists' },
    });
    expect((await post('/api/auth/login', { phone: '919812345001', password: 'secret1' })).status).toBe(200);
  });

  it('registers by code under the canonical number, whichever spelling each step used', async () => {
    expect((await post('/api/auth/register/otp/send', { phone: '9812345002' })).status).toBe(200);
    const code = await t.otpFor('+919812345002', 'register');
    expect((await post('/api/auth/register/otp/verify', { phone: '+91 98123-45002', otp: code })).status).toBe(200);
    const registered = await post('/api/auth/register', { username: 'Ravi', phone: '09812345002', password: 'secret12' });
    expect(registered.status).toBe(201);
    expect(registered.body.user.phone).toBe('+919812345002');
    expect(await post('/api/auth/register/otp/send', { phone: '+919812345002' })).toMatchObject({ status: 409 });
  });

  it('counts failed passwords against the number, not against each spelling', async () => {
    await createCustomer(t, '+919812345003', 'right-one');
    for (const phone of ['9812345003', '+919812345003', '09812345003', '919812345003', '98123 45003']) {
      expect((await post('/api/auth/login', { phone, password: 'wrong-one' })).status).toBe(401);
    }
    const locked = await post('/api/auth/login', { phone: '+919812345003', password: 'right-one' });
    expect(locked.status).toBe(429);
  });

  describe('accounts stored before phones were canonical', () => {
    let legacyId: string;
    let olderTwinId: string;
    let canonicalTwinId: string;
    let orderRef: string;

    beforeAll(async () => {
      const token = await createCustomer(t, '+919812345010');
      legacyId = (await json(t.call('GET', '/api/auth/me', { token }))).body._id;
      // As an account made before: its phone as typed, and an order that recorded it.
      await t.database.pool.query(`update users set phone = '9812345010' where id = $1`, [legacyId]);
      const placed = await post('/api/orders/fiat-to-crypto', { fiatAmount: 2000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' }, token);
      expect(placed.status).toBe(201);
      expect(placed.body.order.user.phone).toBe('9812345010');
      orderRef = placed.body.order.refCode;
      // Two spellings of one number, two accounts: the older is stored as typed, the newer canonical.
      await createCustomer(t, '+919812345020');
      olderTwinId = (await t.database.pool.query(`select id from users where phone = '+919812345020'`)).rows[0].id;
      await t.database.pool.query(`update users set phone = '09812345020', created_at = now() - interval '1 day' where id = $1`, [olderTwinId]);
      await createCustomer(t, '+919812345020');
      canonicalTwinId = (await t.database.pool.query(`select id from users where phone = '+919812345020'`)).rows[0].id;
      await t.database.pool.query(`delete from data_fixes where name = $1`, [CANONICAL_PHONES_FIX]);
    });

    it('rewrites them once, recording each change, and reports the account whose number another holds', async () => {
      const trail = new UserTrail(t.deps.eventStore);
      const [first, second] = await Promise.all([canonicaliseStoredPhones(t.database.db, trail), canonicaliseStoredPhones(t.database.db, trail)]);
      const summary = first ?? second;
      expect([first, second].filter((s) => s === null)).toHaveLength(1);
      expect(summary).toMatchObject({ changed: 1, collisions: [{ userId: olderTwinId, tenantId: 'default', heldBy: canonicalTwinId }] });
      expect(await canonicaliseStoredPhones(t.database.db, trail)).toBeNull();

      const phoneOf = async (id: string) => (await t.database.pool.query(`select phone from users where id = $1`, [id])).rows[0].phone;
      expect(await phoneOf(legacyId)).toBe('+919812345010');
      expect(await phoneOf(olderTwinId)).toBe('09812345020');
      const changes = await t.database.pool.query(`select user_id, previous_phone, phone from user_phone_changes`);
      expect(changes.rows).toEqual([{ user_id: legacyId, previous_phone: '9812345010', phone: '+919812345010' }]);
      const recorded = (await t.deps.eventStore.readStream(`user-${legacyId}`)).filter((e) => e.type === 'UserPhoneCanonicalised');
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.data).toMatchObject({ userId: legacyId, tenantId: 'default', phone: '+919812345010', previousPhone: '9812345010' });
      expect(recorded[0]!.metadata.actor).toEqual({ id: 'phone-canonicalisation', role: 'system' });
      const stored = await t.database.pool.query(`select summary from data_fixes where name = $1`, [CANONICAL_PHONES_FIX]);
      expect(stored.rows[0].summary.collisions).toEqual([{ userId: olderTwinId, tenantId: 'default', heldBy: canonicalTwinId }]);
    });

    it('signs the rewritten account in by any spelling', async () => {
      for (const phone of ['9812345010', '+919812345010']) expect((await post('/api/auth/login', { phone, password: 'secret1' })).status).toBe(200);
    });

    it("finds the account's earlier orders by the canonical number and by the old spelling", async () => {
      await t.project();
      for (const phone of ['+919812345010', '9812345010', '098123-45010']) {
        const listed = await json(t.call('GET', `/api/admin/orders?phone=${encodeURIComponent(phone)}`, { token: admin }));
        expect(listed.status).toBe(200);
        expect({ phone, refs: listed.body.items.map((o: { refCode: string }) => o.refCode), total: listed.body.total }).toEqual({
          phone,
          refs: [orderRef],
          total: 1,
        });
      }
    });

    it("finds them in compliance's search, as they stand and as they stood", async () => {
      const made = await post('/api/admin/users', { phone: '+919812345099', password: 'compliance1', roles: ['compliance'] }, admin);
      expect(made.status).toBe(201);
      const officer = await t.login('+919812345099', 'compliance1');
      const asOf = new Date().toISOString();
      for (const query of ['', `&asOf=${encodeURIComponent(asOf)}`]) {
        const found = await json(t.call('GET', `/api/compliance/orders?search=${encodeURIComponent('+919812345010')}${query}`, { token: officer }));
        expect(found.status).toBe(200);
        expect(found.body.orders.map((o: { refCode: string }) => o.refCode)).toEqual([orderRef]);
      }
    });
  });
});
