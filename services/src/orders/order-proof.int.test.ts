import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { PDF_MINIMAL, PNG_1PX, dataUrl } from '../../../tests/support/sample-files';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { REFERENCE_REQUIRED } from '@desk/machines/order/proof-requirement';

const BUY = { fiatAmount: 5000, network: 'TRC20', withdrawAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', method: 'bank' };

describe('payment proof and cancelling', () => {
  let customer: string;
  const it = withApp.extend(
    'place',
    ({ t }) =>
      async () =>
        (await json(t.call('POST', '/api/orders/fiat-to-crypto', { token: customer, body: BUY }))).body.order,
  );

  it.beforeAll(async ({ t }) => {
    customer = await createCustomer(t, '+919700000001');
  });

  it('stores an image checked by its content and serves it on a signed, expiring link', async ({ t, place }) => {
    const order = await place();
    const { status, body } = await json(
      t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR123456789' } }),
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Proof uploaded successfully');
    expect(body.order).toMatchObject({ status: 'pending', bankReference: 'UTR123456789', proofCount: 1 });
    const [attachment] = body.order.attachments;
    expect(attachment).toMatchObject({ contentType: 'image/png', size: PNG_1PX.length, name: `proof-${order.refCode}-1.png` });

    const file = await t.app.request(attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1PX)).toBe(true);

    const tampered = attachment.url.replace(/sig=[^&]+/, 'sig=forged');
    expect((await t.app.request(tampered)).status).toBe(403);
    const stretched = attachment.url.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) + 86_400}`);
    expect((await t.app.request(stretched)).status).toBe(403);
  });

  it('detects the type from the bytes, not the declared type', async ({ t, place }) => {
    const order = await place();
    const pdf = await json(
      t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PDF_MINIMAL, 'image/png'), bankReference: 'UTR1' } }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.order.attachments[0].contentType).toBe('application/pdf');

    const script = Buffer.from('<script>alert(1)</script>');
    const refused = await json(
      t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(script, 'image/png'), bankReference: 'UTR2' } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].message).toBe('Only images (PNG, JPEG, GIF, WebP) and PDF files are accepted');
  });

  it("refuses files of 5 MB or more with the screen's text, and empty proof", async ({ t, place }) => {
    const order = await place();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await json(t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(big), bankReference: 'UTR3' } }));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details[0].message).toBe('File size must be less than 5MB');
    const huge = Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024)]);
    const overLimit = await json(t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(huge) } }));
    expect(overLimit).toEqual({ status: 413, body: { error: 'File size must be less than 5MB', code: 'payload_too_large' } });
    const empty = await json(t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { bankReference: '  ' } }));
    expect(empty.status).toBe(400);
    const events = await t.deps.eventStore.readStream(`order-${order._id}`);
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
  });

  it('takes at most ten proofs for an order, and keeps no file for the one refused', async ({ t, place }) => {
    const order = await place();
    const storedFiles = async () => Number((await t.database.pool.query('select count(*) as n from stored_files')).rows[0].n);
    for (let i = 1; i <= 10; i++) {
      const upload = await t.call('POST', `/api/orders/${order._id}/upload`, {
        token: customer,
        body: { dataUrl: dataUrl(PNG_1PX), bankReference: `UTR${i}` },
      });
      expect(upload.status).toBe(200);
    }
    const before = await storedFiles();
    const eleventh = await json(
      t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR11' } }),
    );
    expect(eleventh).toEqual({ status: 409, body: { error: 'An order takes at most 10 payment proofs', code: 'too_many_proofs' } });
    expect(await storedFiles()).toBe(before);
    expect((await t.deps.eventStore.readStream(`order-${order._id}`)).filter((e) => e.type === 'ProofSubmitted')).toHaveLength(10);
  });

  it('cancels an unpaid order, but not one with proof; proof on a closed order is refused', async ({ t, place }) => {
    const unpaid = await place();
    const cancelled = await json(t.call('POST', `/api/orders/${unpaid._id}/cancel`, { token: customer }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
    const late = await json(t.call('POST', `/api/orders/${unpaid._id}/upload`, { token: customer, body: { bankReference: 'UTR9' } }));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'invalid_transition', currentStatus: 'cancelled' });

    const paid = await place();
    await t.call('POST', `/api/orders/${paid._id}/upload`, { token: customer, body: { bankReference: 'UTRNOCANCEL1' } });
    const refused = await json(t.call('POST', `/api/orders/${paid._id}/cancel`, { token: customer }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Order cannot be cancelled after payment proof was submitted',
      code: 'invalid_transition',
      currentStatus: 'pending',
    });
    expect((await t.deps.eventStore.readStream(`order-${paid._id}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'ProofSubmitted']);
  });

  it('expires unpaid orders once the payment window has passed, and only those', async ({ t, place }) => {
    const { startExpirySweeper } = await import('./expiry-sweeper');
    const unpaid = await place();
    const paid = await place();
    await t.call('POST', `/api/orders/${paid._id}/upload`, { token: customer, body: { bankReference: 'UTR11' } });
    await t.project();
    const sweeper = startExpirySweeper(t.deps.orders.db, t.deps.orders.commands, 3_600_000);
    try {
      await sweeper.sweepNow(new Date(Date.now() + 30 * 60_000));
      expect((await json(t.call('GET', `/api/orders/${unpaid._id}`, { token: customer }))).body.status).toBe('pending');
      await sweeper.sweepNow(new Date(Date.now() + 61 * 60_000));
      expect((await json(t.call('GET', `/api/orders/${unpaid._id}`, { token: customer }))).body.status).toBe('expired');
      expect((await json(t.call('GET', `/api/orders/${paid._id}`, { token: customer }))).body.status).toBe('pending');
      const [, expired] = await t.deps.eventStore.readStream(`order-${unpaid._id}`);
      expect(expired).toMatchObject({ type: 'OrderExpired', metadata: { actor: { id: 'expiry-sweeper', role: 'system' } } });
    } finally {
      await sweeper.stop();
    }
  });

  it('takes an order the timer job expired after the read model listed it as overdue in its stride', async ({ t, place }) => {
    const { startExpirySweeper } = await import('./expiry-sweeper');
    const { expireOrderJob } = await import('./order-expiry-jobs');
    const order = await place();
    await t.project();
    const later = new Date(Date.now() + 61 * 60_000);
    // The job expires it first; the read model is not told, so the sweep still lists the order.
    await t.deps.orders.commands.expire(order._id, 'order-expiry-job', later);
    await expireOrderJob(t.deps.orders.commands)({ orderId: order._id });
    const sweeper = startExpirySweeper(t.deps.orders.db, t.deps.orders.commands, 3_600_000);
    try {
      await sweeper.sweepNow(later);
    } finally {
      await sweeper.stop();
    }
    const events = await t.deps.eventStore.readStream(`order-${order._id}`);
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderExpired']);
  });

  it('takes a file only with its payment reference; a reference alone is proof enough', async ({ t, place }) => {
    const buy = await place();
    const events = async (id: string) => (await t.deps.eventStore.readStream(`order-${id}`)).map((e) => e.type);
    const storedFiles = async () => Number((await t.database.pool.query('select count(*) as n from stored_files')).rows[0].n);
    await giveDepositWallet(t); // (its QR code is a stored file too)
    const before = await storedFiles();
    for (const reference of [{}, { bankReference: '   ' }, { bankReference: '' }]) {
      const refused = await json(t.call('POST', `/api/orders/${buy._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PNG_1PX), ...reference } }));
      expect(refused).toEqual({
        status: 400,
        body: { error: 'validation_error', code: 'validation_error', details: [{ path: 'bankReference', message: REFERENCE_REQUIRED }] },
      });
    }
    // A sell's reference is its crypto transaction: the answer names that field.
    const sell = (await json(t.call('POST', '/api/orders/crypto-to-fiat', { token: customer, body: { cryptoAmount: 5, method: 'cash' } }))).body.order;
    const sellRefused = await json(t.call('POST', `/api/orders/${sell._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PNG_1PX) } }));
    expect(sellRefused.body.details).toEqual([{ path: 'cryptoReference', message: REFERENCE_REQUIRED }]);
    expect([await events(buy._id), await events(sell._id), await storedFiles()]).toEqual([['OrderPlaced'], ['OrderPlaced'], before]);

    // Someone else's order is still not found, whatever the body lacks.
    const other = await createCustomer(t, '+919700000009');
    expect((await t.call('POST', `/api/orders/${buy._id}/upload`, { token: other, body: { dataUrl: dataUrl(PNG_1PX) } })).status).toBe(404);

    const byReference = await json(t.call('POST', `/api/orders/${sell._id}/upload`, { token: customer, body: { cryptoReference: '0xabc123' } }));
    expect(byReference.status).toBe(200);
    const withFile = await json(
      t.call('POST', `/api/orders/${buy._id}/upload`, { token: customer, body: { dataUrl: dataUrl(PNG_1PX), bankReference: 'UTR5550001' } }),
    );
    expect(withFile.body.order).toMatchObject({ bankReference: 'UTR5550001', proofCount: 1 });
  });
});
