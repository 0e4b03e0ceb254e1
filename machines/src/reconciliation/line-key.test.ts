import { describe, expect, it } from 'vitest';
import { lineKeys } from './line-key';
import type { StatementLine } from './statement';

const line = (over: Partial<StatementLine> = {}): StatementLine => ({
  bookedOn: '2026-11-27',
  valueOn: null,
  direction: 'credit',
  amount: '25000.00',
  narration: 'UPI/412345678901/Payment from Ravi/ravi@okhdfcbank',
  bankReference: null,
  balanceAfter: null,
  ...over,
});

describe('statement line keys', () => {
  it('gives a line the same key in every statement that holds it, whatever its balance or value date', () => {
    const [once] = lineKeys('account-1', [line()]);
    const [again] = lineKeys('account-1', [
      line({ narration: '  upi/412345678901/payment   from ravi/RAVI@OKHDFCBANK ', balanceAfter: '125000.00', valueOn: '2026-11-28' }),
    ]);
    expect(again).toBe(once);
    expect(once).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells apart lines that differ in anything they say, and the same line on two accounts', () => {
    const base = lineKeys('account-1', [line()])[0];
    const variants = [
      line({ bookedOn: '2026-11-28' }),
      line({ direction: 'debit' }),
      line({ amount: '25000.01' }),
      line({ narration: 'UPI/412345678902/Payment from Ravi/ravi@okhdfcbank' }),
      line({ bankReference: 'S12345' }),
    ];
    const keys = variants.map((v) => lineKeys('account-1', [v])[0]);
    expect(new Set([base, ...keys]).size).toBe(6);
    expect(lineKeys('account-2', [line()])[0]).not.toBe(base);
  });

  it('counts equal lines of a day by their place: a statement cut mid-day shares its first ones with the whole day', () => {
    const day = [line(), line({ amount: '100.00' }), line(), line()];
    const morning = lineKeys('account-1', day.slice(0, 2));
    const whole = lineKeys('account-1', day);
    expect(new Set(whole).size).toBe(4);
    expect(whole.slice(0, 2)).toEqual(morning);
    // The whole day adds the two equal payments after the morning's.
    expect(whole.filter((key) => !morning.includes(key))).toHaveLength(2);
  });
});
