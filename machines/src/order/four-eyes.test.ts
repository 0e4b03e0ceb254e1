/**
 * Four eyes as Given/When/Then over an order's events: given the order, when an admin settles it
 * under the brand's rules in force, then it completes, or a second admin is asked to approve the
 * payout before it is sent, and why.
 */
import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import {
  at,
  completionRequested,
  cryptoSent,
  desk,
  expired,
  flagged,
  given,
  payoutApproved,
  placed,
  placedSell,
  proof,
  verified,
  viewOf,
  confirmCompletion,
} from './order.fixtures';
import { decideOrder, orderEvolver, REQUOTE_PAYS_NOTHING, USDT_ALREADY_SENT, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';
import { ACCOUNT_MADE_BY_YOU, orderValueInr, OWN_ORDER, samePerson } from './four-eyes';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });
/** An admin presses Complete; with no payout reference unless given: it asks for approval when four eyes needs it. */
const complete = (rules = desk(), extra: Partial<Extract<OrderCommand, { type: 'CompleteOrder' }>> = {}): OrderCommand => ({
  type: 'CompleteOrder',
  mode: 'complete',
  by: 'admin-a',
  byPhone: '+919000000001',
  accountMadeBy: null,
  requestId: 'request-1',
  desk: rules,
  at: at(30),
  ...extra,
});
/** The customer's proof came after the rate lock: a re-quote is the desk's to make. */
const paidAfterLock = (order: OrderEvent = placed()) => [order, proof({ submittedAt: at(6), afterRateLock: true })];
const requested = (reasons: string[]) => [
  expect.objectContaining({ type: 'CompletionRequested', data: expect.objectContaining({ reasons, cryptoReference: null, bankUtr: null }) }) as never,
];
const completedAt30 = [expect.objectContaining({ type: 'OrderCompleted' }) as never];
/** No second admin needed: one admin settles it, once they give the payout reference. */
const oneAdmin = { kind: 'invalid', path: 'cryptoReference' };
const THRESHOLD = { fourEyesAboveInr: '200000' };

