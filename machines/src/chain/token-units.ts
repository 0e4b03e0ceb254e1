/**
 * USDT amounts between the order's decimal strings ("100.50") and the token's integer base units
 * (100500000 with 6 decimals), the only form the chain speaks. Integer arithmetic on bigint, never a
 * float: 0.1 + 0.2 is not a price. The decimals come from configuration (6 for USDT on Ethereum,
 * Tron and Polygon, 18 for Binance-Peg USDT on BNB Smart Chain).
 */

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** The most decimals a uint256 token can meaningfully have (10^77 overflows it). */
export const MAX_TOKEN_DECIMALS = 77;

function checkDecimals(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) throw new RangeError(`token decimals must be 0 to ${MAX_TOKEN_DECIMALS}`);
  return BigInt(decimals);
}

/**
 * "100.50" with 6 decimals is 100500000n. Null when the text is not a plain non-negative decimal, or
 * carries more significant decimals than the token has (such an amount cannot be paid exactly).
 */
export function toBaseUnits(amount: string, decimals: number): bigint | null {
  const scale = checkDecimals(decimals);
  const text = amount.trim();
  if (!DECIMAL.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return null;
  return BigInt(whole) * 10n ** scale + BigInt(significant.padEnd(decimals, '0') || '0');
}

/**
 * 100500000n with 6 decimals is "100.50": every significant decimal, and at least two (the order's
 * own spelling of USDT), so an admin compares "99.99" with "100.00", not "99.99" with "100".
 */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const scale = checkDecimals(decimals);
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  const base = 10n ** scale;
  const whole = (magnitude / base).toString();
  const fraction = decimals === 0 ? '' : (magnitude % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  const shown = fraction.padEnd(Math.min(2, decimals), '0');
  return `${sign}${whole}${shown === '' ? '' : `.${shown}`}`;
}
