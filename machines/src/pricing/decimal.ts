/**
 * The one Decimal flavour the pricing code uses. Precision is far above any order size, so sums
 * and products are exact and a quotient is only cut after 50 digits, before it is rounded to
 * money; truncating (not rounding) there keeps a later "round down" honest.
 */
import { Decimal } from 'decimal.js';

export const Money = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_DOWN });
export type Money = InstanceType<typeof Money>;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Parses "123" or "123.45" (or a finite number); anything else (exponents, hex, blanks) is null. */
export function parseDecimal(value: unknown): Money | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Money(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return PLAIN_DECIMAL.test(text) ? new Money(text) : null;
}
