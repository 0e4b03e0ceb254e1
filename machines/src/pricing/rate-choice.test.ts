import { describe, expect, it } from 'vitest';
import { Money, parseDecimal } from './decimal';
import { isRateSet, plainDecimal, selectFeePercent, selectRate } from './rate-choice';

/** How the rule read rates with decimal.js before it did without: the first above 0, written by decimal.js. */
function withDecimalJs(value: unknown): string | null {
  const parsed = parseDecimal(value);
  return parsed?.gt(0) ? parsed.toString() : null;
}

function samples(): unknown[] {
  const fixed = [
    '0',
    '0.00',
    '00',
    '-0',
    '-0.0',
    '088.50',
    '85',
    ' 86.25 ',
    '0.01',
    '100000',
    '99999.99999999',
    '1e2',
    '',
    'abc',
    '.5',
    '5.',
    '-1',
    87,
    0,
    -3,
    0.5,
    Number.NaN,
    null,
    undefined,
  ];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const generated = Array.from({ length: 3_000 }, () => {
    const whole = '0'.repeat(next(3)) + String(next(100_000));
    const fraction = next(2) ? `.${String(next(100_000_000)).padStart(next(8) + 1, '0')}` : '';
    return `${next(10) === 0 ? '-' : ''}${whole}${fraction}`;
  });
  return [...fixed, ...generated];
}

describe('rate choice without a decimal library', () => {
  it('reads every rate as decimal.js read it: the same rates count, written the same way', () => {
    for (const value of samples()) {
      expect(isRateSet(value) ? plainDecimal(value)!.text : null, String(value)).toBe(withDecimalJs(value));
    }
  });

  it('falls back from the method rate to usdtInr, then to 85 (seed-spec section 9)', () => {
    expect(selectRate({ usdtInr: '86', usdt_cash_buy: '0' }, 'buy', 'cash')).toEqual({ rate: '86', rateKey: 'usdtInr' });
    expect(selectRate({ usdtInr: 0, usdt_cash_buy: '0' }, 'buy', 'cash')).toEqual({ rate: '85', rateKey: 'default' });
    expect(selectRate({ usdt_bank_sell: '088.50' }, 'sell', 'bank')).toEqual({ rate: '88.5', rateKey: 'usdt_bank_sell' });
  });

  it('reads fee percents between 0 and 100 as decimal.js did, and anything else as 0', () => {
    for (const value of [...samples(), '100', '100.0', '100.01', '1000', '50.5', 100, 100.5]) {
      const parsed = parseDecimal(value);
      const before = parsed?.gte(0) && parsed.lte(new Money(100)) ? parsed.toString() : '0';
      expect(selectFeePercent({ fiatToCryptoPercent: value as string }, 'buy'), String(value)).toBe(before);
    }
  });
});
