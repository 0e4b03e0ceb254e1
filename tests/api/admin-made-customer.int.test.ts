/**
 * The third review's F4, the account side: a brand admin made a customer's account on the admin
 * screens (a phone nobody proved, a password of their choosing), signed in with it, ordered to a
 * wallet of their own and settled the orders alone. Now the maker is recorded (`users.created_by`,
 * which the four-eyes rule asks through `accountMaker`), and such an account places no order until
 * its holder sets their own password with a code sent to the phone.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json, setOwnPassword, type TestApp } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrandAdmin } from '../support/brands';
import { confirmPending } from '../support/desk-changes';
import { accountMaker, findUserById } from '../../services/src/identity/users.repository';
import { SET_OWN_PASSWORD_TO_ORDER } from '../../machines/src/identity/own-password-to-order';

const TRON = 'TFvF6WzyeRKMM8NcbddxL88mZXTeuUWA8Z';
const DOMAIN = 'made-customers.localhost';

// The brand and its admin, made once for the file, and calls as a browser on the brand's host sends them.
const it = withApp.extend('brand', { scope: 'file' }, async ({ t }) => {
  const call = (method: string, url: string, token: string | undefined, body?: unknown) =>
    json(t.call(method, url, { token, body, headers: { host: DOMAIN } }));
  const { token } = await createBrandAdmin(t, DOMAIN, '+919630000001');
  return {
    token,
    adminId: (await call('GET', '/api/auth/me', token)).body._id as string,
    call,
    buy: (customer: string) =>
      call('POST', '/api/orders/fiat-to-crypto', customer, { fiatAmount: 199000, network: 'TRC20', withdrawAddress: TRON, method: 'cash' }),
    sell: (customer: string) => call('POST', '/api/orders/crypto-to-fiat', customer, { cryptoAmount: 100, network: 'TRC20', method: 'cash' }),
    signIn: async (phone: string, password: string) => (await call('POST', '/api/auth/login', undefined, { phone, password })).body.token as string,
  };
});

describe('an account an admin made orders once its holder set their own password', () => {
  const orderEvents = async (t: TestApp) =>
    Number((await t.database.pool.query(`select count(*) from es_events where stream_id like 'order-%'`)).rows[0].count);
  const claims = async (t: TestApp, userId: string) =>
    Number((await t.database.pool.query('select count(*) from order_ref_codes where user_id = $1', [userId])).rows[0].count);

  it('the finding: the customer a brand admin made is refused an order, in words, and nothing is recorded', async ({ t, brand }) => {
    const { call, buy, sell, signIn, adminId: brandAdminId } = brand;
    const made = await call('POST', '/api/admin/users', brand.token, { phone: '+919630000061', password: 'made-by-ba-1' });
    expect(made.status).toBe(201);
    const customerId = made.body.user._id as string;
    expect(await accountMaker(t.database.db, customerId)).toBe(brandAdminId);
    expect(await findUserById(t.database.db, customerId)).toMatchObject({ created_by: brandAdminId, password_set_by_other: true });

    const token = await signIn('+919630000061', 'made-by-ba-1');
    const before = await orderEvents(t);
    for (const refused of [await buy(token), await sell(token)]) {
      expect(refused).toEqual({ status: 403, body: { error: SET_OWN_PASSWORD_TO_ORDER, code: 'phone_not_verified' } });
    }
    expect(await orderEvents(t)).toBe(before);
    expect(await claims(t, customerId)).toBe(0);
  });

  it("a change of password from the signed-in account does not lift it: whoever knew the admin's password could make it", async ({ brand }) => {
    const { call, buy, signIn } = brand;
    await call('POST', '/api/admin/users', brand.token, { phone: '+919630000062', password: 'made-by-ba-2' });
    const token = await signIn('+919630000062', 'made-by-ba-2');
    const changed = await call('POST', '/api/auth/change-password', token, { currentPassword: 'made-by-ba-2', newPassword: 'still-the-admins' });
    expect(changed.status).toBe(200);
    expect((await buy(changed.body.token)).body.code).toBe('phone_not_verified');
  });

  it('once its holder sets their own password with a code sent to the phone, it orders; who made it stays recorded', async ({ t, brand }) => {
    const made = await brand.call('POST', '/api/admin/users', brand.token, { phone: '+919630000063', password: 'made-by-ba-3' });
    const token = await setOwnPassword(t, '+919630000063', 'my-own-password', DOMAIN);
    const placed = await brand.buy(token);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'pending', fiatAmount: '199000' });
    expect(await accountMaker(t.database.db, made.body.user._id)).toBe(brand.adminId);
  });

  it('a customer who signed up is neither held nor made by anyone', async ({ t }) => {
    const token = await createCustomer(t, '+919630000064');
    const me = (await json(t.call('GET', '/api/auth/me', { token }))).body._id as string;
    expect(await accountMaker(t.database.db, me)).toBeNull();
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', { token, body: { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'cash' } }),
    );
    expect(placed.status).toBe(201);
  });

  it("a staff account's maker is the admin who asked for it, not the one who confirmed it", async ({ t, admin: operator }) => {
    const operatorId = (await json(t.call('GET', '/api/auth/me', { token: operator }))).body._id as string;
    const asked = await json(
      t.call('POST', '/api/admin/users', { token: operator, body: { phone: '+919630000065', password: 'officer-pass', roles: ['compliance'] } }),
    );
    expect(asked.status).toBe(202);
    await confirmPending(t, asked.body.change._id);
    const officer = await t.database.db.selectFrom('users').select(['id', 'created_by']).where('phone', '=', '+919630000065').executeTakeFirstOrThrow();
    expect(officer.created_by).toBe(operatorId);
  });

  it('names no maker for an id that is no account, or no uuid', async ({ t }) => {
    expect(await accountMaker(t.database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await accountMaker(t.database.db, 'not-a-uuid')).toBeNull();
  });
});
