/**
 * The security review's money findings, reproduced over HTTP as the reviewer did them (issue 27),
 * each answered by the rule that now holds:
 * - high: a ₹1,000 buy re-quoted at 0.01 by one admin paid out 100,000 USDT under a ₹2,00,000
 *   threshold. Four eyes now values the USDT too, and a re-quote outside the band needs a second admin;
 * - medium: a late proof revived an expired order after another was placed, doubling what the
 *   customer held past their limit. The revival now re-checks the limits, flags the order, and
 *   completing it needs a second admin;
 * - low: a re-quote could pay out nothing; a customer voided a pending completion with another proof.
 */
import { describe, expect } from 'vitest';
import { ADMIN, createCustomer, json, setOwnPassword } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { confirmPending, createStaff } from '../support/desk-changes';
import { REQUOTE_PAYS_NOTHING } from '../../machines/src/order/order.decide';
import { paidWithinRateLock } from '../../machines/src/order/rate-lock';
import { OWN_ORDER, PAYOUT_NEEDS_APPROVAL } from '../../machines/src/order/four-eyes';
import { PAYOUT_APPROVED } from '../../services/src/orders/admin-order.routes';
import { createBrand } from '../support/brands';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SECOND = { phone: '+919744000002', password: 'second-admin', roles: ['admin'] };

// The second admin (made once for the file, for every test) and the calls the findings make: a buy,
// an admin's completion, and a completion request's confirmation.
const it = withApp.extend('desk', { scope: 'file', auto: true }, async ({ t }) => {
  await createStaff(t, SECOND);
  return {
    second: await t.login(SECOND.phone, SECOND.password),
    async buy(token: string, fiatAmount: number) {
      const placed = await json(
        t.call('POST', '/api/orders/fiat-to-crypto', { token, body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
      );
      expect(placed.status).toBe(201);
      return placed.body.order as { _id: string; rate: string };
    },
    complete: (token: string, id: string, body: Record<string, unknown>) => json(t.call('POST', `/api/admin/orders/${id}/complete`, { token, body })),
    confirm: (token: string, id: string, requestId: string) =>
      json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token, body: { requestId } })),
  };
});

