import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { at, completed, flagged, paymentMatched, placed, placedSell, proof, verified } from './order.fixtures';
import { decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import type { OrderEvent, PaymentMatched } from './order.events';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });

const line = (data: Partial<PaymentMatched['data']> = {}) => {
  const { matchedAt: _, ...match } = (paymentMatched(data) as PaymentMatched).data;
  return match;
};
const match = (mode: 'suggest' | 'verify', data: Partial<PaymentMatched['data']> = {}): OrderCommand => ({
  type: 'MatchPayment',
  match: line(data),
  mode,
  at: at(50),
});
const recorded = (data: Partial<PaymentMatched['data']> = {}): OrderEvent => ({ type: 'PaymentMatched', data: { ...line(data), matchedAt: at(50) } });
const verifiedAt50: OrderEvent = { type: 'OrderVerified', data: { verifiedAt: at(50) } };

describe('a bank statement line matched to an order', () => {
  it('is recorded on the order; a brand that suggests leaves verifying to an admin', () => {
    spec([placed(), proof()]).when(match('suggest')).thenRecords([recorded()]);
  });

  it('verifies a waiting buy on an exact match where the brand lets it', () => {
    spec([placed(), proof()]).when(match('verify')).thenRecords([recorded(), verifiedAt50]);
    // The credit may come before the customer's proof: the bank's word is the stronger one.
    spec([placed()]).when(match('verify')).thenRecords([recorded(), verifiedAt50]);
  });

  it('never verifies a match with something to look at, an assignment, a flagged order or a sell', () => {
    spec([placed(), proof()])
      .when(match('verify', { flags: ['third_party_payer'] }))
      .thenRecords([recorded({ flags: ['third_party_payer'] })]);
    spec([placed(), proof()])
      .when(match('verify', { flags: ['amount_differs'] }))
      .thenRecords([recorded({ flags: ['amount_differs'] })]);
    const assigned = { via: 'assigned', matchedBy: 'admin-a', note: 'Customer called' } as const;
    spec([placed(), proof()])
      .when(match('verify', assigned))
      .thenRecords([recorded(assigned)]);
    spec([placed(), proof(), flagged()]).when(match('verify')).thenRecords([recorded()]);
    const payout = { direction: 'debit' } as const;
    spec([placedSell(), proof(), verified()])
      .when(match('verify', payout))
      .thenRecords([recorded(payout)]);
  });

  it('does not verify twice: an order an admin already verified only records the line', () => {
    spec([placed(), proof(), verified()]).when(match('verify')).thenRecords([recorded()]);
  });

  it('is recorded on a closed order too: money is shown wherever it went', () => {
    spec([placed(), proof(), verified(), completed({ cryptoReference: '0xabc' })])
      .when(match('verify'))
      .thenRecords([recorded()]);
  });

  it('refuses a line for a rejected or cancelled order: that money goes back (review 9, N4)', () => {
    spec([placed(), proof(), { type: 'OrderRejected', data: { rejectedAt: at(20), reason: null, reasonCode: 'other' } }])
      .when(match('suggest'))
      .thenRefuses({ code: 'order_closed' });
    spec([placed(), { type: 'OrderCancelled', data: { cancelledAt: at(20) } }])
      .when(match('suggest'))
      .thenRefuses({ code: 'order_closed' });
  });

  it('records the same line once, and refuses a second line for one order', () => {
    spec([placed(), proof(), paymentMatched()]).when(match('suggest')).thenRecords([]);
    spec([placed(), proof(), paymentMatched()])
      .when(match('suggest', { lineKey: 'b'.repeat(64) }))
      .thenRefuses({ code: 'order_already_matched' });
  });
});
