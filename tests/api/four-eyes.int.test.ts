/**
 * Four eyes over HTTP: above the threshold (Global Settings, overridable per brand) Complete and
 * Approve record a request; only a different admin confirms it, on the request's terms; while it
 * waits it holds the order (no reject, payout or new request until it is answered or withdrawn);
 * the admin list filters what waits for a second admin.
 */
import { describe, expect } from 'vitest';
import { SAME_ADMIN } from '../../machines/src/order/order.decide';
import { createCustomer, json, setOwnPassword } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand, createBrandAdmin } from '../support/brands';
import { changeConfirmed, createStaff } from '../support/desk-changes';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SECOND_ADMIN = { phone: '+919190000101', password: 'second-admin' };

describe('four eyes above a threshold', () => {
  let second: string;
  let secondId: string;
  let asha: string;

  const it = withApp
    .extend('paidBuy', ({ t }) => async (token: string, fiatAmount: number, host?: string) => {
      const headers: Record<string, string> = host ? { host } : {};
      const placed = await json(
        t.call('POST', '/api/orders/fiat-to-crypto', { token, headers, body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
      );
      expect(placed.status).toBe(201);
      const order = placed.body.order as { _id: string };
      expect(
        (await t.call('POST', `/api/orders/${order._id}/upload`, { token, headers, body: { bankReference: `UTR${Date.now()}${fiatAmount}` } })).status,
      ).toBe(200);
      return order._id;
    })
    /** Complete with no payout reference: above the threshold it asks a second admin to approve the payout. */
    .extend(
      'complete',
      ({ t }) =>
        (token: string, id: string, body: Record<string, unknown> = {}) =>
          json(t.call('POST', `/api/admin/orders/${id}/complete`, { token, body })),
    )
    .extend(
      'eventTypes',
      ({ t, admin }) =>
        async (id: string) =>
          ((await json(t.call('GET', `/api/admin/orders/${id}/history`, { token: admin }))).body.events as { type: string }[]).map((e) => e.type),
    );

  it.beforeAll(async ({ t, admin }) => {
    // Made as the admin CLI makes staff: on the admin screens a staff account waits for a second admin.
    secondId = await createStaff(t, { ...SECOND_ADMIN, username: 'second admin', roles: ['admin'] });
    second = await t.login(SECOND_ADMIN.phone, SECOND_ADMIN.password);
    asha = await createCustomer(t, '+919190000102');
    const saved = await json(t.call('PUT', '/api/admin/settings', { token: admin, body: { controls: { fourEyesAboveInr: 5000 } } }));
    expect(saved.body.controls).toMatchObject({ fourEyesAboveInr: 5000 });
  });

  it('asks for approval above the threshold, refuses the requester, and the payout is recorded once a different admin approved it', async ({
    t,
    admin,
    complete,
    adminOrder,
  }) => {
    // No proof yet (cash at the counter): the rate lock leaves a re-quote to the desk (rate-lock.ts).
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', { token: asha, body: { fiatAmount: 6000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
    );
    const id = placed.body.order._id as string;
    const asked = await complete(admin, id, { rate: '90' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      pendingConfirmation: true,
      order: {
        status: 'pending',
        completionRequest: {
          mode: 'complete',
          cryptoReference: null,
          rate: '90',
          thresholdInr: '5000',
          reasons: ['above_threshold', 'requote_outside_band'],
        },
      },
    });
    const { requestId } = asked.body.order.completionRequest;

    const own = await json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token: admin, body: { requestId } }));
    expect(own).toMatchObject({ status: 403, body: { code: 'four_eyes', error: SAME_ADMIN } });
    const stale = await json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token: second, body: { requestId: crypto.randomUUID() } }));
    expect(stale).toMatchObject({ status: 409, body: { code: 'completion_request_changed' } });
    expect((await adminOrder(id)).completionRequest.requestedBy).toMatchObject({ phone: '+919000000001' });

    const confirmed = await json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token: second, body: { requestId } }));
    expect(confirmed).toMatchObject({
      status: 200,
      body: { order: { status: 'pending', completionRequest: null, payoutApproval: { requestId, rate: '90' } } },
    });
    expect((await adminOrder(id)).payoutApproval.approvedBy).toMatchObject({ _id: secondId });
    // The payout is sent and recorded on the approved terms: the rate approved is the rate settled.
    const done = await complete(admin, id, { cryptoReference: '0xbig' });
    expect(done).toMatchObject({ status: 200, body: { order: { status: 'completed', rate: '90', cryptoReference: '0xbig' } } });
    const history = (await json(t.call('GET', `/api/admin/orders/${id}/history`, { token: admin }))).body.events as { type: string; data: any; actor: any }[];
    expect(history.map((e) => e.type)).toEqual(['OrderPlaced', 'CompletionRequested', 'PayoutApproved', 'OrderCompleted']);
    expect(history[2]!.data).toMatchObject({ requestId, approvedBy: secondId });
    expect(history[3]!.data.approved).toMatchObject({ requestId, approvedBy: secondId });
  });

  it('completes at or below the threshold at once', async ({ admin, paidBuy, complete }) => {
    const id = await paidBuy(asha, 5000);
    expect(await complete(admin, id, { cryptoReference: '0xsettled' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
  });

  it("keeps a pending request through the customer's extra proof until a second admin declines it; while one waits, nobody rejects or asks again until it is withdrawn", async ({
    t,
    admin,
    paidBuy,
    complete,
    adminOrder,
    eventTypes,
  }) => {
    const id = await paidBuy(asha, 7000);
    const first = (await complete(admin, id)).body.order.completionRequest.requestId;
    // The customer sends another proof: it leaves the request's terms as they were, and is noted on it.
    await t.call('POST', `/api/orders/${id}/upload`, { token: asha, body: { bankReference: 'UTRSECONDPART1' } });
    expect((await adminOrder(id)).completionRequest).toMatchObject({ requestId: first, evidenceSince: [{ kind: 'proof', detail: 'UTRSECONDPART1' }] });

    const declined = await json(
      t.call('POST', `/api/admin/orders/${id}/completion-request/decline`, { token: second, body: { requestId: first, note: 'UTR not on the statement' } }),
    );
    expect(declined).toMatchObject({ status: 200, body: { order: { status: 'pending', completionRequest: null } } });
    const late = await json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token: second, body: { requestId: first } }));
    expect(late).toMatchObject({ status: 409, body: { code: 'no_completion_request' } });
    expect(await eventTypes(id)).toEqual(['OrderPlaced', 'ProofSubmitted', 'CompletionRequested', 'ProofSubmitted', 'CompletionRequestDeclined']);

    // A reject needs no second admin, but a pending request holds the order (pending-request.ts): nobody
    // rejects, re-asks or records a payout under it, the requester included; they withdraw it first.
    const again = (await complete(admin, id)).body.order.completionRequest.requestId;
    const reject = (token: string) => json(t.call('POST', `/api/admin/orders/${id}/reject`, { token, body: { reasonCode: 'utr_not_found' } }));
    for (const token of [admin, second]) expect(await reject(token)).toMatchObject({ status: 409, body: { code: 'completion_request_pending' } });
    expect(await complete(admin, id, { rate: '80' })).toMatchObject({ status: 409, body: { code: 'completion_request_pending' } });
    const bulk = await json(t.call('POST', '/api/admin/orders/bulk/reject', { token: second, body: { ids: [id], reasonCode: 'utr_not_found' } }));
    expect(bulk.body).toMatchObject({ succeeded: 0, results: [{ id, ok: false, code: 'completion_request_pending' }] });
    expect((await adminOrder(id)).completionRequest).toMatchObject({ requestId: again });
    const withdrawn = await json(t.call('POST', `/api/admin/orders/${id}/completion-request/decline`, { token: admin, body: { requestId: again } }));
    expect(withdrawn).toMatchObject({ status: 200, body: { message: 'Completion request withdrawn', order: { completionRequest: null } } });
    expect(await reject(admin)).toMatchObject({ status: 200, body: { order: { status: 'rejected' } } });
    expect((await eventTypes(id)).slice(-3)).toEqual(['CompletionRequested', 'CompletionRequestDeclined', 'OrderRejected']);
  });

  it('lists what waits for a second admin, and never shows the request to the customer', async ({ t, admin, paidBuy, complete, adminOrder }) => {
    const id = await paidBuy(asha, 8000);
    await complete(second, id);
    await t.project();
    const waiting = (await json(t.call('GET', '/api/admin/orders?awaiting=confirmation', { token: admin }))).body;
    expect(waiting.items.map((o: { _id: string }) => o._id)).toEqual([id]);
    expect(waiting.total).toBe(1);
    const mine = (await json(t.call('GET', `/api/orders/${id}`, { token: asha }))).body;
    expect(mine.status).toBe('pending');
    expect(JSON.stringify(mine)).not.toContain('completionRequest');
    // Nor does the public configuration tell anyone the threshold.
    expect((await json(t.call('GET', '/api/config/public'))).body.controls).toBeUndefined();

    await t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, {
      token: admin,
      body: { requestId: (await adminOrder(id)).completionRequest.requestId },
    });
    await t.project();
    expect((await json(t.call('GET', '/api/admin/orders?awaiting=confirmation', { token: admin }))).body.total).toBe(0);
  });

  it("follows a brand's own threshold over the global one", async ({ t, admin, paidBuy, complete }) => {
    const host = 'fours.example';
    const tenantId = await createBrand(t, host);
    // A higher threshold than the global ₹5,000 loosens four eyes for the brand: a second admin confirms it (decision 0030).
    const override = await changeConfirmed(t, 'PUT', `/api/admin/tenants/${tenantId}/settings`, {
      token: admin,
      body: { controls: { fourEyesAboveInr: 100000 } },
    });
    expect(override).toMatchObject({ status: 202, confirmed: true });
    // A customer who signed up there: one an admin made would need a second admin to pay out (made by the settling admin).
    const id = await paidBuy(await createCustomer(t, '+919190000103', 'secret1', { tenantId, host }), 50000, host);
    expect(await complete(admin, id, { cryptoReference: '0xsettled' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
  });

  it("names the operator's staff who asked to a brand admin only as the Operator (decision 0014)", async ({ t, admin, paidBuy, complete, adminOrder }) => {
    const host = 'fours-named.example';
    const brand = await createBrandAdmin(t, host, '+919190000104');
    await t.call('POST', '/api/admin/users', { token: brand.token, body: { phone: '+919190000105', password: 'secret1' } });
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const id = await paidBuy(await setOwnPassword(t, '+919190000105', 'secret1', host), 6000, host);
    expect((await complete(admin, id)).status).toBe(202);
    const seenByBrand = await json(t.call('GET', `/api/admin/orders/${id}`, { token: brand.token, headers: { host } }));
    expect(seenByBrand.body.completionRequest.requestedBy).toEqual({ _id: null, phone: null, username: 'Operator' });
    // Nor does the history's data name them (security review F10): the id is withheld, as the actor is.
    const operatorId = (await adminOrder(id)).completionRequest.requestedBy._id as string;
    const brandHistory = await json(t.call('GET', `/api/admin/orders/${id}/history`, { token: brand.token, headers: { host } }));
    const asked = (brandHistory.body.events as { type: string; data: { requestedBy: string | null } }[]).find((e) => e.type === 'CompletionRequested')!;
    expect(asked.data.requestedBy).toBeNull();
    expect(JSON.stringify(brandHistory.body)).not.toContain(operatorId);
    const operatorHistory = await json(t.call('GET', `/api/admin/orders/${id}/history`, { token: admin }));
    expect(JSON.stringify(operatorHistory.body)).toContain(operatorId);
    expect((await adminOrder(id)).completionRequest.requestedBy).toMatchObject({ phone: '+919000000001' });
  });
});
