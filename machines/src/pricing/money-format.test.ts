import { describe, expect, it } from 'vitest';
import { Money } from './decimal';
import { formatInr, formatUsdt, groupIndian } from './money-format';

/** The formatting as decimal.js does it (the way it was done before the formatter did its own cents). */
function expected(amount: string): { inr: string; usdt: string } {
  const rounded = new Money(amount).toDecimalPlaces(2, Money.ROUND_HALF_UP);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  const [whole = '0', fraction = ''] = rounded.abs().toFixed(2).split('.');
  const shown = fraction.replace(/0+$/, '');
  return {
    inr: `${sign}₹${groupIndian(whole)}${shown ? `.${shown}` : ''}`,
    usdt: `${sign}${groupIndian(whole)}.${fraction} USDT`,
  };
}

/** A deterministic spread of plain decimals: long and short, negative, zeros, and halves at the third decimal. */
function samples(): string[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const digits = (length: number) => Array.from({ length }, () => String(next(10))).join('');
  const out = ['0', '0.00', '-0.004', '-0.005', '0.005', '0.995', '9.995', '99999.995', '-99999.995', '1000000', '12345678901234567890.125'];
  for (let i = 0; i < 5_000; i++) {
    const whole = digits(1 + next(15));
    const fraction = next(4) === 0 ? '' : `.${digits(1 + next(6))}`;
    out.push(`${next(5) === 0 ? '-' : ''}${whole}${fraction}`);
  }
  return out;
}

describe('money formatting without a decimal library', () => {
  it('rounds and prints every sample exactly as decimal.js would', () => {
    for (const amount of samples()) {
      const want = expected(amount);
      expect([amount, formatInr(amount)]).toEqual([amount, want.inr]);
      expect([amount, formatUsdt(amount)]).toEqual([amount, want.usdt]);
    }
  });

  it('groups USDT the Indian way too (issue 29): what a reader in India expects of any large number', () => {
    expect(formatUsdt('1764.7')).toBe('1,764.70 USDT');
    expect(formatUsdt('123456.789')).toBe('1,23,456.79 USDT');
    expect(formatUsdt('999.994')).toBe('999.99 USDT');
  });

  it('leaves what is not a plain decimal as it is', () => {
    for (const bad of ['', 'abc', '1e5', '0x10', '1.2.3', '₹100', '1,000']) {
      expect(formatInr(bad)).toBe(bad);
      expect(formatUsdt(bad)).toBe(bad);
    }
  });
});
