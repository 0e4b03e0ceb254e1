/**
 * The third security review's money findings (issue 27), reproduced over HTTP as the reviewer did
 * them, each answered by the rule that now holds:
 * - F2: a payout approval outlived the payment window: a second request kept the unpaid order from
 *   expiring, and once paid late one admin completed it on the old approval with no rate;
 * - F3: a late payment settled "deliberately" at its placed rate was never measured against the
 *   re-quote band;
 * - F4: one admin settled, alone, orders of customer accounts they had made;
 * - F7: a sell re-quoted up was checked against the customer's limits only when its rate was typed.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { confirmPending, createStaff } from '../support/desk-changes';
import { giveDepositWallet } from '../support/deposit-wallet';
import { ACCOUNT_MADE_BY_YOU } from '../../machines/src/order/four-eyes';
import { LATE_PAYMENT_NEEDS_RATE, LATE_PAYMENT_SENT_NEEDS_RATE } from '../../machines/src/order/rate-lock';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SECOND = { phone: '+919745000002', password: 'second-admin', roles: ['admin'] };
const AN_HOUR_ON = () => new Date(Date.now() + 61 * 60_000);

describe('money controls that hold (third review)', () => {
  let admin: string;
  let second: string;

  const it = withApp
    /** A customer who signed up with a code sent to their phone (no admin made the account). */
    .extend('signUp', ({ t }) => async (phone: string) => {
      await t.call('POST', '/api/auth/register/otp/send', { body: { phone } });
      await t.call('POST', '/api/auth/register/otp/verify', { body: { phone, otp: await t.otpFor(phone, 'register') } });
      const registered = await json(t.call('POST', '/api/auth/register', { body: { username: `customer ${phone}`, phone, password: 'secret12' } }));
      expect(registered.status).toBe(201);
      return registered.body.token as string;
    })
    .extend('buy', ({ t }) => async (token: string, fiatAmount: number) => {
      const placed = await json(
        t.call('POST', '/api/orders/fiat-to-crypto', { token, body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
      );
      expect(placed.status).toBe(201);
      return placed.body.order as { _id: string; rate: string };
    })
    /** A new customer's buy, left unpaid until an hour past its window and expired (a late payment may follow). */
    .extend('expiredBuy', ({ t, signUp, buy }) => async (phone: string, fiatAmount: number) => {
      const customer = await signUp(phone);
      const { _id, rate } = await buy(customer, fiatAmount);
      await t.deps.orders.commands.expire(_id, 'test', AN_HOUR_ON());
      return { customer, _id, rate };
    })
    .extend(
      'complete',
      ({ t }) =>
        (token: string, id: string, body: Record<string, unknown>) =>
          json(t.call('POST', `/api/admin/orders/${id}/complete`, { token, body })),
    )
    .extend(
      'approve',
      ({ t }) =>
        (token: string, id: string, body: Record<string, unknown>) =>
          json(t.call('POST', `/api/admin/orders/${id}/approve`, { token, body })),
    )
    .extend(
      'confirm',
      ({ t }) =>
        (token: string, id: string, requestId: string) =>
          json(t.call('POST', `/api/admin/orders/${id}/completion-request/confirm`, { token, body: { requestId } })),
    )
    .extend(
      'payLate',
      ({ t }) =>
        (token: string, id: string, utr: string) =>
          json(t.call('POST', `/api/orders/${id}/upload`, { token, body: { bankReference: utr } })),
    )
    /** A change to the desk's settings, confirmed by a second admin when it waits for one. */
    .extend('settle', ({ t }) => async (body: Record<string, unknown>) => {
      const saved = await json(t.call('PUT', '/api/admin/settings', { token: admin, body }));
      if (saved.status === 202) await confirmPending(t, saved.body.change._id);
      else expect(saved.status).toBe(200);
    });

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    await createStaff(t, SECOND);
    second = await t.login(SECOND.phone, SECOND.password);
    await giveDepositWallet(t);
  });

  it('F2: a request does not keep an unpaid order from expiring; the expiry ends it and the approval, and the late payment needs a rate', async ({
    t,
    signUp,
    buy,
    complete,
    confirm,
    adminOrder,
    payLate,
  }) => {
    const customer = await signUp('+919745000010');
    const { _id } = await buy(customer, 300000);
    const asked = await complete(admin, _id, {});
    expect(asked.status).toBe(202);
    expect((await confirm(second, _id, asked.body.order.completionRequest.requestId)).status).toBe(200);
    // Asked again (a re-quote): the reviewer's way of holding the order open.
    expect((await complete(admin, _id, { rate: '84' })).status).toBe(202);
    const expired = await t.deps.orders.commands.expire(_id, 'test', AN_HOUR_ON());
    expect(expired).toMatchObject({ status: 'expired', completionRequest: null, payoutApproval: null });
    expect((await payLate(customer, _id, 'UTRLATE7450010')).status).toBe(200);
    expect(await complete(admin, _id, { cryptoReference: '0xLATE' })).toMatchObject({
      status: 400,
      body: { details: [{ path: 'rate', message: LATE_PAYMENT_NEEDS_RATE }] },
    });
    expect(await adminOrder(_id)).toMatchObject({ status: 'expired', latePayment: true, payoutApproval: null });
  });

  it('fifth review, G2: the USDT of a late payment is not recorded as sent before a rate was named; completed with one, it is', async ({
    t,
    expiredBuy,
    complete,
    adminOrder,
    payLate,
  }) => {
    const { customer, _id, rate } = await expiredBuy('+919745000011', 50000);
    expect((await payLate(customer, _id, 'UTRLATE7450011')).status).toBe(200);
    expect((await json(t.call('POST', `/api/admin/orders/${_id}/verify`, { token: admin }))).status).toBe(200);
    expect(await json(t.call('POST', `/api/admin/orders/${_id}/crypto-sent`, { token: admin, body: { cryptoReference: '0xLATESENT' } }))).toMatchObject({
      status: 409,
      body: { code: 'late_payment_needs_rate', error: LATE_PAYMENT_SENT_NEEDS_RATE },
    });
    expect(await adminOrder(_id)).toMatchObject({ status: 'fiat_received', cryptoReference: null });
    expect(await complete(admin, _id, { rate, cryptoReference: '0xLATESENT' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });
  });

  it('F4: an admin cannot settle alone, nor approve, the orders of a customer account they made; another admin settles as usual', async ({
    t,
    buy,
    complete,
    confirm,
    adminOrder,
  }) => {
    const phone = '+919745000020';
    const made = await json(t.call('POST', '/api/admin/users', { token: admin, body: { phone, password: 'chosen-by-admin' } }));
    expect(made.status).toBe(201);
    // Its holder sets their own password with a code sent to the phone before ordering.
    await t.call('POST', '/api/auth/password-reset/otp/send', { body: { phone } });
    const reset = await t.call('POST', '/api/auth/password-reset', { body: { phone, otp: await t.otpFor(phone, 'reset'), newPassword: 'holders-own' } });
    expect(reset.status).toBe(200);
    const customer = await t.login(phone, 'holders-own');

    const small = await buy(customer, 10000);
    expect(await complete(admin, small._id, { cryptoReference: '0xMINE' })).toMatchObject({
      status: 409,
      body: { code: 'payout_needs_approval', error: ACCOUNT_MADE_BY_YOU },
    });
    expect((await json(t.call('POST', `/api/admin/orders/${small._id}/crypto-sent`, { token: admin, body: { cryptoReference: '0xMINE' } }))).status).toBe(409);
    const asked = await complete(admin, small._id, {});
    expect(asked).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['account_made_by_you'] } } } });
    // The page asks the maker for a second admin; the other admin reads nothing owed.
    expect((await adminOrder(small._id)).payoutAwaitsApproval).toBe(true);
    expect((await confirm(second, small._id, asked.body.order.completionRequest.requestId)).status).toBe(200);
    expect(await complete(admin, small._id, { cryptoReference: '0xAPPROVED' })).toMatchObject({ status: 200, body: { order: { status: 'completed' } } });

    // Above the threshold, asked by the other admin: the maker is not the second pair of eyes.
    const large = await buy(customer, 250000);
    const byOther = await complete(second, large._id, {});
    expect(byOther).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['above_threshold'] } } } });
    expect(await confirm(admin, large._id, byOther.body.order.completionRequest.requestId)).toMatchObject({
      status: 403,
      body: { code: 'four_eyes', error: ACCOUNT_MADE_BY_YOU },
    });
    expect((await adminOrder(large._id)).payoutApproval).toBeNull();
  });

  it('F7: a sell whose re-quote was approved is checked against the limits when it settles at the approved rate left blank', async ({
    t,
    signUp,
    buy,
    approve,
    confirm,
    adminOrder,
    settle,
  }) => {
    const customer = await signUp('+919745000030');
    const placed = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 1000, method: 'cash' } }));
    expect(placed, JSON.stringify(placed.body)).toMatchObject({ status: 201 });
    const sell = placed.body.order as { _id: string; rate: string; fiatAmount: string };
    // A limit just above the sell (lowering a limit applies at once), then a re-quote 5 % up: outside the band.
    const dailyLimit = Math.ceil(Number(sell.fiatAmount) * 1.06);
    await settle({ controls: { customerDailyInr: dailyLimit } });
    try {
      const requoted = (Number(sell.rate) * 1.05).toFixed(2);
      const asked = await approve(admin, sell._id, { rate: requoted });
      expect(asked).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['requote_outside_band'] } } } });
      expect((await confirm(second, sell._id, asked.body.order.completionRequest.requestId)).status).toBe(200);
      // The customer then uses the room the raise needed.
      await buy(customer, Math.round(Number(sell.fiatAmount) * 0.04));
      await t.project();
      expect(await approve(admin, sell._id, { bankUtr: 'UTR7450030' })).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
      expect(await approve(admin, sell._id, { rate: requoted, bankUtr: 'UTR7450030' })).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
      expect((await adminOrder(sell._id)).status).not.toBe('approved');
    } finally {
      await settle({ controls: { customerDailyInr: 1000000 } });
    }
  });

  it('F3: a late payment settled at its placed rate, further from the rate in force than the band, needs a second admin', async ({
    expiredBuy,
    complete,
    adminOrder,
    payLate,
    settle,
  }) => {
    const { customer, _id, rate } = await expiredBuy('+919745000040', 150000);
    // Two admins move the bank buy rate 10 % up; then the customer pays late.
    await settle({ rates: { usdt_bank_buy: Number((Number(rate) * 1.1).toFixed(2)) } });
    expect((await payLate(customer, _id, 'UTRLATE7450040')).status).toBe(200);
    expect(await complete(admin, _id, { rate, cryptoReference: '0xOLDRATE' })).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
    const asked = await complete(admin, _id, { rate });
    expect(asked).toMatchObject({ status: 202, body: { order: { completionRequest: { reasons: ['requote_outside_band'] } } } });
    expect((await adminOrder(_id)).status).toBe('expired');
  });
});
