/**
 * A brand's compliance officer never reads the operator's staff's ids in what they export: an
 * order's four-eyes request names its requester in its data, and the export withholds that data as
 * it withholds the staff's metadata (second security review, N5); the export still verifies. Nor do
 * a brand's admin and officer read them in order lists, the dashboard or the officer's order views
 * (third security review, F5).
 */
import { describe, expect } from 'vitest';
import { verifyAuditExport } from '../../platform/src/eventstore/chain/verify-audit-export';
import { json, setOwnPassword } from '../support/test-app';
import { it } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe("a brand officer's export and the operator's staff", () => {
  it('withholds the data of events that name the operator staff, and verifies', async ({ t }) => {
    const admin = await t.adminToken();
    const host = 'officer-ids.example';
    const tenantId = await createBrand(t, host);
    await createStaff(t, { phone: '+919175000001', password: 'secret21', roles: ['compliance'], tenantId });
    expect((await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919175000002', password: 'secret21', tenantId } })).status).toBe(201);
    const signIn = async (phone: string) =>
      (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'secret21' }, headers: { host } }))).body.token as string;
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const [officer, customer] = [await signIn('+919175000001'), await setOwnPassword(t, '+919175000002', 'secret21', host)];
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        headers: { host },
        body: { fiatAmount: 250000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      }),
    );
    const orderId = placed.body.order._id as string;
    const asked = await json(t.call('POST', `/api/admin/orders/${orderId}/complete`, { token: admin, body: {} }));
    expect(asked.status).toBe(202);
    const operatorId = (await json(t.call('GET', '/api/auth/me', { token: admin }))).body._id as string;

    const made = await json(t.call('POST', '/api/compliance/exports', { token: officer, headers: { host }, body: { orderIds: [orderId] } }));
    expect(made.status).toBe(201);
    const lines = (await (await t.app.request(made.body.url)).text()).trimEnd().split('\n');
    expect(lines.join('\n')).not.toContain(operatorId);
    const events = lines.slice(1, -1).map((line) => JSON.parse(line) as { type: string; withheld?: string[]; data: unknown });
    expect(events.map((e) => [e.type, e.withheld ?? []])).toEqual([
      ['OrderPlaced', []],
      ['CompletionRequested', ['data', 'metadata']],
    ]);
    const key = (await json(t.call('GET', '/api/compliance/signing-key', { token: officer, headers: { host } }))).body;
    expect(await verifyAuditExport(lines, key.fingerprint)).toMatchObject({ ok: true, problems: [], withheldCount: 1 });
  });

  it("leaves the operator's staff unnamed in a brand's order lists, dashboard and compliance views, and named to the operator", async ({ t }) => {
    const admin = await t.adminToken();
    const host = 'lists-ids.example';
    const tenantId = await createBrand(t, host);
    await createStaff(t, { phone: '+919175000011', password: 'secret21', roles: ['compliance'], tenantId });
    await createStaff(t, { phone: '+919175000012', password: 'secret21', roles: ['admin'], tenantId });
    const secondId = await createStaff(t, { phone: '+919175000013', password: 'secret21', roles: ['admin'] });
    const signIn = async (phone: string, on = host) =>
      (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'secret21' }, headers: { host: on } }))).body.token as string;
    const [officer, brandAdmin] = [await signIn('+919175000011'), await signIn('+919175000012')];
    const second = await t.login('+919175000013', 'secret21');
    // A customer who signed up on the brand's site.
    const phone = '+919175000014';
    await t.call('POST', '/api/auth/register/otp/send', { body: { phone }, headers: { host } });
    await t.call('POST', '/api/auth/register/otp/verify', { body: { phone, otp: await t.otpFor(phone, 'register') }, headers: { host } });
    const customer = (await json(t.call('POST', '/api/auth/register', { body: { username: 'Meera', phone, password: 'secret21' }, headers: { host } }))).body
      .token as string;
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        headers: { host },
        body: { fiatAmount: 250000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      }),
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.order._id as string;
    const asked = await json(t.call('POST', `/api/admin/orders/${orderId}/complete`, { token: admin, body: {} }));
    expect(asked.status).toBe(202);
    const approved = await json(
      t.call('POST', `/api/admin/orders/${orderId}/completion-request/confirm`, {
        token: second,
        body: { requestId: asked.body.order.completionRequest.requestId },
      }),
    );
    expect(approved.status).toBe(200);
    // Asked again (a re-quote): a pending request and an approval, each naming an operator admin.
    expect((await json(t.call('POST', `/api/admin/orders/${orderId}/complete`, { token: admin, body: { rate: '84' } }))).status).toBe(202);
    await t.project();
    const operatorId = (await json(t.call('GET', '/api/auth/me', { token: admin }))).body._id as string;

    const unnamed = { _id: null, phone: null, username: 'Operator' };
    const reads = {
      list: json(t.call('GET', '/api/admin/orders', { token: brandAdmin, headers: { host } })),
      dashboard: json(t.call('GET', '/api/admin/dashboard', { token: brandAdmin, headers: { host } })),
      officerList: json(t.call('GET', '/api/compliance/orders', { token: officer, headers: { host } })),
      officerOrder: json(t.call('GET', `/api/compliance/orders/${orderId}`, { token: officer, headers: { host } })),
    };
    const [list, dashboard, officerList, officerOrder] = await Promise.all(Object.values(reads));
    const orders = [list!.body.items[0], dashboard!.body.recentOrders[0], officerList!.body.orders[0], officerOrder!.body.order];
    for (const order of orders) {
      expect(order).toMatchObject({ _id: orderId, completionRequest: { requestedBy: unnamed }, payoutApproval: { approvedBy: unnamed } });
      expect(JSON.stringify(order)).not.toContain(operatorId);
      expect(JSON.stringify(order)).not.toContain(secondId);
    }
    // The operator's own admin reads who asked and who approved.
    const operatorList = await json(t.call('GET', `/api/admin/orders?tenantId=${tenantId}`, { token: admin }));
    expect(operatorList.body.items[0]).toMatchObject({
      completionRequest: { requestedBy: { _id: operatorId } },
      payoutApproval: { approvedBy: { _id: secondId } },
    });
  });
});
