/**
 * The bounds every rate and amount is checked against before an event records it. Anything past
 * them is a mistake (a UTR pasted into the rate box), never a real order, and would not fit the
 * read models' numeric(20, 2) columns: refused with a clear message instead of poisoning a projection.
 */
import { Money, parseDecimal } from './decimal';

/** INR per USDT. */
export const RATE_MIN = '0.01';
export const RATE_MAX = '100000';
/** Any INR or USDT amount of one order (far above any limit an operator sets). */
export const AMOUNT_MAX = '1000000000000';

/** What is wrong with a rate, or null when it is within the bounds. */
export function rateProblem(rate: string): string | null {
  const value = parseDecimal(rate);
  if (value === null || value.lt(RATE_MIN) || value.gt(RATE_MAX)) return `Rate must be between ${RATE_MIN} and ${RATE_MAX}`;
  return null;
}

/** What is wrong with one of an order's amounts (INR, USDT or fee), or null when it is within the bounds. */
export function amountProblem(amount: string): string | null {
  const value = parseDecimal(amount);
  if (value === null || value.lt(0) || value.gt(new Money(AMOUNT_MAX))) return `Amounts must be between 0 and ${AMOUNT_MAX}`;
  return null;
}
