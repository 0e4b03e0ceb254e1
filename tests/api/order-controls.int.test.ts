/**
 * The desk's controls on orders over HTTP: reasons for rejects and cancels (a sentence for the
 * customer, the note for the desk), late payments (recorded, never completed as placed), and
 * duplicate payment evidence flagged on both orders.
 */
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { describe, expect } from 'vitest';
import { CUSTOMER_REASONS } from '../../machines/src/order/order-reasons';
import { LATE_PAYMENT_NEEDS_RATE } from '../../machines/src/order/order.decide';
import { createCustomer, json, setOwnPassword } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrandAdmin } from '../support/brands';
import { waitFor } from '../support/wait-for';
import { giveDepositWallet } from '../support/deposit-wallet';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A screenshot-like picture, as a PNG, and the same picture re-saved as a JPEG. */
function screenshot(): { png: string; jpeg: string } {
  const width = 300;
  const height = 200;
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const block = x > 100 && x < 160 && y > 50 && y < 110;
      image.data[i] = block ? 10 : Math.round((255 * x) / width);
      image.data[i + 1] = block ? 10 : Math.round((255 * y) / height);
      image.data[i + 2] = 90;
      image.data[i + 3] = 255;
    }
  }
  const png = PNG.sync.write(image);
  const jpg = Buffer.from(jpeg.encode({ width, height, data: image.data }, 70).data);
  return { png: `data:image/png;base64,${png.toString('base64')}`, jpeg: `data:image/jpeg;base64,${jpg.toString('base64')}` };
}

