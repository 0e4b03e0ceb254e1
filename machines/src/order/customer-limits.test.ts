import { describe, expect, it } from 'vitest';
import { headroomOf, holdsMoney, limitRefusal, limitWindows, utcDay } from './customer-limits';

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
