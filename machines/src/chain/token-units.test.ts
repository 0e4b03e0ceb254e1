import { describe, expect, it } from 'vitest';
import { fromBaseUnits, toBaseUnits } from './token-units';
import { normalizeTxHash } from './tx-hash';

describe('USDT amounts in the token base units', () => {
  it.each([
    ['100.50', 6, 100_500_000n],
    ['100', 6, 100_000_000n],
    ['0.000001', 6, 1n],
    ['1234567.89', 6, 1_234_567_890_000n],
    ['100.50', 18, 100_500_000_000_000_000_000n],
    ['0.10', 6, 100_000n],
    ['5.000000000', 6, 5_000_000n],
    [' 7.25 ', 2, 725n],
    ['12', 0, 12n],
  ])('%s with %i decimals is %s', (amount, decimals, units) => {
    expect(toBaseUnits(amount, decimals)).toBe(units);
  });

  it('keeps amounts past a float exact (no 0.1 + 0.2 drift, no 2^53 cut)', () => {
    expect(toBaseUnits('9007199254.740993', 6)).toBe(9_007_199_254_740_993n);
    expect(toBaseUnits('123456789012345.123456789012345678', 18)).toBe(123_456_789_012_345_123_456_789_012_345_678n);
    expect(fromBaseUnits(123_456_789_012_345_123_456_789_012_345_678n, 18)).toBe('123456789012345.123456789012345678');
  });

  it.each([['-1'], ['1e6'], ['0x10'], [''], ['1,000.00'], ['1.'], ['.5'], ['ten'], ['0.0000001']])('refuses %j with 6 decimals', (amount) => {
    expect(toBaseUnits(amount, 6)).toBeNull();
  });

  it('refuses decimals a token cannot have', () => {
    expect(() => toBaseUnits('1', -1)).toThrow(RangeError);
    expect(() => toBaseUnits('1', 1.5)).toThrow(RangeError);
    expect(() => fromBaseUnits(1n, 78)).toThrow(RangeError);
  });

  it.each([
    [100_500_000n, 6, '100.50'],
    [100_000_000n, 6, '100.00'],
    [1n, 6, '0.000001'],
    [99_990_000n, 6, '99.99'],
    [100_500_000_000_000_000_000n, 18, '100.50'],
    [123_456_789n, 6, '123.456789'],
    [0n, 6, '0.00'],
    [12n, 0, '12'],
    [15n, 1, '1.5'],
  ])('%s with %i decimals reads %s', (units, decimals, amount) => {
    expect(fromBaseUnits(units, decimals)).toBe(amount);
  });

  it('reads back what it wrote', () => {
    for (const amount of ['0.01', '1.00', '250.75', '100000.00', '0.123456']) expect(fromBaseUnits(toBaseUnits(amount, 6)!, 6)).toBe(amount);
  });
});

describe('transaction hashes as typed', () => {
  const hash = 'a'.repeat(8) + 'B'.repeat(56);

  it('takes 64 hex digits with or without 0x (Tron explorers show none), in either case', () => {
    expect(normalizeTxHash(`0x${hash}`)).toBe(`0x${hash.toLowerCase()}`);
    expect(normalizeTxHash(hash)).toBe(`0x${hash.toLowerCase()}`);
    expect(normalizeTxHash(`  0X${hash}\n`)).toBe(`0x${hash.toLowerCase()}`);
  });

  it.each([['0x' + 'a'.repeat(63)], ['a'.repeat(65)], ['0x' + 'g'.repeat(64)], [''], ['0x'], ['UTR412345678901'], ['0x' + 'a'.repeat(40)]])(
    'refuses %j',
    (text) => {
      expect(normalizeTxHash(text)).toBeNull();
    },
  );
});