describe('money controls that hold', () => {
  it('high: one admin cannot re-quote a ₹1,000 buy at 0.01 into 100,000 USDT; a second admin must approve the payout first', async ({
    t,
    admin,
    adminOrder,
    desk,
  }) => {
    const { second, buy, complete, confirm } = desk;
    const customer = await createCustomer(t, '+919744000010');
    // A cash buy with no proof to date the payment: the rate lock leaves a re-quote to the desk.
    const { _id } = await buy(customer, 1000);
    // With the payout's reference, the money would have left already: refused.
    expect(await complete(admin, _id, { cryptoReference: '0xpayout', rate: '0.01' })).toMatchObject({
      status: 409,
      body: { code: 'payout_needs_approval', error: PAYOUT_NEEDS_APPROVAL },
    });
    const asked = await complete(admin, _id, { rate: '0.01' });
    expect(asked.status).toBe(202);
    expect(asked.body.order).toMatchObject({
      status: 'pending',
      completionRequest: { rate: '0.01', cryptoAmount: '100000.00', reasons: ['above_threshold', 'requote_outside_band'], thresholdInr: '200000' },
    });
    expect(Number(asked.body.order.completionRequest.valueInr)).toBeGreaterThan(200000);
    const { requestId } = asked.body.order.completionRequest;
    expect((await confirm(admin, _id, requestId)).status).toBe(403);
    expect((await adminOrder(_id)).status).toBe('pending');
    // The second admin approves the payout; only then is it sent and recorded.
    expect(await confirm(second, _id, requestId)).toMatchObject({
      status: 200,
      body: { message: PAYOUT_APPROVED, order: { status: 'pending', payoutApproval: { requestId, rate: '0.01', cryptoAmount: '100000.00' } } },
    });
    expect(await complete(admin, _id, { cryptoReference: '0xpayout' })).toMatchObject({
      status: 200,
      body: { order: { status: 'completed', rate: '0.01', cryptoAmount: '100000.00', cryptoReference: '0xpayout' } },
    });
  });

  it('medium: the USDT of a large buy cannot be recorded as sent before a second admin approved the payout', async ({ t, admin, adminOrder, desk }) => {
    const { second, buy, complete, confirm } = desk;
    const customer = await createCustomer(t, '+919744000014');
    const { _id } = await buy(customer, 300000);
    expect((await t.call('POST', `/api/orders/${_id}/upload`, { token: customer, body: { bankReference: 'UTR7440014' } })).status).toBe(200);
    expect((await json(t.call('POST', `/api/admin/orders/${_id}/verify`, { token: admin, body: {} }))).body.order.status).toBe('fiat_received');
    expect((await adminOrder(_id)).payoutAwaitsApproval).toBe(true);
    const early = await json(t.call('POST', `/api/admin/orders/${_id}/crypto-sent`, { token: admin, body: { cryptoReference: '0xEARLY' } }));
    expect(early).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
    const asked = await complete(admin, _id, {});
    expect(asked.status).toBe(202);
    await confirm(second, _id, asked.body.order.completionRequest.requestId);
    expect((await adminOrder(_id)).payoutAwaitsApproval).toBe(false);
    const sent = await json(t.call('POST', `/api/admin/orders/${_id}/crypto-sent`, { token: admin, body: { cryptoReference: '0xAPPROVED' } }));
    expect(sent).toMatchObject({ status: 200, body: { order: { status: 'crypto_sent' } } });
    expect(await complete(admin, _id, {})).toMatchObject({ status: 200, body: { order: { status: 'completed', cryptoReference: '0xAPPROVED' } } });
    const types = ((await json(t.call('GET', `/api/admin/orders/${_id}/history`, { token: admin }))).body.events as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['OrderPlaced', 'ProofSubmitted', 'OrderVerified', 'CompletionRequested', 'PayoutApproved', 'CryptoSent', 'OrderCompleted']);
  });

  it("medium: one person's second staff account cannot confirm their own request", async ({ t, admin, desk: { complete } }) => {
    // The requesting admin's own phone, as a brand admin's account (made at the server, as a bootstrap could).
    const host = 'same-person.example';
    const tenantId = await createBrand(t, host);
    await createStaff(t, { phone: ADMIN.phone, password: 'other-account', roles: ['admin'], tenantId });
    const login = (phone: string, password: string) => json(t.call('POST', '/api/auth/login', { headers: { host }, body: { phone, password } }));
    const sameManElsewhere = (await login(ADMIN.phone, 'other-account')).body.token as string;
    expect((await json(t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919744000015', password: 'secret1', tenantId } }))).status).toBe(
      201,
    );
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const customer = await setOwnPassword(t, '+919744000015', 'secret1', host);
    const body = { fiatAmount: 250000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };
    const placed = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, headers: { host }, body }));
    const asked = await complete(admin, placed.body.order._id, {});
    expect(asked.status).toBe(202);
    const own = await json(
      t.call('POST', `/api/admin/orders/${placed.body.order._id}/completion-request/confirm`, {
        token: sameManElsewhere,
        headers: { host },
        body: { requestId: asked.body.order.completionRequest.requestId },
      }),
    );
    expect(own).toMatchObject({ status: 403, body: { code: 'four_eyes' } });
  });

  it('refuses a re-quote of a payment the customer proved within the rate lock, and one that pays out nothing', async ({ t, admin, adminOrder, desk }) => {
    const { buy, complete } = desk;
    const customer = await createCustomer(t, '+919744000011');
    const placed = await buy(customer, 1000);
    expect((await t.call('POST', `/api/orders/${placed._id}/upload`, { token: customer, body: { bankReference: 'UTR7440011' } })).status).toBe(200);
    expect(await complete(admin, placed._id, { rate: '0.01' })).toMatchObject({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'rate', message: paidWithinRateLock(placed.rate) }] },
    });
    // With a 1 % fee, ₹1,000 at 100,000 is 0.01 USDT gross and a 0.01 fee: nothing to pay out.
    expect((await t.call('PUT', '/api/admin/settings', { token: admin, body: { fees: { fiatToCryptoPercent: 1 } } })).status).toBe(200);
    try {
      const unproved = await buy(customer, 1000);
      expect(await complete(admin, unproved._id, { rate: '100000' })).toMatchObject({
        status: 400,
        body: { details: [{ path: 'rate', message: REQUOTE_PAYS_NOTHING }] },
      });
      expect((await adminOrder(unproved._id)).status).toBe('pending');
    } finally {
      await t.call('PUT', '/api/admin/settings', { token: admin, body: { fees: { fiatToCryptoPercent: 0 } } });
    }
  });

  it('medium: a late proof that revives an expired order past the limit flags it, and completing it needs a second admin', async ({
    t,
    admin,
    adminOrder,
    desk,
  }) => {
    const { second, buy, complete, confirm } = desk;
    const lateRevival = async () => {
      const customer = await createCustomer(t, '+919744000012');
      const first = await buy(customer, 10000);
      await t.deps.orders.commands.expire(first._id, 'test', new Date(Date.now() + 61 * 60_000));
      await t.project();
      // The expired order holds nothing: a second one fits the limit.
      const next = await buy(customer, 10000);
      const late = await json(t.call('POST', `/api/orders/${first._id}/upload`, { token: customer, body: { bankReference: 'UTRLATE74412' } }));
      expect(late.status).toBe(200);
      const flagged = await adminOrder(first._id);
      expect(flagged.flags).toEqual([
        expect.objectContaining({
          kind: 'over_customer_limit',
          relatedOrderId: null,
          limit: { window: 'daily', limitInr: '10000', usedInr: '10000', orderInr: '10000' },
        }),
      ]);
      // Re-quoted at its own rate (a late payment names one), by one admin: a request, not a completion.
      const asked = await complete(admin, first._id, { rate: first.rate });
      expect(asked).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['over_customer_limit'] } } } });
      expect(await confirm(second, first._id, asked.body.order.completionRequest.requestId)).toMatchObject({ status: 200, body: { message: PAYOUT_APPROVED } });
      expect(await complete(admin, first._id, { cryptoReference: '0xlate' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
      // The other order is untouched and unflagged.
      expect((await adminOrder(next._id)).flags).toEqual([]);
    };
    const saved = await json(t.call('PUT', '/api/admin/settings', { token: admin, body: { controls: { customerDailyInr: 10000 } } }));
    expect(saved.status).toBe(200);
    try {
      await lateRevival();
    } finally {
      // Lifting a limit waits for a second admin: confirmed from the server, as a test's set-up may.
      const lifted = await json(t.call('PUT', '/api/admin/settings', { token: admin, body: { controls: { customerDailyInr: 1000000 } } }));
      if (lifted.status === 202) await confirmPending(t, lifted.body.change._id);
    }
  });

  it("low: a customer's extra proof no longer voids a pending completion; it is noted on the request", async ({ t, admin, adminOrder, desk }) => {
    const { second, buy, complete, confirm } = desk;
    const customer = await createCustomer(t, '+919744000013');
    const placed = await buy(customer, 250000);
    await t.call('POST', `/api/orders/${placed._id}/upload`, { token: customer, body: { bankReference: 'UTR7440013A' } });
    const asked = await complete(admin, placed._id, {});
    expect(asked.status).toBe(202);
    const { requestId } = asked.body.order.completionRequest;
    expect((await t.call('POST', `/api/orders/${placed._id}/upload`, { token: customer, body: { bankReference: 'UTR7440013B' } })).status).toBe(200);
    expect((await adminOrder(placed._id)).completionRequest).toMatchObject({ requestId, evidenceSince: [{ kind: 'proof', detail: 'UTR7440013B' }] });
    expect(await confirm(second, placed._id, requestId)).toMatchObject({ status: 200, body: { message: PAYOUT_APPROVED } });
  });

  it("medium (second review): an admin's own order, placed from their account, is never theirs alone to pay out", async ({ t, admin, desk }) => {
    const { second, buy, complete, confirm } = desk;
    // The operator admin buys ₹1,50,000, under the threshold, on their own account.
    const { _id } = await buy(admin, 150000);
    expect((await json(t.call('POST', `/api/admin/orders/${_id}/verify`, { token: admin, body: {} }))).status).toBe(200);
    expect(await complete(admin, _id, { cryptoReference: '0xTOMYSELF' })).toMatchObject({
      status: 409,
      body: { code: 'payout_needs_approval', error: OWN_ORDER },
    });
    const asked = await complete(admin, _id, {});
    expect(asked).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['own_order'] } } } });
    // The second admin is not the payee, and approves; then the payout is recorded.
    expect((await confirm(second, _id, asked.body.order.completionRequest.requestId)).status).toBe(200);
    expect(await complete(admin, _id, { cryptoReference: '0xAPPROVED' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
  });

  it('medium (second review): once the USDT is recorded as sent, its terms are final: no re-quote to approve afterwards', async ({ t, admin, desk }) => {
    const { buy, complete } = desk;
    const customer = await createCustomer(t, '+919744000016');
    const { _id } = await buy(customer, 100000);
    await json(t.call('POST', `/api/admin/orders/${_id}/verify`, { token: admin, body: {} }));
    expect((await json(t.call('POST', `/api/admin/orders/${_id}/crypto-sent`, { token: admin, body: { cryptoReference: '0xSENT' } }))).status).toBe(200);
    const requote = await complete(admin, _id, { rate: '1' });
    expect(requote).toMatchObject({ status: 400, body: { details: [{ path: 'rate' }] } });
    expect(await complete(admin, _id, {})).toMatchObject({ status: 200, body: { order: { status: 'completed', rate: expect.not.stringMatching(/^1$/) } } });
  });

  it('medium (second review): an approval ends when the order expires; the late payment needs deciding again', async ({ t, admin, adminOrder, desk }) => {
    const { second, buy, complete, confirm } = desk;
    const customer = await createCustomer(t, '+919744000017');
    const { _id } = await buy(customer, 300000);
    const asked = await complete(admin, _id, {});
    expect(asked.status).toBe(202);
    await confirm(second, _id, asked.body.order.completionRequest.requestId);
    expect((await adminOrder(_id)).payoutApproval).not.toBeNull();
    await t.deps.orders.commands.expire(_id, 'test', new Date(Date.now() + 61 * 60_000));
    expect((await adminOrder(_id)).payoutApproval).toBeNull();
    await t.call('POST', `/api/orders/${_id}/upload`, { token: customer, body: { bankReference: 'UTRLATE7440017' } });
    expect((await adminOrder(_id)).payoutAwaitsApproval).toBe(true);
    expect((await complete(admin, _id, { cryptoReference: '0xLATE' })).status).toBeGreaterThanOrEqual(400);
  });
});