describe('four eyes on value, both legs', () => {
  it('given a ₹1,000 buy, when one admin re-quotes it at 0.01 (100,000 USDT), then a second admin must approve the payout', () => {
    spec(paidAfterLock())
      .when(complete(desk(THRESHOLD), { rate: '0.01' }))
      .thenRecords([
        expect.objectContaining({
          type: 'CompletionRequested',
          data: expect.objectContaining({
            reasons: ['above_threshold', 'requote_outside_band'],
            thresholdInr: '200000',
            // 100,000 USDT gross less the 0.5 % fee, valued at the rate in force (88.5).
            valueInr: '8805750',
            rateInForce: '88.5',
            repriced: expect.objectContaining({ rate: '0.01', cryptoAmount: '99500.00' }),
          }),
        }) as never,
      ]);
  });

  it('given a buy under the threshold, when it completes at its own rate, then one admin settles it with the payout reference', () => {
    spec(paidAfterLock())
      .when(complete(desk(THRESHOLD)))
      .thenRefuses(oneAdmin);
    spec(paidAfterLock())
      .when(complete(desk(THRESHOLD), { cryptoReference: '0xpaid' }))
      .thenRecords(completedAt30);
  });

  it('values the USDT at the rate in force when it is above the rate the order was placed at', () => {
    // 11.23 USDT: at 88.5 that is ₹994 (the INR, ₹1,000, is more); at a rate in force of 95, ₹1,067.
    const order = placed();
    expect(orderValueInr(order.data, { repriced: null }, desk().rates)).toBe('1000');
    expect(orderValueInr(order.data, { repriced: null }, desk({}, { usdt_bank_buy: '95' }).rates)).toBe('1067');
    spec(paidAfterLock(order))
      .when(complete(desk({ fourEyesAboveInr: '1050' }, { usdt_bank_buy: '95' })))
      .thenRecords(requested(['above_threshold']));
    // Never below the placed rate: lowering the rate in force does not shrink what the order is worth.
    expect(orderValueInr(order.data, { repriced: null }, desk({}, { usdt_bank_buy: '1' }).rates)).toBe('1000');
  });

  it('values the USDT at no less than the agreed rate: one admin lowering the rate in force does not shrink it', () => {
    const order = placed();
    const lowered = { ...desk({}, { usdt_bank_buy: '1' }), anchorRates: desk({}, { usdt_bank_buy: '95' }).rates };
    expect(orderValueInr(order.data, { repriced: null }, lowered.rates, lowered.anchorRates)).toBe('1067');
  });

  it('values a sell by the USDT it takes in as well as the INR it pays out', () => {
    // 100 USDT at 86: ₹8,600 gross, ₹8,557 paid out after the fee. Worth ₹8,600.
    spec(paidAfterLock(placedSell()))
      .when(complete(desk({ fourEyesAboveInr: '8599' }), { mode: 'approve' }))
      .thenRecords(requested(['above_threshold']));
    spec(paidAfterLock(placedSell()))
      .when(complete(desk({ fourEyesAboveInr: '8600' }), { mode: 'approve', bankUtr: 'UTR9' }))
      .thenRecords(completedAt30);
  });

  it('given the threshold off, when a re-quote leaves the band, then a second admin must approve whatever the amount', () => {
    // 88.5 → 90.3 is 2.03 % away; 90.27 is 2.0 % (on the edge: inside).
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '90.3' }))
      .thenRecords(requested(['requote_outside_band']));
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '90.27' }))
      .thenRefuses(oneAdmin);
    spec(paidAfterLock())
      .when(complete(desk({ requoteBandPercent: '5' }), { rate: '90.3' }))
      .thenRefuses(oneAdmin);
  });

  it('measures the band from the rate in force now, when the agreed rate moved with it', () => {
    // Placed at 88.5; the rate in force, agreed by two admins, is now 92: re-quoting at 92 is inside the band.
    const agreedAt92 = { ...desk({}, { usdt_bank_buy: '92' }), anchorRates: desk({}, { usdt_bank_buy: '92' }).rates };
    spec(paidAfterLock())
      .when(complete(agreedAt92, { rate: '92' }))
      .thenRefuses(oneAdmin);
  });

  it('measures the band from the agreed rate too: a rate in force moved to the edge does not stretch it', () => {
    // Agreed at 88.5, moved by one admin to 90.27 (2 %): a re-quote at 92 is within 2 % of 90.27 but 3.95 % from 88.5.
    const moved = { ...desk({}, { usdt_bank_buy: '90.27' }), anchorRates: desk().rates };
    spec(paidAfterLock())
      .when(complete(moved, { rate: '92' }))
      .thenRecords(requested(['requote_outside_band']));
  });

  it('given an order flagged over its customer limit, when it completes, then a second admin must approve', () => {
    const overLimit = flagged({ kind: 'over_customer_limit', evidence: 'limit:daily:500', relatedOrderId: null, relatedRefCode: null });
    spec([...paidAfterLock(), overLimit])
      .when(complete())
      .thenRecords(requested(['over_customer_limit']));
    // The same proof picture on another order informs and asks for no one.
    spec([...paidAfterLock(), flagged({ kind: 'duplicate_proof', evidence: 'image-sha256:ab' })])
      .when(complete(desk(), { cryptoReference: '0xpaid' }))
      .thenRecords(completedAt30);
  });

  it('given money the bank or the chain puts in doubt, then a second admin must approve the payout (review 8 F4, review 9 N1, N2)', () => {
    // The payment reference (or payout transaction) also on another order.
    spec([...paidAfterLock(), flagged()])
      .when(complete())
      .thenRecords(requested(['money_in_doubt']));
    spec([...paidAfterLock(), flagged()])
      .when(complete(desk(), { cryptoReference: '0xpaid' }))
      .thenRefuses({ code: 'payout_needs_approval' });
    const reversed = flagged({ kind: 'payment_reversed', evidence: 'bank-line:a/k', relatedOrderId: null, relatedRefCode: null });
    spec([...paidAfterLock(), reversed])
      .when(complete())
      .thenRecords(requested(['money_in_doubt']));
    // Another brand's statement carrying the order's reference informs: one brand's upload never holds up another's payout.
    const elsewhere = flagged({ kind: 'paid_to_other_brand', evidence: 'bank-line:a/k', relatedOrderId: null, relatedRefCode: null });
    spec([...paidAfterLock(), elsewhere])
      .when(complete(desk(), { cryptoReference: '0xpaid' }))
      .thenRecords(completedAt30);
  });

  it('refuses a re-quote that leaves nothing to pay out after the fee, for a buy and for a sell', () => {
    // ₹1,000 at 100,000: 0.01 USDT gross, and the 0.5 % fee rounds up to 0.01.
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '100000' }))
      .thenRefuses({ path: 'rate', message: REQUOTE_PAYS_NOTHING });
    // 1 USDT at 0.01: ₹0.01 gross, rounded down to nothing.
    spec(paidAfterLock(placedSell({ cryptoAmount: '1.00', fiatAmount: '85', feeAmount: '1' })))
      .when(complete(desk(), { mode: 'approve', bankUtr: 'UTR9', rate: '0.01' }))
      .thenRefuses({ path: 'rate', message: REQUOTE_PAYS_NOTHING });
  });
});

