import { describe, expect, it } from 'vitest';
import { headroomOf, holdsMoney, limitRefusal, limitWindows, revivalExcess, utcDay } from './customer-limits';
import { specFor } from '../testing/given-when-then';
import { at, expired, flagged, placed } from './order.fixtures';
import { decideOrder, orderEvolver, type OrderCommand } from './order.decide';
import type { OrderEvent } from './order.events';

const limits = { customerDailyInr: '100000', customerMonthlyInr: '500000' };

describe('customer limits', () => {
  it('gives the headroom of each window, never below zero, and none where the limit is off', () => {
    expect(headroomOf(limits, { dayInr: '30000', monthInr: '520000' })).toEqual({
      daily: { limitInr: '100000', usedInr: '30000', remainingInr: '70000' },
      monthly: { limitInr: '500000', usedInr: '520000', remainingInr: '0' },
    });
    expect(headroomOf({ customerDailyInr: '0', customerMonthlyInr: '0' }, { dayInr: '5', monthInr: '5' })).toEqual({ daily: null, monthly: null });
  });

  it('takes an order that fits exactly, and refuses one rupee more with what is left', () => {
    const usage = { dayInr: '30000', monthInr: '30000' };
    expect(limitRefusal(limits, usage, '70000')).toBeNull();
    expect(limitRefusal(limits, usage, '70001')).toBe(
      'This order (₹70,001) is over your daily limit of ₹1,00,000: your orders of the last 24 hours hold ₹30,000, so you can order up to ₹70,000 now',
    );
  });

  it('names the monthly limit when the day has room, and says when nothing is left', () => {
    expect(limitRefusal(limits, { dayInr: '0', monthInr: '500000' }, '100')).toBe(
      'This order (₹100) is over your monthly limit of ₹5,00,000: your orders of the last 30 days hold ₹5,00,000, so you cannot place another order until some of it frees up',
    );
    expect(limitRefusal({ customerDailyInr: '0', customerMonthlyInr: '0' }, { dayInr: '9999999', monthInr: '9999999' }, '1000000')).toBeNull();
  });

  it('splits each window at the first UTC midnight after its start, however the instant is written', () => {
    expect(limitWindows(new Date('2026-11-25T10:30:00.000Z'))).toEqual({
      day: { start: new Date('2026-11-24T10:30:00.000Z'), startDay: '2026-11-24', startDayEnd: new Date('2026-11-25T00:00:00.000Z') },
      month: { start: new Date('2026-10-26T10:30:00.000Z'), startDay: '2026-10-26', startDayEnd: new Date('2026-10-27T00:00:00.000Z') },
    });
    // A window that starts on a midnight reads that whole day order by order.
    expect(limitWindows(new Date('2026-11-25T00:00:00.000Z')).day).toEqual({
      start: new Date('2026-11-24T00:00:00.000Z'),
      startDay: '2026-11-24',
      startDayEnd: new Date('2026-11-25T00:00:00.000Z'),
    });
    expect(utcDay('2026-11-25T04:59:59.999+05:30')).toBe('2026-11-24');
  });

  it('counts an order as holding money unless rejected, cancelled, or expired without a late payment', () => {
    const held = (status: string, latePayment = false) => holdsMoney({ status: status as never, latePayment });
    expect(['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed'].map((s) => held(s))).toEqual([true, true, true, true, true]);
    expect(['rejected', 'cancelled', 'expired'].map((s) => held(s))).toEqual([false, false, false]);
    expect(held('expired', true)).toBe(true);
  });
});

