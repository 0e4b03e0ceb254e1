import { describe, expect, it } from 'vitest';
import { matchFlags, matchLine, type LineToMatch, type OrderToMatch } from './payment-match';
import { referenceKeys, sameReference } from './reference-match';

const line = (data: Partial<LineToMatch> = {}): LineToMatch => ({
  accountId: 'account-1',
  accountTenantId: 'brand-a',
  key: 'k'.repeat(64),
  direction: 'credit',
  amount: '25000.00',
  references: ['412345678901'],
  payerName: 'RAVI KUMAR',
  reversal: false,
  ...data,
});
const order = (data: Partial<OrderToMatch> = {}): OrderToMatch => ({
  orderId: 'order-1',
  refCode: 'ORD-000001',
  tenantId: 'brand-a',
  orderType: 'fiat_to_crypto',
  status: 'pending',
  fiatAmount: '25000',
  references: ['UTR 4123 4567 8901'],
  bankMatch: null,
  holderNames: ['Ravi Kumar'],
  placedAt: '2026-11-27T10:00:00.000Z',
  ...data,
});

describe('which order a statement line pays', () => {
  it('matches a credit to the buy carrying its reference, with nothing to look at', () => {
    expect(matchLine(line(), [order()])).toEqual({ kind: 'match', order: order(), flags: [] });
  });

  it('matches a payout debit to the sell whose payout UTR it carries, never a credit to a sell', () => {
    const sell = order({ orderType: 'crypto_to_fiat', references: ['HDFCN52026112712345678'] });
    expect(matchLine(line({ direction: 'debit', references: ['HDFCN52026112712345678'] }), [sell])).toMatchObject({ kind: 'match', order: sell });
    expect(matchLine(line({ references: ['HDFCN52026112712345678'] }), [sell])).toEqual({ kind: 'none' });
  });

  it('never matches by amount alone, nor on a reference that is not the same payment', () => {
    expect(matchLine(line({ references: [] }), [order()])).toEqual({ kind: 'none' });
    expect(matchLine(line({ references: ['412345678902'] }), [order()])).toEqual({ kind: 'none' });
  });

  it('flags an amount unlike the order and a payer unlike every saved holder', () => {
    expect(matchLine(line({ amount: '24000.00' }), [order()])).toMatchObject({ flags: ['amount_differs'] });
    expect(matchLine(line({ payerName: 'ANIL SHARMA' }), [order()])).toMatchObject({ flags: ['third_party_payer'] });
    // One saved account in the payer's name is enough; a name the bank did not give is no evidence.
    expect(matchLine(line({ payerName: 'ANIL SHARMA' }), [order({ holderNames: ['Ravi Kumar', 'Anil Sharma'] })])).toMatchObject({ flags: [] });
    expect(matchLine(line({ payerName: null }), [order()])).toMatchObject({ flags: [] });
    expect(matchLine(line({ payerName: 'ANIL SHARMA' }), [order({ holderNames: [] })])).toMatchObject({ flags: [] });
  });

  it("never matches another brand's order: it names the order to flag (the customer may have paid the wrong brand)", () => {
    expect(matchLine(line({ accountTenantId: 'brand-b' }), [order()])).toEqual({ kind: 'other_brand', order: order() });
    // Already paid by its own brand's line: nothing to say about it.
    const paid = order({ bankMatch: { accountId: 'account-9', lineKey: 'x'.repeat(64) } });
    expect(matchLine(line({ accountTenantId: 'brand-b' }), [paid])).toEqual({ kind: 'none' });
    // A reversal on one brand's account never flags another brand's order.
    expect(matchLine(line({ accountTenantId: 'brand-b', direction: 'debit', reversal: true }), [paid])).toEqual({ kind: 'none' });
  });

  it("prefers the account's own brand, an order with no line yet, then the amount, then the earliest", () => {
    const other = order({ orderId: 'other-brand', tenantId: 'brand-b', placedAt: '2026-11-27T09:00:00.000Z' });
    const own = order({ orderId: 'own-brand', fiatAmount: '1000' });
    expect(matchLine(line(), [other, own])).toMatchObject({ order: { orderId: 'own-brand' }, flags: ['amount_differs'] });
    const sameAmount = order({ orderId: 'same-amount', placedAt: '2026-11-27T11:00:00.000Z' });
    expect(matchLine(line(), [own, sameAmount])).toMatchObject({ order: { orderId: 'same-amount' }, flags: [] });
    const earlier = order({ orderId: 'earlier', placedAt: '2026-11-27T08:00:00.000Z' });
    expect(matchLine(line(), [sameAmount, earlier])).toMatchObject({ order: { orderId: 'earlier' } });
  });

  it('leaves money for a rejected or cancelled order in the queue (review 9, N4)', () => {
    expect(matchLine(line(), [order({ status: 'rejected' })])).toEqual({ kind: 'none' });
    expect(matchLine(line(), [order({ status: 'cancelled' }), order({ orderId: 'open-one' })])).toMatchObject({
      kind: 'match',
      order: { orderId: 'open-one' },
    });
  });

  it('knows a line it already matched, and flags a reference already paid by another line', () => {
    const paidByThis = order({ bankMatch: { accountId: 'account-1', lineKey: 'k'.repeat(64) } });
    expect(matchLine(line(), [paidByThis])).toEqual({ kind: 'already', order: paidByThis });
    const paidByAnother = order({ bankMatch: { accountId: 'account-1', lineKey: 'x'.repeat(64) } });
    expect(matchLine(line(), [paidByAnother])).toEqual({ kind: 'claimed_elsewhere', order: paidByAnother });
  });

  it('matches a reversal to no order and names the buy its credit paid, matched by reference or assigned', () => {
    const paid = order({ bankMatch: { accountId: 'account-1', lineKey: 'x'.repeat(64) } });
    expect(matchLine(line({ direction: 'debit', reversal: true }), [paid])).toEqual({ kind: 'reversal', order: paid });
    expect(matchLine(line({ direction: 'debit', reversal: true }), [order()])).toEqual({ kind: 'none' });
    // Assigned: the order carries no reference of its own; its credit on this account does.
    const assigned = order({ references: [], bankMatch: { accountId: 'account-1', lineKey: 'x'.repeat(64), reference: '412345678901' } });
    expect(matchLine(line({ direction: 'debit', reversal: true }), [assigned])).toEqual({ kind: 'reversal', order: assigned });
    const elsewhere = order({ references: [], bankMatch: { accountId: 'account-2', lineKey: 'x'.repeat(64), reference: '412345678901' } });
    expect(matchLine(line({ direction: 'debit', reversal: true }), [elsewhere])).toEqual({ kind: 'none' });
  });

  it('flags an assignment the same way as a match', () => {
    expect(matchFlags(line({ amount: '1.00', payerName: 'ACME TRADERS' }), order({ tenantId: 'brand-b' }))).toEqual([
      'amount_differs',
      'other_brand_account',
      'third_party_payer',
    ]);
    expect(matchFlags(line({ direction: 'debit', payerName: 'ACME TRADERS' }), order())).toEqual([]);
  });
});

describe('the keys a reference is filed under', () => {
  it('gives every pair sameReference calls the same a shared key', () => {
    const share = (a: string, b: string) => referenceKeys(a).some((key) => referenceKeys(b).includes(key));
    const references = [
      'UTR: 4123 4567 8901',
      '412345678901',
      '0000412345678901',
      '123261234567',
      'N123261234567',
      'SBIN123261234567',
      'hdfc n5 2026 1127 1234 5678',
      'HDFCN52026112712345678',
      '112712345678',
      'IMPS-512345678901',
      '512345678901',
    ];
    const pairs = references.flatMap((a) => references.map((b) => [a, b] as const)).filter(([a, b]) => sameReference(a, b));
    expect(pairs.length).toBeGreaterThan(references.length); // more than each with itself
    for (const [a, b] of pairs) expect(share(a, b), `${a} / ${b}`).toBe(true);
  });

  it('files nothing shorter than twelve characters', () => {
    expect(referenceKeys('12345')).toEqual([]);
    expect(referenceKeys('')).toEqual([]);
  });
});