describe('four eyes and the customer limits at a re-quote', () => {
  // 100 USDT sold at 86: ₹8,557 paid out after the 0.5 % fee. Re-quoted at 87.5 it pays ₹8,706.
  const sell = () => paidAfterLock(placedSell());
  const limits = (dayInr: string) => ({ limits: { customerDailyInr: '8700', customerMonthlyInr: '0' }, usage: { dayInr, monthInr: dayInr } });
  const approveAt = (rate: string, dayInr: string, bankUtr?: string) => complete(desk(), { mode: 'approve', bankUtr, rate, limitCheck: limits(dayInr) });

  it('given a sell re-quoted to pay out more than the customer has room for, then a second admin must approve', () => {
    // The order's own ₹8,557 is in the usage; the ₹149 more takes it to ₹8,706, over ₹8,700.
    spec(sell())
      .when(approveAt('87.5', '8557'))
      .thenRecords(requested(['over_customer_limit']));
  });

  it('given a sell whose re-quote a second admin approved, when the customer then used their room, then the approved rate left blank needs approving again (third review)', () => {
    const approved = [
      ...sell(),
      completionRequested({ mode: 'approve', bankUtr: null, cryptoReference: null, reasons: ['requote_outside_band'], repriced: null }),
    ];
    const repriced = {
      rate: '87.5',
      fiatAmount: '8706',
      cryptoAmount: '100.00',
      feeAmount: '44',
      previous: { rate: '86', fiatAmount: '8557', cryptoAmount: '100.00', feeAmount: '43' },
    };
    const history = [
      ...approved.slice(0, -1),
      completionRequested({ mode: 'approve', bankUtr: null, cryptoReference: null, reasons: ['requote_outside_band'], repriced }),
      payoutApproved({ mode: 'approve', repriced, reasons: ['requote_outside_band'] }),
    ];
    spec(history)
      .when(complete(desk(), { mode: 'approve', bankUtr: 'UTR9', limitCheck: limits('8557') }))
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval' });
    spec(history)
      .when(complete(desk(), { mode: 'approve', bankUtr: 'UTR9', limitCheck: limits('8000') }))
      .thenRecords(completedAt30);
  });

  it('given room for the raise, or a re-quote that pays out less, then one admin settles it', () => {
    spec(sell())
      .when(approveAt('87.5', '8000', 'UTR9'))
      .thenRecords(completedAt30);
    spec(sell())
      .when(approveAt('85', '8700', 'UTR9'))
      .thenRecords(completedAt30);
  });
});

describe('four eyes is two people', () => {
  it('tells staff apart by account and by phone: two accounts of one phone are one person', () => {
    expect(samePerson({ id: 'a', phone: '+919800000001' }, { id: 'a', phone: '+919800000002' })).toBe(true);
    expect(samePerson({ id: 'a', phone: '+919800000001' }, { id: 'b', phone: '+919800000001' })).toBe(true);
    expect(samePerson({ id: 'a', phone: '+919800000001' }, { id: 'b', phone: '+919800000002' })).toBe(false);
    expect(samePerson({ id: 'a', phone: null }, { id: 'b', phone: null })).toBe(false);
  });
});

describe('four eyes and money to oneself (second review)', () => {
  // The fixture's orders are placed by user-…, from +919800000001.
  const ownPhone = '+919800000001';

  it('given an admin settling an order placed from their own phone, then a second admin must approve it, whatever its size', () => {
    spec(paidAfterLock())
      .when(complete(desk(), { byPhone: ownPhone }))
      .thenRecords(requested(['own_order']));
    spec(paidAfterLock())
      .when(complete(desk(), { byPhone: ownPhone, cryptoReference: '0xmine' }))
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval', message: OWN_ORDER });
  });

  it("refuses the order's customer as the second admin on its payout", () => {
    const asked = completionRequested({ cryptoReference: null, bankUtr: null });
    spec([...paidAfterLock(), asked])
      .when(confirmCompletion({ byPhone: ownPhone }))
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes', message: OWN_ORDER });
  });
});

