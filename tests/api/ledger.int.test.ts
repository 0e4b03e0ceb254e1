/**
 * The desk's books over HTTP (issue 28, docs/ledger.md), from real events: a buy paid with a matched
 * statement credit and completed, a sell completed and paid out with a matched debit. The books
 * balance in each currency; the bank account closes where the statement says while every line is
 * explained; a credit no order explains shows as such; a line the desk never received (a gap in the
 * statements) shows as a difference. Every admin and officer reads only their scope, bad input is 400
 * and an officer's read is on their access trail. (Wallets against a real chain: ledger-chain.int.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { confirmPending, createStaff } from '../support/desk-changes';
import { createBrandAdmin } from '../support/brands';
import { giveDepositWallet } from '../support/deposit-wallet';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import { deskDay } from '../../machines/src/ledger/desk-day';
import { Money } from '../../machines/src/pricing/decimal';
import { placeSell } from '../support/place-orders';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HDFC = { bankName: 'HDFC Bank', accountName: 'Zen Desk Trading', accountNumber: '50100012345678', ifsc: 'HDFC0001234', isActive: true };
const PAYOUT_UTR = 'HDFCR52026112700009876';

type Line = { narration: string; ref?: string; debit?: string; credit?: string; balance: string };

const hdfc = bankAccountId('default', HDFC);
const today = deskDay(new Date())!;
const [yyyy, mm, dd] = today.split('-');

// The books of a buy and a sell, each completed and matched to HDFC's statement (made once for the
// file, for every test: each reads them), the statement's upload (its lines grow through the day),
// and the ledger's position as read.
const it = withApp.extend('books', { scope: 'file', auto: true }, async ({ t, admin }) => {
  const lines: Line[] = [];

  /** HDFC's net banking export of today's lines so far, each with the balance after it (a statement grows through the day). */
  const statement = () =>
    Buffer.from(
      [
        'HDFC BANK Ltd.,,,,,,',
        'Account No :,50100012345678,,,,,',
        'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
        ...lines.map(
          (l) =>
            `${dd}/${mm}/${yyyy!.slice(2)},"${l.narration}",${l.ref ?? ''},${dd}/${mm}/${yyyy!.slice(2)},${l.debit ? `"${l.debit}"` : ''},${l.credit ? `"${l.credit}"` : ''},"${l.balance}"`,
        ),
        '',
      ].join('\r\n'),
    );
  const upload = async (...more: Line[]) => {
    lines.push(...more);
    const form = new FormData();
    form.set('file', new File([statement()], 'statement.csv'));
    const response = await t.app.request(`/api/admin/bank-accounts/${hdfc}/statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() },
      body: form,
    });
    expect(response.status).toBe(201);
    await t.project();
    await t.deps.reconciliation.matcher.match({});
    await t.project();
  };
  const position = async (query = '', token = admin, base = '/api/admin') => json(t.call('GET', `${base}/ledger/position${query}`, { token }));

  const saved = await json(t.call('PUT', '/api/admin/tenants/default', { token: admin, body: { bankAccounts: [HDFC] } }));
  expect(saved.status).toBe(202);
  await confirmPending(t, saved.body.change._id);
  await giveDepositWallet(t);

  // A buy of ₹8,500, paid into HDFC with its UTR, verified and completed.
  const ravi = await createCustomer(t, '+919833000001');
  const buy = await json(
    t.call('POST', '/api/orders/fiat-to-crypto', { token: ravi, body: { fiatAmount: 8_500, network: 'TRC20', withdrawAddress: TRON, method: 'bank' } }),
  );
  expect(buy.status).toBe(201);
  const buyId = buy.body.order._id as string;
  expect((await t.call('POST', `/api/orders/${buyId}/upload`, { token: ravi, body: { bankReference: '412345678901' } })).status).toBe(200);
  await upload({
    narration: 'UPI-RAVI KUMAR-RAVI@OKAXIS-HDFC0001234-412345678901-ORDER',
    ref: '0000412345678901',
    credit: '8,500.00',
    balance: '1,08,500.00',
  });
  expect((await t.call('POST', `/api/admin/orders/${buyId}/verify`, { token: admin, body: {} })).status).toBe(200);
  expect((await t.call('POST', `/api/admin/orders/${buyId}/complete`, { token: admin, body: { cryptoReference: `0x${'cd'.repeat(32)}` } })).status).toBe(200);

  // A sell of 100 USDT, completed with the payout's UTR, which the next statement shows leaving.
  const kiran = await createCustomer(t, '+919833000002');
  const sell = await placeSell(t, kiran);
  expect(sell.status).toBe(201);
  const sellId = sell.body.order._id as string;
  expect(sell.body.order.fiatAmount).toBe('8500');
  expect((await t.call('POST', `/api/orders/${sellId}/upload`, { token: kiran, body: { cryptoReference: `0x${'ab'.repeat(32)}` } })).status).toBe(200);
  expect((await t.call('POST', `/api/admin/orders/${sellId}/verify`, { token: admin, body: {} })).status).toBe(200);
  expect((await t.call('POST', `/api/admin/orders/${sellId}/complete`, { token: admin, body: { bankUtr: PAYOUT_UTR } })).status).toBe(200);
  await upload({ narration: `RTGS DR-SBIN0001234-KIRAN SHAH-${PAYOUT_UTR}`, ref: PAYOUT_UTR, debit: '8,500.00', balance: '1,00,000.00' });
  return { upload, position };
});

const bankOf = (body: any) => body.position.accounts.find((a: any) => a.account === `bank:${hdfc}`);

describe('the desk’s books', () => {
  it('balance in each currency, and the bank account closes where the statement says while every line is explained', async ({ books: { position } }) => {
    const { status, body } = await position();
    expect(status).toBe(200);
    expect(body.position).toMatchObject({ tenantId: 'default', day: today, today: true });
    // An operator admin reads every brand: the answer lists them to choose from.
    expect(body.brands).toEqual(expect.arrayContaining([{ id: 'default', name: expect.any(String) }]));
    for (const book of body.position.books) {
      expect(book.balanced, `${book.currency} balances`).toBe(true);
      expect(new Money(book.debits).eq(book.credits)).toBe(true);
    }
    expect(body.position.books.map((b: any) => b.currency)).toEqual(['INR', 'USDT']);
    expect(bankOf(body)).toMatchObject({
      label: 'HDFC Bank ••••5678',
      opening: '100000',
      in: '8500',
      out: '8500',
      closing: '100000',
      source: { kind: 'balance', amount: '100000.00', asOf: today, from: 'statement_line' },
      difference: '0',
      status: 'agrees',
      words: 'Agrees with the statement',
      notExplained: { amount: '0' },
    });
    // Both orders' INR is settled; the USDT sides wait for the chain, which this desk does not read.
    const balance = (account: string, currency: string) => body.position.balances.find((b: any) => b.account === account && b.currency === currency)?.balance;
    expect(balance('owed_to_customers', 'INR')).toBe('0');
    expect(balance('owed_to_customers', 'USDT')).toBe('0'); // 100 owed for the buy, 100 paid for by the sell, neither seen on chain
    expect(balance('opening_balances', 'INR')).toBe('100000');
    // The TRC20 wallet is listed, not checked: no node is configured.
    expect(body.position.accounts.find((a: any) => a.account === 'wallet:TRC20')).toMatchObject({
      status: 'not_checked',
      source: { kind: 'none', reason: 'chain_not_configured' },
    });
  });

  it('shows a credit no order explains, and a line the desk never received as a difference', async ({ books: { upload, position } }) => {
    await upload({
      narration: 'UPI-MEERA NAIR-MEERA@OKICICI-ICIC0001234-612345678903-GIFT',
      ref: '0000612345678903',
      credit: '7,500.00',
      balance: '1,07,500.00',
    });
    let bank = bankOf((await position()).body);
    expect(bank).toMatchObject({ closing: '107500', status: 'agrees', notExplained: { amount: '7500', words: '₹7,500 came in that no order explains yet' } });

    // The bank's balance after the next line says ₹1,000 came in that no statement line the desk holds shows.
    await upload({ narration: 'NEFT CR-UTIB0000123-ASHA TRADERS-N331260000123', ref: 'N331260000123', credit: '500.00', balance: '1,09,000.00' });
    bank = bankOf((await position()).body);
    expect(bank).toMatchObject({
      closing: '108000',
      source: { amount: '109000.00' },
      difference: '-1000',
      status: 'differs',
      words: 'Differs: the books show ₹1,000 less than the statement',
    });
  });

  it('reads a day in the past from the books as they stood, and refuses days it cannot read', async ({ t, admin, books: { position } }) => {
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const past = await position(`?day=${yesterday}`);
    expect(past.status).toBe(200);
    // The statement's opening balance counts the day before its first line.
    expect(bankOf(past.body)).toMatchObject({ opening: '100000', in: '0', out: '0', closing: '100000', status: 'not_checked' });
    expect(past.body.position.today).toBe(false);
    for (const bad of ['?day=2026-02-30', '?day=yesterday', '?day=2999-01-01', '?tenantId=']) {
      const refused = await position(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body, bad).toMatchObject({ error: 'validation_error', code: 'validation_error' });
    }
    expect((await position('?tenantId=no-such-brand')).status).toBe(404);
    // Nothing a query can hold answers 500.
    for (const odd of ['?tenantId=../../etc', `?tenantId=${'x'.repeat(101)}`, '?tenantId=%E2%80%AE', '?day=2026-11-20T00:00', '?day=a&day=b', '?day=%00']) {
      expect((await position(odd)).status, odd).toBeLessThan(500);
      expect((await t.call('GET', `/api/admin/ledger/entries.csv${odd}&from=2026-01-01&to=2026-01-02`, { token: admin })).status, odd).toBeLessThan(500);
    }
  });

  it('exports the entries as CSV, a header first, streamed', async ({ t, admin }) => {
    const response = await t.call('GET', `/api/admin/ledger/entries.csv?from=2020-01-01&to=${today}`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const rows = (await response.text()).trim().split('\n');
    expect(rows[0]).toBe('day,brand,posting,account,accountName,currency,debit,credit,orderRef,orderId,bankAccountId,lineKey,txHash,eventId,recordedAt');
    expect(rows.filter((r) => r.includes(',opening_balance,'))).toHaveLength(2);
    expect(rows.filter((r) => r.includes(',order_completed,'))).toHaveLength(8); // no fee, no spread: 2 lines a currency an order
    expect(rows.some((r) => r.includes('HDFC Bank ••••5678'))).toBe(true);
    const refused = await json(t.call('GET', `/api/admin/ledger/entries.csv?from=${today}&to=2020-01-01`, { token: admin }));
    expect(refused).toMatchObject({ status: 400, body: { error: 'validation_error', code: 'validation_error' } });
    expect((await t.call('GET', '/api/admin/ledger/entries.csv', { token: admin })).status).toBe(400);
  });

  it('lets a brand admin read only their brand, and a compliance officer read (on their trail) but never act', async ({ t, admin, books: { position } }) => {
    const brand = await createBrandAdmin(t, 'books.localhost', '+919833000009');
    const own = await position('', brand.token);
    expect(own.status).toBe(200);
    expect(own.body.position).toMatchObject({ tenantId: brand.tenantId, accounts: [], books: [] });
    expect(own.body.brands).toBeNull();
    expect((await position('?tenantId=default', brand.token)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/ledger/entries.csv?tenantId=default&from=2020-01-01&to=2020-01-02', { token: brand.token })).status).toBe(403);

    await createStaff(t, { phone: '+919833000010', password: 'compliance1', username: 'Books officer', roles: ['compliance'] });
    const officer = await t.login('+919833000010', 'compliance1');
    const read = await position('?tenantId=default', officer, '/api/compliance');
    expect(read.status).toBe(200);
    expect(bankOf(read.body)).toMatchObject({ closing: '108000', status: 'differs' });
    const csv = await t.call('GET', `/api/compliance/ledger/entries.csv?from=2020-01-01&to=${today}`, { token: officer });
    expect(csv.status).toBe(200);
    await csv.text();
    // Not an admin: the admin's routes are refused; both reads are on the officer's access trail.
    expect((await position('', officer)).status).toBe(403);
    await t.project();
    const trail = await json(t.call('GET', '/api/compliance/access', { token: officer }));
    expect(trail.body.events.map((e: any) => e.data.view)).toEqual(expect.arrayContaining(['ledger_position', 'ledger_export']));
    // An admin is not an officer.
    expect((await position('', admin, '/api/compliance')).status).toBe(403);
  });
});
