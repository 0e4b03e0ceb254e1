/**
 * Bank statement lines matched to orders over HTTP (issue 28, decision 0032): a credit carrying a
 * buy's UTR is recorded on the order (PaymentMatched), flagged when its payer is not the customer,
 * and verifies the order only where the brand lets it (a change a second admin confirms); what
 * matches nothing waits in the unmatched queue, where an admin assigns it or marks it for refund;
 * a payout debit matches its sell; an order verified with no credit behind it is listed; and each
 * admin reads and decides only in their scope.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { changeConfirmed, confirmPending } from '../support/desk-changes';
import { createBrandAdmin } from '../support/brands';
import { giveDepositWallet } from '../support/deposit-wallet';
import { waitFor } from '../support/wait-for';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import { orderStream } from '../../services/src/orders/order-store';
import { placeSell } from '../support/place-orders';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };

/** A statement as HDFC's net banking exports it (the preset "Withdrawal/Deposit columns"): one row per line. */
function hdfcStatement(lines: { day: string; narration: string; ref?: string; debit?: string; credit?: string }[]): Buffer {
  const rows = lines.map(
    (l) => `${l.day},"${l.narration}",${l.ref ?? ''},${l.day},${l.debit ? `"${l.debit}"` : ''},${l.credit ? `"${l.credit}"` : ''},"1,00,000.00"`,
  );
  return Buffer.from(
    [
      'HDFC BANK Ltd.,,,,,,',
      'Account No :,50100012345678,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      ...rows,
      '',
    ].join('\r\n'),
  );
}

