import { describe, expect, it } from 'vitest';
import { headroomOf, limitRefusal } from './customer-limits';

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
});
