/**
 * Edges of admin scope found in a review of the one-desk-many-brands change (decision 0014): each
 * test states what the decision or docs/api.md promises, and failed before its fix.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json, setOwnPassword } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { createBrand, createBrandAdmin } from '../support/brands';
import { resetForRebuild } from '../../projections/src/runtime/checkpoint-store';
import { tenantsProjection } from '../../projections/src/read-models/tenants/tenants.projection';
import { changeConfirmed, createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };

describe('admin scope: edges found in review', () => {
  let operator: string;

  it.beforeAll(async ({ t }) => {
    operator = await t.adminToken();
  });

  it('an operator admin cannot remove their own admin role by writing their id in capitals', async ({ t }) => {
    // ADR 0014: "An operator admin cannot remove their own admin role". The route compares the
    // path id with the signed-in id as strings, but PostgreSQL reads a uuid in any case.
    await createStaff(t, { phone: '+919500000001', password: 'secret12', roles: ['admin'] });
    const second = await t.login('+919500000001', 'secret12');
    const me = (await json(t.call('GET', '/api/auth/me', { token: second }))).body;
    const answer = await json(t.call('PUT', `/api/admin/users/${me._id.toUpperCase()}/roles`, { token: second, body: { roles: [] } }));
    expect(answer).toMatchObject({ status: 409, body: { code: 'own_admin_role' } });
    expect((await t.call('GET', '/api/admin/orders', { token: second })).status).toBe(200);
  });

  it("a deleted brand's admin stays signed out while the tenants read model is rebuilt", async ({ t }) => {
    // ADR 0014: a deleted brand's users' tokens are refused. The check reads rm_tenants, which a
    // rebuild (Projections screen) truncates and refills: until then the brand is not "deleted".
    const brand = await createBrandAdmin(t, 'gone.example', '+919500000002');
    // Deleting a brand waits for a second admin (decision 0030): confirmed from the server.
    expect((await changeConfirmed(t, 'DELETE', `/api/admin/tenants/${brand.tenantId}`, { token: operator })).confirmed).toBe(true);
    await t.project();
    expect((await t.call('GET', '/api/admin/orders', { token: brand.token })).status).toBe(401);

    await resetForRebuild(t.database.db, tenantsProjection, 0);
    t.deps.directory.invalidate();
    expect((await t.call('GET', '/api/admin/orders', { token: brand.token })).status).toBe(401);
    await t.project();
  });

  it("a deleted brand's admin is signed out at once by the process that deleted it, whatever the projector's lag", async ({ t }) => {
    // ADR 0014: "the process that deleted the brand notices at once". Here nothing projects (as when
    // the projector is down or more than READ_MODEL_WAIT_MS behind): the deletion is confirmed (it
    // waits for a second admin, decision 0030) and the brand's admin keeps acting on its orders.
    const brand = await createBrandAdmin(t, 'lagging.example', '+919500000003');
    expect((await changeConfirmed(t, 'DELETE', `/api/admin/tenants/${brand.tenantId}`, { token: operator })).confirmed).toBe(true);
    expect((await t.call('GET', '/api/admin/orders', { token: brand.token })).status).toBe(401);
    await t.project();
  });

  it("a brand admin reading an order's history does not see the operator admin's phone, IP or client", async ({ t }) => {
    // A brand admin sees their brand only; the operator's staff are users of the operator's brand,
    // which /api/admin/users refuses them (403), yet the history names them with phone, IP and client.
    const brand = await createBrandAdmin(t, 'history.example', '+919500000004');
    await t.call('POST', '/api/admin/users', { token: brand.token, body: { phone: '+919500000005', password: 'secret12' } });
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const customer = await setOwnPassword(t, '+919500000005', 'secret12', 'history.example');
    const order = (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order;
    await t.call('POST', `/api/admin/orders/${order._id}/verify`, {
      token: operator,
      body: {},
      headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'operator-laptop' },
    });
    const history = await json(t.call('GET', `/api/admin/orders/${order._id}/history`, { token: brand.token }));
    expect(history.status).toBe(200);
    const verified = JSON.stringify(history.body.events.at(-1));
    expect(verified).not.toContain('+919000000001');
    expect(verified).not.toContain('203.0.113.9');
    expect(verified).not.toContain('operator-laptop');
  });

  it('a brand id with a NUL character answers 400 or 404, never 500', async ({ t }) => {
    // docs/api.md: "No input answers 500". The new brand filters and the brand settings route pass
    // the id to PostgreSQL, which refuses a NUL byte in text.
    const answers = await Promise.all([
      t.call('GET', '/api/admin/orders?tenantId=%00', { token: operator }),
      t.call('GET', '/api/admin/users?tenantId=%00', { token: operator }),
      t.call('GET', '/api/admin/dashboard?tenantId=%00', { token: operator }),
      t.call('POST', '/api/admin/users', { token: operator, body: { phone: '+919500000006', password: 'secret12', tenantId: '\u0000' } }),
      t.call('GET', '/api/admin/tenants/%00/settings', { token: operator }),
      t.call('PUT', '/api/admin/tenants/%00/settings', { token: operator, body: { rates: { usdtInr: 90 } } }),
    ]);
    expect(answers.map((a) => a.status < 500)).toEqual(answers.map(() => true));
    // The export link is made for it, and the download is an empty 200.
    expect((await t.call('POST', '/api/admin/orders/export-link', { token: operator, body: { tenantId: '\u0000' } })).status).toBe(400);
  });

  it('a brand override limit that is not a whole number is a validation error, not a 500', async ({ t }) => {
    const brandId = await createBrand(t, 'limits.example');
    for (const limit of [
      { min: 1, max: 1e21 },
      { min: '1', max: 'abc' },
    ]) {
      const answer = await json(t.call('PUT', `/api/admin/tenants/${brandId}/settings`, { token: operator, body: { limits: { buyInr: limit } } }));
      expect(answer).toMatchObject({ status: 400, body: { error: 'validation_error', code: 'validation_error' } });
    }
  });

  it('refuses a NUL character anywhere in a request with 400, never 500', async ({ t }) => {
    const customer = await createCustomer(t, '+919500000007');
    const answers = await Promise.all([
      t.call('GET', '/api/admin/orders?refCode=%00', { token: operator }),
      t.call('GET', '/api/admin/orders?phone=%00', { token: operator }),
      t.call('GET', '/api/admin/orders?network=%00', { token: operator }),
      t.call('GET', '/api/admin/tenants/%00', { token: operator }),
      t.call('POST', '/api/admin/users', { token: operator, body: { username: 'a\u0000b', phone: '+919500000008', password: 'secret12' } }),
      t.call('POST', '/api/admin/orders/bulk/reject', { token: operator, body: { ids: ['00000000-0000-4000-8000-000000000000'], reason: 'x\u0000' } }),
      t.call('POST', '/api/orders/crypto-to-fiat', {
        token: customer,
        body: { cryptoAmount: 5, method: 'bank', bankAccount: { bankName: 'H\u0000', accountHolder: 'A', accountNumber: '1234567890', ifsc: 'HDFC0001234' } },
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 400));
    expect(await answers[0]!.json()).toMatchObject({ error: 'validation_error', code: 'validation_error' });
  });

  it('answers an unpaired surrogate, an id of the wrong shape or a cursor past the largest with 400 or 404, never 500', async ({ t }) => {
    const customer = await createCustomer(t, '+919500000009');
    const order = (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order;
    // Raw texts: JSON.stringify would write the surrogate as its escape, which is what a client sends.
    const lone = (note: string) => `{"note":"${note}"}`;
    const refused = await Promise.all([
      json(t.call('POST', `/api/orders/${order._id}/cancel`, { token: customer, body: lone('\\udfff') })),
      json(t.call('POST', `/api/admin/orders/${order._id}/reject`, { token: operator, body: lone('late \\ud800 note') })),
      json(t.call('POST', '/api/admin/orders/bulk/reject', { token: operator, body: `{"ids":["${order._id}"],"note":"\\udc00"}` })),
    ]);
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 400,
        body: {
          error: 'validation_error',
          code: 'validation_error',
          details: [{ path: 'body', message: 'Text must not contain unpaired surrogate characters' }],
        },
      });
    }
    expect((await json(t.call('GET', `/api/orders/${order._id}`, { token: customer }))).body.status).toBe('pending');
    // Every type hono parses as JSON is checked the same way.
    for (const type of ['application/vnd.api+json', 'Application/JSON; charset=utf-8']) {
      const answer = await json(
        t.call('POST', `/api/orders/${order._id}/cancel`, { token: customer, body: lone('\\udfff'), headers: { 'content-type': type } }),
      );
      expect(answer.status, type).toBe(400);
      const nul = await json(t.call('POST', `/api/orders/${order._id}/cancel`, { token: customer, body: lone('\\u0000'), headers: { 'content-type': type } }));
      expect(nul.status, type).toBe(400);
    }
    // A pair is a character like any other.
    const paired = await json(t.call('POST', `/api/orders/${order._id}/cancel`, { token: customer, body: lone('paid twice \\ud83d\\ude00') }));
    expect(paired.status).toBe(200);

    const oddId = '-'.repeat(36);
    expect((await t.call('PUT', `/api/user/wallet/${oddId}`, { token: customer, body: { label: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/user/bank-account/${'a'.repeat(36)}`, { token: customer })).status).toBe(404);

    await createStaff(t, { phone: '+919500000010', password: 'secret12', roles: ['compliance'] });
    const officer = await t.login('+919500000010', 'secret12');
    for (const path of [
      '/api/compliance/events?before=9999999999999999999',
      '/api/compliance/access?before=9223372036854775808',
      '/api/compliance/events?before=99999999999999999999',
    ]) {
      const answer = await json(t.call('GET', path, { token: officer }));
      expect(answer).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'before', message: 'before must be a cursor from the previous page' }] },
      });
    }
    expect((await t.call('GET', '/api/compliance/events?before=9223372036854775807', { token: officer })).status).toBe(200);
  });
});
