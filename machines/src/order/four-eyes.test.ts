/**
 * Four eyes as Given/When/Then over an order's events: given the order, when an admin settles it
 * under the brand's rules in force, then it completes, or a second admin is asked for and why.
 */
import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { at, desk, flagged, placed, placedSell, proof } from './order.fixtures';
import { decideOrder, orderEvolver, REQUOTE_PAYS_NOTHING, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';
import { orderValueInr } from './four-eyes';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });
const complete = (rules = desk(), extra: Partial<Extract<OrderCommand, { type: 'CompleteOrder' }>> = {}): OrderCommand => ({
  type: 'CompleteOrder',
  mode: 'complete',
  cryptoReference: '0xpaid',
  by: 'admin-a',
  requestId: 'request-1',
  desk: rules,
  at: at(30),
  ...extra,
});
/** The customer's proof came after the rate lock: a re-quote is the desk's to make. */
const paidAfterLock = (order: OrderEvent = placed()) => [order, proof({ submittedAt: at(6), afterRateLock: true })];
const requested = (reasons: string[]) => [expect.objectContaining({ type: 'CompletionRequested', data: expect.objectContaining({ reasons }) }) as never];
const completedAt30 = [expect.objectContaining({ type: 'OrderCompleted' }) as never];
const THRESHOLD = { fourEyesAboveInr: '200000' };

describe('four eyes on value, both legs', () => {
  it('given a ₹1,000 buy, when one admin re-quotes it at 0.01 (100,000 USDT), then a second admin must confirm', () => {
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

  it('given a buy under the threshold, when it completes at its own rate, then one admin settles it', () => {
    spec(paidAfterLock())
      .when(complete(desk(THRESHOLD)))
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

  it('values a sell by the USDT it takes in as well as the INR it pays out', () => {
    // 100 USDT at 86: ₹8,600 gross, ₹8,557 paid out after the fee. Worth ₹8,600.
    spec(paidAfterLock(placedSell()))
      .when(complete(desk({ fourEyesAboveInr: '8599' }), { mode: 'approve', bankUtr: 'UTR9', cryptoReference: undefined }))
      .thenRecords(requested(['above_threshold']));
    spec(paidAfterLock(placedSell()))
      .when(complete(desk({ fourEyesAboveInr: '8600' }), { mode: 'approve', bankUtr: 'UTR9', cryptoReference: undefined }))
      .thenRecords(completedAt30);
  });

  it('given the threshold off, when a re-quote leaves the band, then a second admin must confirm whatever the amount', () => {
    // 88.5 → 90.3 is 2.03 % away; 90.27 is 2.0 % (on the edge: inside).
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '90.3' }))
      .thenRecords(requested(['requote_outside_band']));
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '90.27' }))
      .thenRecords(completedAt30);
    spec(paidAfterLock())
      .when(complete(desk({ requoteBandPercent: '5' }), { rate: '90.3' }))
      .thenRecords(completedAt30);
  });

  it('measures the band from the rate in force now, not the rate the order was placed at', () => {
    // Placed at 88.5; the rate in force has moved to 92: re-quoting at 92 is inside the band.
    spec(paidAfterLock())
      .when(complete(desk({}, { usdt_bank_buy: '92' }), { rate: '92' }))
      .thenRecords(completedAt30);
    spec(paidAfterLock())
      .when(complete(desk({}, { usdt_bank_buy: '92' }), { rate: '88.5' }))
      .thenRecords(completedAt30);
  });

  it('given an order flagged over its customer limit, when it completes, then a second admin must confirm', () => {
    const overLimit = flagged({ kind: 'over_customer_limit', evidence: 'limit:daily:500', relatedOrderId: null, relatedRefCode: null });
    spec([...paidAfterLock(), overLimit])
      .when(complete())
      .thenRecords(requested(['over_customer_limit']));
    // A duplicate flag informs and asks for no one.
    spec([...paidAfterLock(), flagged()])
      .when(complete())
      .thenRecords(completedAt30);
  });

  it('refuses a re-quote that leaves nothing to pay out after the fee, for a buy and for a sell', () => {
    // ₹1,000 at 100,000: 0.01 USDT gross, and the 0.5 % fee rounds up to 0.01.
    spec(paidAfterLock())
      .when(complete(desk(), { rate: '100000' }))
      .thenRefuses({ path: 'rate', message: REQUOTE_PAYS_NOTHING });
    // 1 USDT at 0.01: ₹0.01 gross, rounded down to nothing.
    spec(paidAfterLock(placedSell({ cryptoAmount: '1.00', fiatAmount: '85', feeAmount: '1' })))
      .when(complete(desk(), { mode: 'approve', bankUtr: 'UTR9', cryptoReference: undefined, rate: '0.01' }))
      .thenRefuses({ path: 'rate', message: REQUOTE_PAYS_NOTHING });
  });
});

describe('four eyes and the customer limits at a re-quote', () => {
  // 100 USDT sold at 86: ₹8,557 paid out after the 0.5 % fee. Re-quoted at 87.5 it pays ₹8,706.
  const sell = () => paidAfterLock(placedSell());
  const limits = (dayInr: string) => ({ limits: { customerDailyInr: '8700', customerMonthlyInr: '0' }, usage: { dayInr, monthInr: dayInr } });
  const approveAt = (rate: string, dayInr: string) =>
    complete(desk(), { mode: 'approve', bankUtr: 'UTR9', cryptoReference: undefined, rate, limitCheck: limits(dayInr) });

  it('given a sell re-quoted to pay out more than the customer has room for, then a second admin must confirm', () => {
    // The order's own ₹8,557 is in the usage; the ₹149 more takes it to ₹8,706, over ₹8,700.
    spec(sell())
      .when(approveAt('87.5', '8557'))
      .thenRecords(requested(['over_customer_limit']));
  });

  it('given room for the raise, or a re-quote that pays out less, then one admin settles it', () => {
    spec(sell()).when(approveAt('87.5', '8000')).thenRecords(completedAt30);
    spec(sell()).when(approveAt('85', '8700')).thenRecords(completedAt30);
  });
});