describe('customer limits when a late payment revives an expired order', () => {
  const spec = specFor<ReturnType<typeof orderEvolver.initial>, OrderEvent, OrderCommand>({ ...orderEvolver, decide: decideOrder });
  // The fixture's buy: ₹1,000 placed at minute 0, expired at 60, paid late at 90.
  const tight = { customerDailyInr: '1500', customerMonthlyInr: '0' };
  const latePaid = (usage: { dayInr: string; monthInr: string }, at90 = at(90)): OrderCommand => ({
    type: 'SubmitProof',
    attachment: null,
    reference: 'UTR-LATE',
    limitCheck: { limits: tight, usage },
    at: at90,
  });
  const lateProof = {
    type: 'ProofSubmitted',
    data: { attachment: null, reference: 'UTR-LATE', submittedAt: at(90), afterRateLock: true, afterPaymentWindow: true },
  };

  it('given another order placed while it lay expired, when the late proof takes the customer over, then the order is flagged with the numbers', () => {
    spec([placed(), expired(at(60))])
      .when(latePaid({ dayInr: '1000', monthInr: '1000' }))
      .thenRecords([
        lateProof as OrderEvent,
        {
          type: 'OrderFlagged',
          data: {
            kind: 'over_customer_limit',
            evidence: 'limit:daily:1500',
            relatedOrderId: null,
            relatedRefCode: null,
            flaggedAt: at(90),
            limit: { window: 'daily', limitInr: '1500', usedInr: '1000', orderInr: '1000' },
          },
        },
      ]);
  });

  it('records the proof alone when the order still fits, and checks only the proof that revives it', () => {
    spec([placed(), expired(at(60))])
      .when(latePaid({ dayInr: '500', monthInr: '500' }))
      .thenRecords([lateProof as OrderEvent]);
    const flag = { kind: 'over_customer_limit' as const, evidence: 'limit:daily:1500', relatedOrderId: null, relatedRefCode: null };
    spec([placed(), expired(at(60)), { type: 'ProofSubmitted', data: { ...lateProof.data, submittedAt: at(80) } }, flagged(flag)])
      .when(latePaid({ dayInr: '1000', monthInr: '1000' }))
      .thenRecords([lateProof as OrderEvent]);
    // Once revived it holds money, and the usage counts it: a later proof is not checked again.
    spec([placed(), expired(at(60)), { type: 'ProofSubmitted', data: { ...lateProof.data, submittedAt: at(80) } }])
      .when(latePaid({ dayInr: '2000', monthInr: '2000' }))
      .thenRecords([lateProof as OrderEvent]);
  });

  it('counts a revived order as money arriving now, in both windows, however long ago it was placed (security review)', () => {
    const order = { fiatAmount: '1000', status: 'expired' as const, createdAt: at(0) };
    const usage = { dayInr: '1000', monthInr: '1000' };
    expect(revivalExcess(order, tight, usage, at(90))).toMatchObject({ window: 'daily' });
    expect(revivalExcess(order, { customerDailyInr: '0', customerMonthlyInr: '1999' }, usage, at(90))).toMatchObject({ window: 'monthly' });
    // Placed 31 days before it was paid: still counted, and flagged over the month's limit.
    const old = { ...placed(), data: { ...placed().data, placedAt: at(0), paymentDueAt: at(60) } };
    spec([old as OrderEvent, expired(at(61))])
      .when({
        type: 'SubmitProof',
        attachment: null,
        reference: 'UTR-LATE',
        limitCheck: { limits: { customerDailyInr: '0', customerMonthlyInr: '5000' }, usage: { dayInr: '0', monthInr: '4500' } },
        at: at(31 * 24 * 60),
      })
      .thenRecords([
        expect.objectContaining({ type: 'ProofSubmitted' }) as never,
        expect.objectContaining({
          type: 'OrderFlagged',
          data: expect.objectContaining({ kind: 'over_customer_limit', evidence: 'limit:monthly:5000' }),
        }) as never,
      ]);
  });

  it('counts a still-pending order paid after its window once: taken out of the windows its placement is counted in (third security review)', () => {
    const pending = { fiatAmount: '1000', status: 'pending' as const, createdAt: at(0) };
    // Its usage counts it already (1,000 of its own and 400 of another order): it fits the day's 1,500.
    expect(revivalExcess(pending, tight, { dayInr: '1400', monthInr: '1400' }, at(90))).toBeNull();
    // Placed more than a day before it was paid, it is in the month's usage only: counted now in the day's.
    const dayLater = at(25 * 60);
    expect(revivalExcess(pending, tight, { dayInr: '600', monthInr: '1600' }, dayLater)).toMatchObject({ window: 'daily', usedInr: '600' });
  });

  it('given an order still pending past its window, when its first proof comes, then the limits are checked (the revival) and it is flagged over one', () => {
    spec([placed()])
      .when(latePaid({ dayInr: '2100', monthInr: '2100' }))
      .thenRecords([
        lateProof as OrderEvent,
        expect.objectContaining({
          type: 'OrderFlagged',
          data: expect.objectContaining({ kind: 'over_customer_limit', limit: expect.objectContaining({ usedInr: '1100' }) }),
        }) as never,
      ]);
  });
});
