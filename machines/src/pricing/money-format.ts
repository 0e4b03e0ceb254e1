/**
 * Money as people read it, done on decimal strings: going through a JS number would misprint
 * large or long amounts. INR follows en-IN (lakh/crore grouping, ₹, 0 to 2 decimals, as
 * Intl.NumberFormat('en-IN') shows it); USDT always shows 2 decimals and the USDT suffix, grouped the same
 * Indian way (1,23,456.79 USDT: issue 29).
 * A value that is not a plain decimal is returned unchanged, so bad data stays visible.
 *
 * No decimal library here: rounding to cents is whole-number arithmetic on the digits (BigInt), so
 * the landing page, which shows rates, does not load decimal.js (docs/performance.md).
 */

/** "1000000" -> "10,00,000": the last three digits, then pairs. Existing commas are ignored. */
export function groupIndian(digits: string): string {
  const plain = digits.replaceAll(',', '');
  if (!/^\d+$/.test(plain)) return digits;
  if (plain.length <= 3) return plain;
  const head = plain.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${plain.slice(-3)}`;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A plain decimal ("-12.345", or a finite number) rounded half away from zero to cents; null for anything else. */
function toCents(amount: unknown): { negative: boolean; whole: string; cents: string } | null {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  return { negative: sign === '-' && cents > 0n, whole: digits.slice(0, -2), cents: digits.slice(-2) };
}

export function formatInr(amount: string): string {
  const value = toCents(amount);
  if (value === null) return amount;
  const shownCents = value.cents.replace(/0+$/, '');
  return `${value.negative ? '-' : ''}₹${groupIndian(value.whole)}${shownCents ? `.${shownCents}` : ''}`;
}

export function formatUsdt(amount: string): string {
  const value = toCents(amount);
  if (value === null) return amount;
  return `${value.negative ? '-' : ''}${groupIndian(value.whole)}.${value.cents} USDT`;
}