describe('statement lines matched to orders', () => {
  let admin: string;
  const hdfc = bankAccountId('default', HDFC);

  /** The desk's steps these tests take, on the file's app (one fixture: the tests name `desk`, not six helpers). */
  const it = withApp.extend('desk', ({ t }) => ({
    upload: async (token: string, accountId: string, bytes: Buffer) => {
      const form = new FormData();
      form.set('file', new File([bytes], 'statement.csv'));
      const response = await t.app.request(`/api/admin/bank-accounts/${accountId}/statements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as any };
    },
    buy: async (token: string, fiatAmount: number, utr: string | null) => {
      const placed = await json(
        t.call('POST', '/api/orders/fiat-to-crypto', { token, body: { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
      );
      expect(placed.status).toBe(201);
      const order = placed.body.order as { _id: string; refCode: string };
      if (utr) expect((await t.call('POST', `/api/orders/${order._id}/upload`, { token, body: { bankReference: utr } })).status).toBe(200);
      return order;
    },
    customerWithAccount: async (phone: string, holder: string) => {
      const token = await createCustomer(t, phone);
      const saved = await t.call('POST', '/api/user/bank-account', {
        token,
        body: { bankName: 'SBI', accountHolder: holder, accountNumber: '30012345678', ifsc: 'SBIN0001234' },
      });
      expect(saved.status).toBe(201);
      return token;
    },
    adminOrder: async (id: string) => (await json(t.call('GET', `/api/admin/orders/${id}`, { token: admin }))).body,
    eventsOf: async (id: string) => (await t.deps.eventStore.readStream(orderStream(id))).map((e) => e.type),
    /** What the projector and the matching job do in the background, done now. */
    settle: async () => {
      await t.project();
      await t.deps.reconciliation.matcher.match({});
      await t.project();
    },
  }));

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
    expect(saved.status).toBe(202);
    await confirmPending(t, saved.body.change._id);
    await giveDepositWallet(t);
  });

  it("records a credit on the buy carrying its UTR, flags a third party's payment, and leaves verifying to an admin", async ({ t, desk }) => {
    const ravi = await desk.customerWithAccount('+919811000001', 'Ravi Kumar');
    const own = await desk.buy(ravi, 25_000, 'UTR 4123 4567 8901');
    const paidByOther = await desk.buy(ravi, 10_000, '512345678902');
    const statement = hdfcStatement([
      { day: '20/11/26', narration: 'UPI-RAVI KUMAR-RAVI@OKAXIS-HDFC0001234-412345678901-ORDER', ref: '0000412345678901', credit: '25,000.00' },
      { day: '20/11/26', narration: 'UPI-ANIL SHARMA-ANIL@OKSBI-SBIN0001234-512345678902-PAY', ref: '0000512345678902', credit: '10,000.00' },
      { day: '21/11/26', narration: 'UPI-MEERA NAIR-MEERA@OKICICI-ICIC0001234-612345678903-GIFT', ref: '0000612345678903', credit: '7,500.00' },
    ]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    await desk.settle();

    const matched = await desk.adminOrder(own._id);
    expect(matched.status).toBe('pending'); // the brand suggests: an admin verifies
    expect(matched.bankMatch).toMatchObject({
      accountId: hdfc,
      accountLabel: 'HDFC Bank ••••5678',
      amount: '25000.00',
      reference: '412345678901',
      via: 'reference',
      flags: [],
    });
    expect(await desk.eventsOf(own._id)).toEqual(['OrderPlaced', 'ProofSubmitted', 'PaymentMatched']);
    const flagged = await desk.adminOrder(paidByOther._id);
    expect(flagged.bankMatch).toMatchObject({ payerName: 'Anil Sharma', flags: ['third_party_payer'] });

    // The lines page says what became of each line; the third waits in the queue.
    const lines = await json(t.call('GET', `/api/admin/bank-accounts/${hdfc}/lines?state=matched`, { token: admin }));
    expect(lines.body.lines.map((l: any) => [l.match.refCode, l.match.flags])).toEqual(
      expect.arrayContaining([
        [own.refCode, []],
        [paidByOther.refCode, ['third_party_payer']],
      ]),
    );
    const queue = await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }));
    expect(queue.status).toBe(200);
    expect(queue.body.lines).toEqual([expect.objectContaining({ amount: '7500.00', accountLabel: 'HDFC Bank ••••5678', match: null, refund: null })]);
  });

  it('matches nothing twice: the same statement again, or a second line with a reference already paid (which flags the order)', async ({ desk }) => {
    const priya = await desk.customerWithAccount('+919811000002', 'Priya Das');
    const order = await desk.buy(priya, 3_000, '712345678904');
    const first = hdfcStatement([{ day: '22/11/26', narration: 'UPI-PRIYA DAS-PRIYA@OKAXIS-UTIB0001234-712345678904-X', credit: '3,000.00' }]);
    expect((await desk.upload(admin, hdfc, first)).status).toBe(201);
    await desk.settle();
    expect((await desk.upload(admin, hdfc, first)).body.statement.newLineCount).toBe(0);
    // The bank shows the same UTR again the next day (a second credit with the reference typed for one order).
    const again = hdfcStatement([{ day: '23/11/26', narration: 'IMPS-712345678904-PRIYA DAS-TOPUP', credit: '3,000.00' }]);
    expect((await desk.upload(admin, hdfc, again)).status).toBe(201);
    await desk.settle();
    const events = await desk.eventsOf(order._id);
    expect(events.filter((type) => type === 'PaymentMatched')).toHaveLength(1);
    expect((await desk.adminOrder(order._id)).flags).toEqual([expect.objectContaining({ kind: 'reference_matched_elsewhere', relatedOrderId: null })]);
  });

  it('verifies an exact match by itself only once the brand lets it, a change a second admin confirms', async ({ t, desk }) => {
    const change = await changeConfirmed(t, 'PUT', '/api/admin/settings', { token: admin, body: { controls: { bankMatch: 'verify' } } });
    expect(change.confirmed).toBe(true); // a loosening: one admin alone could not
    const sunil = await desk.customerWithAccount('+919811000003', 'Sunil Rao');
    const exact = await desk.buy(sunil, 4_000, '812345678905');
    const short = await desk.buy(sunil, 5_000, '812345678906');
    const statement = hdfcStatement([
      { day: '24/11/26', narration: 'UPI-SUNIL RAO-SUNIL@OKAXIS-UTIB0001234-812345678905-X', credit: '4,000.00' },
      { day: '24/11/26', narration: 'UPI-SUNIL RAO-SUNIL@OKAXIS-UTIB0001234-812345678906-X', credit: '4,999.00' },
    ]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    await desk.settle();
    expect(await desk.adminOrder(exact._id)).toMatchObject({ status: 'fiat_received', bankMatch: { flags: [] } });
    expect(await desk.eventsOf(exact._id)).toEqual(['OrderPlaced', 'ProofSubmitted', 'PaymentMatched', 'OrderVerified']);
    // An amount short of the order is shown, never verified.
    expect(await desk.adminOrder(short._id)).toMatchObject({ status: 'pending', bankMatch: { amount: '4999.00', flags: ['amount_differs'] } });
    await changeConfirmed(t, 'PUT', '/api/admin/settings', { token: admin, body: { controls: { bankMatch: 'suggest' } } });
  });

  it('lets an admin assign a queued credit to an order, or mark it for refund, each once and with who', async ({ t, desk }) => {
    const meera = await desk.customerWithAccount('+919811000004', 'Meera Nair');
    const order = await desk.buy(meera, 7_500, null); // she never typed her UTR
    await t.project();
    const queue = await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }));
    const line = queue.body.lines.find((l: any) => l.amount === '7500.00');
    expect(line.candidates).toEqual([expect.objectContaining({ refCode: order.refCode, fiatAmount: '7500' })]);
    const path = `/api/admin/bank-accounts/${hdfc}/lines/${line.key}`;
    expect(await json(t.call('POST', `${path}/assign`, { token: admin, body: { refCode: '' } }))).toMatchObject({ status: 400 });
    const assigned = await json(
      t.call('POST', `${path}/assign`, { token: admin, body: { refCode: order.refCode, note: 'Customer called with her UPI receipt' } }),
    );
    expect(assigned.status).toBe(200);
    const events = await t.deps.eventStore.readStream(orderStream(order._id));
    expect(events.at(-1)).toMatchObject({
      type: 'PaymentMatched',
      data: { via: 'assigned', note: 'Customer called with her UPI receipt', payerName: 'Meera Nair', flags: [] },
      metadata: { actor: { role: 'admin' } },
    });
    expect((await desk.adminOrder(order._id)).status).toBe('pending'); // assigning never verifies
    // Decided once: assigning again, or marking it for refund, is refused.
    expect(await json(t.call('POST', `${path}/assign`, { token: admin, body: { refCode: order.refCode } }))).toMatchObject({ status: 409 });
    await t.project();
    expect(await json(t.call('POST', `${path}/refund`, { token: admin, body: { note: 'x' } }))).toMatchObject({
      status: 409,
      body: { code: 'line_already_decided' },
    });

    const stray = hdfcStatement([
      { day: '25/11/26', narration: 'NEFT CR-KKBK0001234-UNKNOWN TRADERS-N987654321098', ref: 'N987654321098', credit: '1,234.00' },
    ]);
    expect((await desk.upload(admin, hdfc, stray)).status).toBe(201);
    await desk.settle();
    const strayLine = (await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }))).body.lines.find((l: any) => l.amount === '1234.00');
    const strayPath = `/api/admin/bank-accounts/${hdfc}/lines/${strayLine.key}/refund`;
    expect(await json(t.call('POST', strayPath, { token: admin, body: { note: ' ' } }))).toMatchObject({ status: 400 });
    const refunded = await json(t.call('POST', strayPath, { token: admin, body: { note: 'No order: sender asked for it back' } }));
    expect(refunded).toMatchObject({ status: 200, body: { refund: { note: 'No order: sender asked for it back' } } });
    await t.project();
    const after = await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }));
    expect(after.body.lines.find((l: any) => l.key === strayLine.key)).toBeUndefined();
    const marked = await json(t.call('GET', `/api/admin/bank-accounts/${hdfc}/lines?state=refund`, { token: admin }));
    expect(marked.body.lines).toEqual([
      expect.objectContaining({ key: strayLine.key, refund: expect.objectContaining({ note: 'No order: sender asked for it back' }) }),
    ]);
  });

  it('matches a payout debit to the sell it paid, and lists an order verified with no credit behind it', async ({ t, desk }) => {
    const kiran = await desk.customerWithAccount('+919811000005', 'Kiran Shah');
    const sold = await placeSell(t, kiran);
    expect(sold.status).toBe(201);
    const sell = sold.body.order;
    expect((await t.call('POST', `/api/orders/${sell._id}/upload`, { token: kiran, body: { cryptoReference: `0x${'ab'.repeat(32)}` } })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/orders/${sell._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const completed = await json(t.call('POST', `/api/admin/orders/${sell._id}/complete`, { token: admin, body: { bankUtr: 'HDFCR52026112600001234' } }));
    expect(completed.status).toBe(200);
    const unpaid = await desk.buy(kiran, 2_000, '912345678907');
    expect((await t.call('POST', `/api/admin/orders/${unpaid._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    await t.project();
    const without = await json(t.call('GET', '/api/admin/reconciliation/orders-without-money', { token: admin }));
    expect(without.body.orders.map((o: any) => [o.refCode, o.missing])).toEqual(
      expect.arrayContaining([
        [unpaid.refCode, 'credit'],
        [sell.refCode, 'debit'],
      ]),
    );

    const payout = hdfcStatement([
      { day: '26/11/26', narration: 'RTGS DR-SBIN0001234-KIRAN SHAH-HDFCR52026112600001234', ref: 'HDFCR52026112600001234', debit: sell.fiatAmount },
    ]);
    expect((await desk.upload(admin, hdfc, payout)).status).toBe(201);
    await desk.settle();
    expect((await desk.adminOrder(sell._id)).bankMatch).toMatchObject({ direction: 'debit', flags: [] });
    const still = await json(t.call('GET', '/api/admin/reconciliation/orders-without-money', { token: admin }));
    expect(still.body.orders.map((o: any) => o.refCode)).not.toContain(sell.refCode);
    expect(still.body.orders.map((o: any) => o.refCode)).toContain(unpaid.refCode);
  });

  it('matches by itself after an import and after a proof, once the read models hold what it matches', async ({ t, desk }) => {
    const asha = await desk.customerWithAccount('+919811000006', 'Asha Iyer');
    const early = await desk.buy(asha, 6_000, '312345678908');
    const statement = hdfcStatement([
      { day: '26/11/26', narration: 'UPI-ASHA IYER-ASHA@OKAXIS-UTIB0001234-312345678908-X', credit: '6,000.00' },
      { day: '26/11/26', narration: 'UPI-ASHA IYER-ASHA@OKAXIS-UTIB0001234-312345678909-X', credit: '6,500.00' },
    ]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    // The import's job waits (and retries) until the projector has recorded the lines.
    await t.project();
    await waitFor('the import matched', async () => ((await desk.eventsOf(early._id)).includes('PaymentMatched') ? true : null));
    // A proof typed after the statement came: the proof's job finds the line.
    const late = await desk.buy(asha, 6_500, '312345678909');
    await t.project();
    await waitFor('the proof matched', async () => ((await desk.eventsOf(late._id)).includes('PaymentMatched') ? true : null));
  });

  it("never lets one brand's statement claim another brand's order: the order is flagged, the line stays in its queue (review 8, F1)", async ({ t, desk }) => {
    const brand = await createBrandAdmin(t, 'other.example', '+919811000019');
    const theirAccount = { bankName: 'Axis Bank', accountName: 'Other Brand', accountNumber: '91702001234567', ifsc: 'UTIB0001234', isActive: true };
    const saved = await json(t.call('PUT', `/api/admin/tenants/${brand.tenantId}`, { token: admin, body: { bankAccounts: [theirAccount] } }));
    await confirmPending(t, saved.body.change._id);
    const theirs = bankAccountId(brand.tenantId, theirAccount);
    const ours = await desk.buy(await desk.customerWithAccount('+919811000010', 'Dev Anand'), 9_000, '222345678901');
    const statement = Buffer.from(
      hdfcStatement([{ day: '26/11/26', narration: 'UPI-DEV ANAND-DEV@OKAXIS-UTIB0001234-222345678901-X', credit: '9,000.00' }])
        .toString()
        .replace('50100012345678', theirAccount.accountNumber),
    );
    expect((await desk.upload(brand.token, theirs, statement)).status).toBe(201);
    await desk.settle();
    const order = await desk.adminOrder(ours._id);
    expect(order.bankMatch).toBeNull();
    expect(order.flags).toEqual([expect.objectContaining({ kind: 'paid_to_other_brand', relatedOrderId: null })]);
    // Their own lines show nothing of our order; the line waits in their queue.
    const lines = await json(t.call('GET', `/api/admin/bank-accounts/${theirs}/lines`, { token: brand.token }));
    expect(lines.body.lines).toEqual([expect.objectContaining({ match: null, refund: null })]);
    // Nor does their upload hold up our payout: the flag informs (review 9, N1).
    expect((await t.call('POST', `/api/admin/orders/${ours._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    expect(
      (await t.call('POST', `/api/admin/orders/${ours._id}/crypto-sent`, { token: admin, body: { cryptoReference: `0x${'34'.repeat(32)}` } })).status,
    ).toBe(200);

    // A line of theirs an operator's admin assigns to their own order: the brand's admin sees the order, not which of the operator's staff (review 9, N5).
    const theirCustomer = await createCustomer(t, '+919811000018', 'secret1', { tenantId: brand.tenantId, host: 'other.example' });
    const theirOrder = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: theirCustomer,
        headers: { host: 'other.example' },
        body: { fiatAmount: 9_000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      }),
    );
    expect(theirOrder.status).toBe(201);
    await t.project();
    const line = lines.body.lines[0];
    const assigned = `/api/admin/bank-accounts/${theirs}/lines/${line.key}/assign`;
    expect((await t.call('POST', assigned, { token: admin, body: { refCode: theirOrder.body.order.refCode, note: 'operator desk' } })).status).toBe(200);
    await t.project();
    const seen = await json(t.call('GET', `/api/admin/bank-accounts/${theirs}/lines?state=matched`, { token: brand.token }));
    expect(seen.body.lines[0].match).toMatchObject({ refCode: theirOrder.body.order.refCode, matchedBy: null });
  });

  it('leaves money for a rejected order in the queue, and holds up a payout whose reference another order also carries (review 9, N2, N4)', async ({
    t,
    desk,
  }) => {
    const nila = await desk.customerWithAccount('+919811000030', 'Nila Das');
    const rejected = await desk.buy(nila, 4_444, '252345678901');
    expect((await t.call('POST', `/api/admin/orders/${rejected._id}/reject`, { token: admin, body: { reason: 'No such payment' } })).status).toBe(200);
    const twice = [await desk.buy(nila, 5_555, '262345678901'), await desk.buy(nila, 5_555, '262345678901')];
    const statement = hdfcStatement([{ day: '28/11/26', narration: 'UPI-NILA DAS-NILA@OKAXIS-UTIB0001234-252345678901-X', credit: '4,444.00' }]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    await desk.settle();
    expect((await desk.adminOrder(rejected._id)).bankMatch).toBeNull();
    const queue = (await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }))).body.lines as any[];
    expect(queue.some((l) => l.amount === '4444.00')).toBe(true);
    // The same UTR on two orders: once the evidence check flags them, paying either out takes two admins.
    await waitFor('the duplicate UTR flagged', async () => ((await desk.adminOrder(twice[1]!._id)).flags.length > 0 ? true : null));
    expect((await t.call('POST', `/api/admin/orders/${twice[1]!._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const paid = await json(
      t.call('POST', `/api/admin/orders/${twice[1]!._id}/crypto-sent`, { token: admin, body: { cryptoReference: `0x${'56'.repeat(32)}` } }),
    );
    expect(paid).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
  });

  it("shows a brand only that its order was paid into another brand's account, and never assigns money to a closed order (review 8, F5, F6)", async ({
    t,
    desk,
  }) => {
    const brand = await createBrandAdmin(t, 'third.example', '+919811000029');
    const host = { tenantId: brand.tenantId, host: 'third.example' };
    const token = await createCustomer(t, '+919811000028', 'secret1', host);
    const placed = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token,
        headers: { host: 'third.example' },
        body: { fiatAmount: 3_333, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
      }),
    );
    expect(placed.status).toBe(201);
    const theirOrder = placed.body.order as { _id: string; refCode: string };
    const cancelled = await desk.buy(await desk.customerWithAccount('+919811000027', 'Gita Rao'), 3_334, null);
    expect((await t.call('POST', `/api/orders/${cancelled._id}/cancel`, { token: await t.login('+919811000027', 'secret1'), body: {} })).status).toBe(200);
    const statement = hdfcStatement([
      { day: '27/11/26', narration: 'NEFT CR-KKBK0000999-WRONG BRAND PAYER-N712345678903', ref: 'N712345678903', credit: '3,333.00' },
      { day: '27/11/26', narration: 'NEFT CR-KKBK0000999-GITA RAO-N712345678904', ref: 'N712345678904', credit: '3,334.00' },
    ]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    await desk.settle();
    const queue = (await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }))).body.lines as any[];
    const path = (amount: string) => `/api/admin/bank-accounts/${hdfc}/lines/${queue.find((l) => l.amount === amount).key}/assign`;
    // Money for a cancelled order goes back: refused, the line stays in the queue.
    expect(await json(t.call('POST', path('3334.00'), { token: admin, body: { refCode: cancelled.refCode } }))).toMatchObject({
      status: 409,
      body: { code: 'order_closed' },
    });
    // The operator assigns the other brand's customer's payment: flagged, and the brand sees no account of ours.
    expect((await t.call('POST', path('3333.00'), { token: admin, body: { refCode: theirOrder.refCode } })).status).toBe(200);
    const history = await json(t.call('GET', `/api/admin/orders/${theirOrder._id}/history`, { token: brand.token, headers: { host: 'third.example' } }));
    const matched = history.body.events.find((e: any) => e.type === 'PaymentMatched');
    expect(matched.data).toMatchObject({
      accountId: null,
      lineKey: null,
      narration: null,
      accountLabel: "Another brand's account",
      flags: ['other_brand_account'],
    });
    expect(matched.data.matchedBy).toBeNull();
    // The operator sees all of it.
    const full = await json(t.call('GET', `/api/admin/orders/${theirOrder._id}/history`, { token: admin }));
    expect(full.body.events.find((e: any) => e.type === 'PaymentMatched').data).toMatchObject({ accountId: hdfc, accountLabel: 'HDFC Bank ••••5678' });
  });

  it('makes paying out an order whose money is in doubt two admins’ call: a third party’s payment, a reversal (review 8, F3, F4)', async ({ t, desk }) => {
    const kumar = await desk.customerWithAccount('+919811000011', 'Kumar Sanu');
    const doubtful = await desk.buy(kumar, 11_000, '232345678901');
    const assignedThenReversed = await desk.buy(kumar, 12_000, null);
    const statement = hdfcStatement([
      { day: '27/11/26', narration: 'UPI-RAHUL ROY-RAHUL@OKAXIS-UTIB0001234-232345678901-X', credit: '11,000.00' },
      { day: '27/11/26', narration: 'UPI-KUMAR SANU-KUMAR@OKAXIS-UTIB0001234-242345678901-X', credit: '12,000.00' },
    ]);
    expect((await desk.upload(admin, hdfc, statement)).status).toBe(201);
    await desk.settle();
    expect((await desk.adminOrder(doubtful._id)).bankMatch).toMatchObject({ flags: ['third_party_payer'] });
    expect((await t.call('POST', `/api/admin/orders/${doubtful._id}/verify`, { token: admin, body: {} })).status).toBe(200);
    const paid = await json(
      t.call('POST', `/api/admin/orders/${doubtful._id}/crypto-sent`, { token: admin, body: { cryptoReference: `0x${'12'.repeat(32)}` } }),
    );
    expect(paid).toMatchObject({ status: 409, body: { code: 'payout_needs_approval' } });
    const asked = await json(t.call('POST', `/api/admin/orders/${doubtful._id}/complete`, { token: admin, body: {} }));
    expect(asked.status).toBe(202);
    expect(asked.body.order.completionRequest.reasons).toContain('money_in_doubt');

    // The second credit is assigned by hand (its customer typed nothing); then the bank reverses it.
    const queue = await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: admin }));
    const line = queue.body.lines.find((l: any) => l.amount === '12000.00');
    const assign = `/api/admin/bank-accounts/${hdfc}/lines/${line.key}/assign`;
    expect((await t.call('POST', assign, { token: admin, body: { refCode: assignedThenReversed.refCode } })).status).toBe(200);
    await t.project();
    const reversal = hdfcStatement([{ day: '28/11/26', narration: 'UPI/REV/242345678901/KUMAR SANU', debit: '12,000.00' }]);
    expect((await desk.upload(admin, hdfc, reversal)).status).toBe(201);
    await desk.settle();
    expect((await desk.adminOrder(assignedThenReversed._id)).flags).toEqual([expect.objectContaining({ kind: 'payment_reversed' })]);
  });

  it("keeps a brand admin to their brand's lines and orders", async ({ t }) => {
    const brand = await createBrandAdmin(t, 'matching.example', '+919811000009');
    const queue = await json(t.call('GET', '/api/admin/reconciliation/unmatched', { token: brand.token }));
    expect(queue).toMatchObject({ status: 200, body: { lines: [] } });
    expect((await t.call('GET', '/api/admin/reconciliation/unmatched?tenantId=default', { token: brand.token })).status).toBe(403);
    expect((await json(t.call('GET', '/api/admin/reconciliation/orders-without-money', { token: brand.token }))).body.orders).toEqual([]);
    const key = 'a'.repeat(64);
    expect((await t.call('POST', `/api/admin/bank-accounts/${hdfc}/lines/${key}/assign`, { token: brand.token, body: { refCode: 'ORD-X' } })).status).toBe(404);
    expect((await t.call('POST', `/api/admin/bank-accounts/${hdfc}/lines/${key}/refund`, { token: brand.token, body: { note: 'x' } })).status).toBe(404);
  });
});
