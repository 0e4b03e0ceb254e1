import { describe, expect, it } from 'vitest';
import type { GlobalPosition } from './event-store';
import { comparePositions } from './position-order';

const at = (text: string) => text as GlobalPosition;

describe("the log's order of positions", () => {
  it('orders by the first number, then the second, as whole numbers (not as text)', () => {
    expect(comparePositions(at('9/5'), at('10/1'))).toBeLessThan(0);
    expect(comparePositions(at('10/2'), at('10/10'))).toBeLessThan(0);
    expect(comparePositions(at('10/10'), at('10/2'))).toBeGreaterThan(0);
    expect(comparePositions(at('18446744073709551615/2'), at('18446744073709551615/1'))).toBeGreaterThan(0);
    expect(comparePositions(at('7/7'), at('7/7'))).toBe(0);
  });

  it('puts the start of the log (null) before every position', () => {
    expect(comparePositions(null, at('0/0'))).toBeLessThan(0);
    expect(comparePositions(at('0/0'), null)).toBeGreaterThan(0);
    expect(comparePositions(null, null)).toBe(0);
  });

  it('refuses what is not a position', () => {
    expect(() => comparePositions(at('12'), at('1/2'))).toThrow('Not an event store position: 12');
  });
});