describe('an account an admin made is not theirs alone to pay out (third review)', () => {
  it('given the settling admin made the customer account, then a second admin must approve, whatever its size', () => {
    spec(paidAfterLock())
      .when(complete(desk(), { accountMadeBy: 'admin-a' }))
      .thenRecords(requested(['account_made_by_you']));
    spec(paidAfterLock())
      .when(complete(desk(), { accountMadeBy: 'admin-a', cryptoReference: '0xmine' }))
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval', message: ACCOUNT_MADE_BY_YOU });
    // Another admin made it: one admin settles as usual.
    spec(paidAfterLock())
      .when(complete(desk(), { accountMadeBy: 'admin-c', cryptoReference: '0xpaid' }))
      .thenRecords(completedAt30);
  });

  it('refuses the maker of the customer account as the second admin, and records nothing sent before approval', () => {
    const asked = completionRequested({ cryptoReference: null, bankUtr: null, reasons: ['above_threshold'] });
    spec([...paidAfterLock(), asked])
      .when(confirmCompletion({ accountMadeBy: 'admin-b' }))
      .thenRefuses({ kind: 'forbidden', code: 'four_eyes', message: ACCOUNT_MADE_BY_YOU });
    spec(paidAfterLock())
      .when({ type: 'MarkCryptoSent', cryptoReference: '0xsent', desk: desk(), by: 'admin-a', byPhone: '+919000000001', accountMadeBy: 'admin-a', at: at(40) })
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval', message: ACCOUNT_MADE_BY_YOU });
  });
});

describe('a late payment is a re-quote at whatever rate it settles (third review)', () => {
  // Placed at 88.5, expired, paid late; the brand's bank buy rate is now 95: the placed rate is 6.8 % off it.
  const paidLate = [placed(), expired(), proof({ submittedAt: at(90), afterPaymentWindow: true, afterRateLock: true })];
  const movedTo95 = desk({}, { usdt_bank_buy: '95' });

  it('given the rate in force moved beyond the band, when one admin settles a late payment at its placed rate, then a second admin must approve', () => {
    spec(paidLate)
      .when(complete(movedTo95, { rate: '88.5' }))
      .thenRecords(requested(['requote_outside_band']));
    spec(paidLate)
      .when(complete(movedTo95, { rate: '88.5', cryptoReference: '0xlate' }))
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval' });
  });

  it('given the placed rate within the band of the rate in force, then one admin settles it at that rate', () => {
    spec(paidLate)
      .when(complete(desk({}, { usdt_bank_buy: '89' }), { rate: '88.5', cryptoReference: '0xlate' }))
      .thenRecords(completedAt30);
  });
});

describe('an approval holds for the payout it approved, and no other (second review)', () => {
  const big = desk({ fourEyesAboveInr: '999' });
  const asked = completionRequested({ cryptoReference: null, bankUtr: null, reasons: ['above_threshold'] });

  it('given the USDT sent, when an admin re-quotes the order, then it is refused: the terms it was sent on are final', () => {
    spec([...paidAfterLock(), verified(), asked, payoutApproved(), cryptoSent('0xsent', at(40))])
      .when(complete(big, { rate: '1' }))
      .thenRefuses({ path: 'rate', message: USDT_ALREADY_SENT('88.5') });
    spec([...paidAfterLock(), verified(), asked, payoutApproved(), cryptoSent('0xsent', at(40))])
      .when(complete(big))
      .thenRecords(completedAt30);
  });

  it('given a flag raised since the approval, then the payout needs approving again', () => {
    const overLimit = flagged({ kind: 'over_customer_limit', evidence: 'limit:daily:500', relatedOrderId: null, relatedRefCode: null, flaggedAt: at(36) });
    spec([...paidAfterLock(), asked, payoutApproved(), overLimit])
      .when(complete(big, { cryptoReference: '0xsent' }))
      .thenRefuses({ kind: 'conflict', code: 'payout_needs_approval' });
  });

  it('given the order expired after the approval, then the approval is gone', () => {
    const unpaid = [placed(), asked];
    const view = viewOf(given([...unpaid, payoutApproved()]).when(expired(at(61))));
    expect(view.payoutApproval).toBeNull();
  });
});
