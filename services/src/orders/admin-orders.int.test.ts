import { CUSTOMER_REASONS } from '@desk/machines/order/order-reasons';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { changeConfirmed } from '../../../tests/support/desk-changes';

const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };
const SELL = { cryptoAmount: 100, method: 'cash' };

describe('admin order actions', () => {
  let customer: string;
  let admin: string;
  const it = withApp
    .extend(
      'buy',
      ({ t }) =>
        async () =>
          (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order,
    )
    .extend(
      'sell',
      ({ t }) =>
        async () =>
          (await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: SELL }))).body.order,
    )
    .extend(
      'act',
      ({ t }) =>
        (id: string, action: string, body?: unknown, headers?: Record<string, string>) =>
          json(t.call('POST', `/api/admin/orders/${id}/${action}`, { token: admin, body: body ?? {}, headers })),
    );

  it.beforeAll(async ({ t }) => {
    await giveDepositWallet(t);
    customer = await createCustomer(t, '+919600000001');
    admin = await t.adminToken();
    // Rates moved past the re-quote band wait for a second admin: confirmed from the server, as set-up may.
    await changeConfirmed(t, 'PUT', '/api/admin/settings', { token: admin, body: { rates: { usdt_bank_buy: 88, usdt_cash_sell: 86 } } });
  });

  it('takes a buy through verify, crypto sent and complete', async ({ buy, act }) => {
    const order = await buy();
    expect((await act(order._id, 'verify')).body.order.status).toBe('fiat_received');
    const sent = await act(order._id, 'crypto-sent', { cryptoReference: '0xabc123' });
    expect(sent.body.order).toMatchObject({ status: 'crypto_sent', cryptoReference: '0xabc123', statusLabel: 'Processing' });
    const done = await act(order._id, 'complete', {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Order completed successfully', order: { status: 'completed', cryptoReference: '0xabc123' } });
  });

  it("requires the reference that matches the order type, in the specification's words", async ({ buy, sell, act }) => {
    const b = await buy();
    const s = await sell();
    const cases: [string, string, string, string][] = [
      [b._id, 'approve', 'cryptoReference', 'Crypto transaction reference is required to approve buy orders'],
      [b._id, 'complete', 'cryptoReference', 'Crypto transaction reference is required to complete buy orders (INR→USDT)'],
      [s._id, 'approve', 'bankUtr', 'UTR reference is required to approve sell orders'],
      [s._id, 'complete', 'bankUtr', 'UTR reference is required to complete sell orders (USDT→INR)'],
    ];
    for (const [id, action, path, message] of cases) {
      expect(await act(id, action, { bankUtr: '', cryptoReference: ' ' })).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path, message }] },
      });
    }
    expect((await act(s._id, 'verify')).body.order.status).toBe('approved');
    expect((await act(s._id, 'approve', { bankUtr: 'HDFCN52025112100' })).body).toMatchObject({
      message: 'Order approved successfully',
      order: { status: 'completed', bankUtr: 'HDFCN52025112100' },
    });
  });

  it('reprices at completion, keeping the old terms', async ({ buy, act }) => {
    // No proof yet to date the payment: the desk may re-quote; 89 is within 2 % of the rate in force.
    const order = await buy();
    const { body } = await act(order._id, 'complete', { cryptoReference: '0xdef', rate: 89 });
    expect(body.order).toMatchObject({ rate: '89', fiatAmount: '10000', cryptoAmount: '112.35' });
    expect(body.order.priceHistory).toEqual([expect.objectContaining({ rate: '88', cryptoAmount: '113.63', fiatAmount: '10000' })]);
  });

  it('refuses what the lifecycle does not allow with a 409 naming the status, appending nothing', async ({ t, buy, act }) => {
    const order = await buy();
    await act(order._id, 'complete', { cryptoReference: '0x1' });
    const refused = await act(order._id, 'reject');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'invalid_transition', currentStatus: 'completed' });
    expect(refused.body.error).toContain(order.refCode);
    expect((await act(order._id, 'verify')).status).toBe(409);
    expect((await t.deps.eventStore.readStream(`order-${order._id}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderCompleted']);
    expect((await act('00000000-0000-4000-8000-000000000000', 'verify')).status).toBe(404);
  });

  it('takes an empty JSON body for {}, and answers malformed JSON in the shape of every bad input, changing nothing', async ({ t, buy }) => {
    const order = await buy();
    const raw = (body: string) =>
      json(
        t.call('POST', `/api/admin/orders/${order._id}/reject`, {
          token: admin,
          body,
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        }),
      );
    expect(await raw('{"reasonCode":')).toEqual({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error', details: [{ path: '', message: 'Malformed JSON in request body' }] },
    });
    expect((await t.deps.eventStore.readStream(`order-${order._id}`)).map((e) => e.type)).toEqual(['OrderPlaced']);
    const rejected = await raw('');
    expect(rejected.status).toBe(200);
    expect(rejected.body.order).toMatchObject({ status: 'rejected', reason: { code: 'other' } });
  });

  it("reads the detail page's empty boxes (blank or null) as not given, and says a bad rate once", async ({ buy, act }) => {
    const order = await buy();
    expect(await act(order._id, 'approve', { cryptoReference: '0xfeed', bankUtr: null, rate: 'abc' })).toEqual({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'rate', message: 'Rate must be a positive number' }] },
    });
    expect((await act(order._id, 'approve', { cryptoReference: '0xfeed', rate: '0.00' })).body.details).toEqual([
      { path: 'rate', message: 'Rate must be a positive number' },
    ]);
    const done = await act(order._id, 'approve', { bankUtr: null, cryptoReference: '0xfeed', rate: '' });
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ status: 'completed', cryptoReference: '0xfeed', rate: '88' });
    const other = await buy();
    expect((await act(other._id, 'complete', { cryptoReference: '0xbeef', bankUtr: '', rate: null })).body.order).toMatchObject({
      status: 'completed',
      rate: '88',
    });
  });

  it('bulk-rejects order by order and says which failed', async ({ t, buy, sell, act }) => {
    const [a, b, c] = [await buy(), await sell(), await buy()];
    await act(c._id, 'complete', { cryptoReference: '0x2' });
    const { status, body } = await json(
      t.call('POST', '/api/admin/orders/bulk/reject', { token: admin, body: { ids: [a._id, b._id, c._id, 'nonsense'], reason: 'No payment' } }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ succeeded: 2, failed: 2 });
    expect(body.results).toEqual([
      { id: a._id, ok: true, status: 'rejected' },
      { id: b._id, ok: true, status: 'rejected' },
      expect.objectContaining({ id: c._id, ok: false, code: 'invalid_transition', currentStatus: 'completed' }),
      expect.objectContaining({ id: 'nonsense', ok: false, code: 'not_found' }),
    ]);
    // The customer reads a sentence for the reason; the desk's note stays with the desk.
    const seen = (await json(t.call('GET', `/api/orders/${a._id}`, { token: customer }))).body;
    expect(seen).toMatchObject({ status: 'rejected', reason: { text: CUSTOMER_REASONS.other }, rejectedReason: CUSTOMER_REASONS.other });
    expect(JSON.stringify(seen)).not.toContain('No payment');
    const desk = (await json(t.call('GET', `/api/admin/orders/${a._id}`, { token: admin }))).body;
    expect(desk).toMatchObject({ rejectedReason: 'No payment', reason: { code: 'other', label: 'Other', note: 'No payment' } });
  });

  it('lets exactly one of two admins win when they approve and reject at once', async ({ t, buy, act }) => {
    for (let round = 0; round < 5; round++) {
      const order = await buy();
      const [approve, reject] = await Promise.all([act(order._id, 'approve', { cryptoReference: `0xrace${round}` }), act(order._id, 'reject')]);
      const statuses = [approve.status, reject.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = approve.status === 409 ? approve : reject;
      expect(['completed', 'rejected']).toContain(loser.body.currentStatus);
      const events = await t.deps.eventStore.readStream(`order-${order._id}`);
      expect(events).toHaveLength(2);
    }
  });

  it('returns the first answer to a retried POST with the same Idempotency-Key and acts once', async ({ t, act }) => {
    const key = { 'idempotency-key': 'place-1' };
    const first = await t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY, headers: key });
    const again = await t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY, headers: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [a, b] = [await first.json(), await again.json()];
    expect(b).toEqual(a);
    const streams = await t.database.pool.query(`select count(*)::int as n from es_events where event_type = 'OrderPlaced' and data->>'orderId' = $1`, [
      (a as any).order._id,
    ]);
    expect(streams.rows[0].n).toBe(1);

    const different = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: { ...BUY, fiatAmount: 999 }, headers: key }));
    expect(different.status).toBe(422);
    expect(different.body.code).toBe('idempotency_key_reused');

    const order = (a as any).order;
    const verifyKey = { 'idempotency-key': 'verify-1' };
    // Racing copies: the second sees the first in flight (409) or, if it already finished, its answer.
    const racing = await Promise.all([act(order._id, 'verify', {}, verifyKey), act(order._id, 'verify', {}, verifyKey)]);
    const answered = racing.filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(racing.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(racing.length === answered.length ? [] : ['idempotency_in_progress']);
    const replay = await act(order._id, 'verify', {}, verifyKey);
    for (const r of [...answered, replay]) expect(r).toEqual(answered[0]);
    expect((await t.deps.eventStore.readStream(`order-${order._id}`)).filter((e) => e.type === 'OrderVerified')).toHaveLength(1);
  });

  it('shows the full history: each event with who, when and from where', async ({ t, buy }) => {
    const order = await buy();
    await t.call('POST', `/api/admin/orders/${order._id}/verify`, {
      token: admin,
      body: {},
      headers: { 'x-forwarded-for': '203.0.113.50', 'user-agent': 'desk-browser' },
    });
    const { status, body } = await json(t.call('GET', `/api/admin/orders/${order._id}/history`, { token: admin }));
    expect(status).toBe(200);
    expect(body.events.map((e: any) => e.type)).toEqual(['OrderPlaced', 'OrderVerified']);
    expect(body.events[0].actor).toMatchObject({ role: 'customer', phone: '+919600000001' });
    expect(body.events[1]).toMatchObject({ actor: { role: 'admin', phone: '+919000000001' }, ip: '203.0.113.50', userAgent: 'desk-browser' });
    expect(body.events[1].acceptedAt).toEqual(expect.any(String));
    expect((await t.call('GET', `/api/admin/orders/${order._id}/history`, { token: customer })).status).toBe(403);
  });
});
