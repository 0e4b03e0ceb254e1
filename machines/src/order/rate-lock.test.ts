/** The rate lock as Given/When/Then: the rate a completion may settle at, given when the customer paid. */
import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { at, desk, expired, placed, proof } from './order.fixtures';
import { decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';
import { LATE_PAYMENT_NEEDS_RATE, paidWithinRateLock, placementDeadlines, proofTiming } from './rate-lock';

const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });
const completeAt = (rate?: string): OrderCommand => ({
  type: 'CompleteOrder',
  mode: 'complete',
  cryptoReference: '0xpaid',
  rate,
  by: 'admin-a',
  byPhone: '+919000000001',
  accountMadeBy: null,
  requestId: 'request-1',
  desk: desk(),
  at: at(30),
});
const repricedTo = (rate: string) => [
  expect.objectContaining({ type: 'OrderCompleted', data: expect.objectContaining({ repriced: expect.objectContaining({ rate }) }) }) as never,
];

describe('the rate lock', () => {
  it('locks the rate for the lock minutes and takes payment for the window', () => {
    expect(placementDeadlines(new Date(at(0)), { rateLockMinutes: 5, paymentWindowMinutes: 60 })).toEqual({ rateLockedUntil: at(5), paymentDueAt: at(60) });
    const order = { status: 'pending' as const, rateLockedUntil: at(5), paymentDueAt: at(60) };
    expect(proofTiming(order, at(5))).toEqual({ afterRateLock: false, afterPaymentWindow: false });
    expect(proofTiming(order, at(6))).toEqual({ afterRateLock: true, afterPaymentWindow: false });
    expect(proofTiming(order, at(61))).toEqual({ afterRateLock: true, afterPaymentWindow: true });
    expect(proofTiming({ ...order, status: 'expired' }, at(2))).toEqual({ afterRateLock: false, afterPaymentWindow: true });
  });

  it('given a customer who proved payment within the lock, when an admin re-quotes, then it is refused: they get the rate they were shown', () => {
    spec([placed(), proof({ submittedAt: at(3) })])
      .when(completeAt('90'))
      .thenRefuses({ kind: 'invalid', path: 'rate', message: paidWithinRateLock('88.5') });
    // The rate they were shown, typed again, is no re-quote.
    spec([placed(), proof({ submittedAt: at(3) })])
      .when(completeAt('88.50'))
      .thenRecords([expect.objectContaining({ type: 'OrderCompleted', data: expect.objectContaining({ repriced: null }) }) as never]);
  });

  it('given a proof after the lock, or no proof to date the payment, when an admin re-quotes, then the new rate is recorded', () => {
    spec([placed(), proof({ submittedAt: at(3) }), proof({ submittedAt: at(7), afterRateLock: true })])
      .when(completeAt('89'))
      .thenRecords(repricedTo('89'));
    spec([placed()]).when(completeAt('89')).thenRecords(repricedTo('89'));
  });

  it('given a late payment, when an admin completes it without a rate, then it is refused; with one, it is re-quoted', () => {
    const late = [placed(), expired(at(60)), proof({ submittedAt: at(90), afterRateLock: true, afterPaymentWindow: true })];
    spec(late).when(completeAt()).thenRefuses({ path: 'rate', message: LATE_PAYMENT_NEEDS_RATE });
    spec(late).when(completeAt('89.5')).thenRecords(repricedTo('89.5'));
  });

  it('refuses a rate out of bounds before anything else', () => {
    spec([placed()]).when(completeAt('0.00')).thenRefuses({ path: 'rate', message: 'Rate must be between 0.01 and 100000' });
  });
});
