import { describe, expect, it } from 'vitest';
import { amountProblem, rateProblem } from './bounds';

describe('rate and amount bounds', () => {
  it('accepts rates from 0.01 to 100000 and refuses the rest, a pasted UTR included', () => {
    for (const ok of ['0.01', '85', '88.25', '100000']) expect(rateProblem(ok)).toBeNull();
    for (const bad of ['0', '0.009', '100000.01', '412345678901', 'abc', '']) expect(rateProblem(bad)).toBe('Rate must be between 0.01 and 100000');
  });

  it('refuses amounts above a trillion or below zero', () => {
    expect(amountProblem('1000000000000')).toBeNull();
    expect(amountProblem('0')).toBeNull();
    expect(amountProblem('1000000000000.01')).toMatch(/^Amounts must be between 0 and/);
    expect(amountProblem('-1')).toMatch(/^Amounts must be/);
    expect(amountProblem('1e30')).toMatch(/^Amounts must be/);
  });
});