describe('order controls', () => {
  let admin: string;
  let asha: string;
  let ravi: string;

  const it = withApp
    .extend(
      'buy',
      ({ t }) =>
        async (token: string, headers: Record<string, string> = {}) =>
          (
            await json(
              t.call('POST', '/api/orders/fiat-to-crypto', {
                token,
                headers,
                body: { fiatAmount: 3000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
              }),
            )
          ).body.order as { _id: string; refCode: string; rate: string },
    )
    .extend(
      'flagsOf',
      ({ t }) =>
        async (orderId: string) =>
          (await json(t.call('GET', `/api/admin/orders/${orderId}`, { token: admin }))).body.flags as {
            kind: string;
            relatedOrderId: string;
            evidence: string;
          }[],
    );

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    asha = await createCustomer(t, '+919190000001');
    ravi = await createCustomer(t, '+919190000002');
  });

  it('tells the customer a plain sentence for a reject, and keeps the note for the desk', async ({ t, buy }) => {
    const order = await buy(asha);
    const rejected = await json(
      t.call('POST', `/api/admin/orders/${order._id}/reject`, {
        token: admin,
        body: { reasonCode: 'suspected_fraud', note: 'Same device as the chargeback last week' },
      }),
    );
    expect(rejected.status).toBe(200);
    const seen = (await json(t.call('GET', `/api/orders/${order._id}`, { token: asha }))).body;
    expect(seen).toMatchObject({ status: 'rejected', reason: { text: CUSTOMER_REASONS.suspected_fraud } });
    expect(JSON.stringify(seen)).not.toMatch(/chargeback|fraud/i);
    const desk = (await json(t.call('GET', `/api/admin/orders/${order._id}`, { token: admin }))).body;
    expect(desk.reason).toEqual({
      code: 'suspected_fraud',
      label: 'Suspected fraud',
      text: CUSTOMER_REASONS.suspected_fraud,
      note: 'Same device as the chargeback last week',
    });
    const [, event] = await t.deps.eventStore.readStream(`order-${order._id}`);
    expect(event).toMatchObject({ type: 'OrderRejected', data: { reasonCode: 'suspected_fraud', reason: 'Same device as the chargeback last week' } });
    const other = await buy(asha);
    expect((await json(t.call('POST', `/api/admin/orders/${other._id}/reject`, { token: admin, body: { reasonCode: 'because' } }))).status).toBe(400);
  });

  it("records a cancellation as the customer's request", async ({ t, buy }) => {
    const order = await buy(asha);
    expect((await t.call('POST', `/api/orders/${order._id}/cancel`, { token: asha, body: { note: 'Typed the wrong amount' } })).status).toBe(200);
    const seen = (await json(t.call('GET', `/api/orders/${order._id}`, { token: asha }))).body;
    expect(seen).toMatchObject({ status: 'cancelled', reason: { text: CUSTOMER_REASONS.customer_request } });
    const desk = (await json(t.call('GET', `/api/admin/orders/${order._id}`, { token: admin }))).body;
    expect(desk.reason).toMatchObject({ code: 'customer_request', note: 'Typed the wrong amount' });
  });

  it('records proof for an expired order as a late payment, which the desk re-quotes or refunds, never completes as placed', async ({ t, buy }) => {
    const order = await buy(asha);
    await t.deps.orders.commands.expire(order._id, 'test', new Date(Date.now() + 61 * 60_000));
    const proof = await json(t.call('POST', `/api/orders/${order._id}/upload`, { token: asha, body: { bankReference: 'UTRLATE0001' } }));
    expect(proof.status).toBe(200);
    expect(proof.body.order).toMatchObject({ status: 'expired', latePayment: true, bankReference: 'UTRLATE0001' });
    const plain = await json(t.call('POST', `/api/admin/orders/${order._id}/complete`, { token: admin, body: { cryptoReference: '0xlate' } }));
    expect(plain).toMatchObject({
      status: 400,
      body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'rate', message: LATE_PAYMENT_NEEDS_RATE }] },
    });
    expect((await json(t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {} }))).body.order.status).toBe('fiat_received');
    // Re-quoted within 2 % of the rate in force: one admin completes it.
    const rate = (Number(order.rate) * 1.01).toFixed(2);
    const requoted = await json(t.call('POST', `/api/admin/orders/${order._id}/complete`, { token: admin, body: { cryptoReference: '0xlate', rate } }));
    expect(requoted.body.order).toMatchObject({ status: 'completed', rate: String(Number(rate)) });

    // Expired without late proof: the desk cannot act on it.
    const unpaid = await buy(asha);
    await t.deps.orders.commands.expire(unpaid._id, 'test', new Date(Date.now() + 61 * 60_000));
    expect((await t.call('POST', `/api/admin/orders/${unpaid._id}/verify`, { token: admin, body: {} })).status).toBe(409);
  });

  it('flags one payout transaction on two orders however it is written: with or without 0x, in capitals (review 8, F2)', async ({ t, buy, flagsOf }) => {
    const first = await buy(asha);
    const second = await buy(ravi);
    for (const order of [first, second]) expect((await t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const hash = 'ab'.repeat(32);
    expect((await t.call('POST', `/api/admin/orders/${first._id}/crypto-sent`, { token: admin, body: { cryptoReference: `0x${hash}` } })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/orders/${second._id}/crypto-sent`, { token: admin, body: { cryptoReference: hash.toUpperCase() } })).status).toBe(
      200,
    );
    await waitFor('both payouts flagged', async () => ((await flagsOf(first._id)).length > 0 && (await flagsOf(second._id)).length > 0) || null);
    expect(await flagsOf(second._id)).toEqual([
      expect.objectContaining({ kind: 'duplicate_reference', evidence: `crypto:0x${hash}`, relatedOrderId: first._id }),
    ]);
  });

  it("flags a payout transaction reused on another brand's order, naming neither order to the other and holding up only the reuse (review 9, N3; review 10, F1)", async ({
    t,
    buy,
    flagsOf,
  }) => {
    const brand = await createBrandAdmin(t, 'tx.example', '+919190000060');
    const meera = await createCustomer(t, '+919190000061', 'secret1', { tenantId: brand.tenantId, host: 'tx.example' });
    const ours = await buy(asha);
    const theirs = await buy(meera, { host: 'tx.example' });
    for (const order of [ours, theirs]) expect((await t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const hash = `0x${'cd'.repeat(32)}`;
    const evidenceOf = async (orderId: string) => (await t.database.pool.query('select kind from payment_evidence where order_id = $1', [orderId])).rows;
    // The operator's admin acts for both brands: one transfer recorded as both payouts, one after the other.
    expect((await json(t.call('POST', `/api/admin/orders/${ours._id}/crypto-sent`, { token: admin, body: { cryptoReference: hash } }))).body).toMatchObject({
      order: { status: 'crypto_sent' },
    });
    await waitFor('the first payout seen', async () => ((await evidenceOf(ours._id)).length > 0 ? true : null));
    expect((await json(t.call('POST', `/api/admin/orders/${theirs._id}/crypto-sent`, { token: admin, body: { cryptoReference: hash } }))).body).toMatchObject({
      order: { status: 'crypto_sent' },
    });
    await waitFor('the reused payout flagged', async () => ((await flagsOf(theirs._id)).length > 0 ? true : null));
    expect(await flagsOf(theirs._id)).toEqual([
      expect.objectContaining({ kind: 'duplicate_reference', evidence: `crypto:${hash}`, relatedOrderId: null, relatedRefCode: null }),
    ]);
    expect(await flagsOf(ours._id)).toEqual([]);
    // The brand's admin reads the flag on their order, and in its history, with no other brand's order in it.
    const page = await json(t.call('GET', `/api/admin/orders/${theirs._id}`, { token: brand.token, headers: { host: 'tx.example' } }));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain(ours._id);
    expect(JSON.stringify(page.body)).not.toContain(ours.refCode);
    // Completing a payout whose transaction is in doubt takes a second admin.
    expect((await t.call('POST', `/api/admin/orders/${theirs._id}/complete`, { token: admin, body: {} })).status).toBe(202);

    // A customer who proves a sell with another brand's payout, copied off the chain, holds up nothing there (review 10, F1).
    const other = `0x${'ef'.repeat(32)}`;
    const paid = await buy(meera, { host: 'tx.example' });
    expect((await t.call('POST', `/api/admin/orders/${paid._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/orders/${paid._id}/crypto-sent`, { token: admin, body: { cryptoReference: other } })).status).toBe(200);
    await waitFor('the payout seen', async () => ((await evidenceOf(paid._id)).length > 0 ? true : null));
    await giveDepositWallet(t);
    const placed = await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: asha, body: { cryptoAmount: 100, network: 'TRC20', method: 'cash' } }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const sell = placed.body.order as { _id: string };
    expect((await t.call('POST', `/api/orders/${sell._id}/upload`, { token: asha, body: { cryptoReference: other } })).status).toBe(200);
    await waitFor("the sell's proof seen", async () => ((await evidenceOf(sell._id)).length > 0 ? true : null));
    expect(await flagsOf(paid._id)).toEqual([]);
    expect(await flagsOf(sell._id)).toEqual([]);
  });

  it('flags the same UTR on two orders of a brand, both ways, and not across brands', async ({ t, buy, flagsOf }) => {
    const first = await buy(asha);
    const second = await buy(ravi);
    await t.call('POST', `/api/orders/${first._id}/upload`, { token: asha, body: { bankReference: 'UTRDUP00001' } });
    await t.call('POST', `/api/orders/${second._id}/upload`, { token: ravi, body: { bankReference: ' utrdup00001 ' } });
    await waitFor('both orders flagged', async () => ((await flagsOf(first._id)).length > 0 && (await flagsOf(second._id)).length > 0) || null);
    expect(await flagsOf(second._id)).toEqual([
      expect.objectContaining({ kind: 'duplicate_reference', evidence: 'utr:UTRDUP00001', relatedOrderId: first._id, relatedRefCode: first.refCode }),
    ]);
    expect(await flagsOf(first._id)).toEqual([expect.objectContaining({ kind: 'duplicate_reference', relatedOrderId: second._id })]);

    const brand = await createBrandAdmin(t, 'dup.example', '+919190000050');
    const elsewhere = await json(
      t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919190000051', password: 'secret1', tenantId: brand.tenantId } }),
    );
    expect(elsewhere.status).toBe(201);
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const kiran = await setOwnPassword(t, '+919190000051', 'secret1', 'dup.example');
    const theirs = await buy(kiran, { host: 'dup.example' });
    await t.call('POST', `/api/orders/${theirs._id}/upload`, { token: kiran, body: { bankReference: 'UTRDUP00001' }, headers: { host: 'dup.example' } });
    await t.call('POST', `/api/orders/${first._id}/upload`, { token: asha, body: { bankReference: 'UTRNEWONE01' } });
    await waitFor('the evidence check of the last proof', async () =>
      (await t.database.pool.query(`select 1 from payment_evidence where value = 'UTRNEWONE01'`)).rowCount ? true : null,
    );
    expect(await flagsOf(theirs._id)).toEqual([]);
    expect(await flagsOf(first._id)).toHaveLength(1);
  });

  it('flags the same proof picture re-saved as another file', async ({ t, buy, flagsOf }) => {
    const { png, jpeg: resaved } = screenshot();
    const first = await buy(asha);
    const second = await buy(ravi);
    expect((await t.call('POST', `/api/orders/${first._id}/upload`, { token: asha, body: { dataUrl: png, bankReference: 'UTRIMG00001' } })).status).toBe(200);
    expect((await t.call('POST', `/api/orders/${second._id}/upload`, { token: ravi, body: { dataUrl: resaved, bankReference: 'UTRIMG00002' } })).status).toBe(
      200,
    );
    await waitFor('the picture flagged', async () => ((await flagsOf(second._id)).length > 0 ? true : null));
    expect(await flagsOf(second._id)).toEqual([
      expect.objectContaining({ kind: 'duplicate_proof', relatedOrderId: first._id, evidence: expect.stringMatching(/^image-dhash:/) }),
    ]);
    // Flags inform: the order moves on as usual.
    expect((await json(t.call('POST', `/api/admin/orders/${second._id}/verify`, { token: admin, body: {} }))).body.order.status).toBe('fiat_received');
  });
});
