/**
 * Money as people read it, done on decimal strings: going through a JS number would misprint
 * large or long amounts. INR follows en-IN (lakh/crore grouping, ₹, 0 to 2 decimals, as
 * Intl.NumberFormat('en-IN') shows it); USDT always shows 2 decimals and the USDT suffix.
 * A value that is not a plain decimal is returned unchanged, so bad data stays visible.
 */
import { Money, parseDecimal } from './decimal';

/** "1000000" -> "10,00,000": the last three digits, then pairs. Existing commas are ignored. */
export function groupIndian(digits: string): string {
  const plain = digits.replaceAll(',', '');
  if (!/^\d+$/.test(plain)) return digits;
  if (plain.length <= 3) return plain;
  const head = plain.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${plain.slice(-3)}`;
}

export function formatInr(amount: string): string {
  const value = parseDecimal(amount);
  if (value === null) return amount;
  const rounded = value.toDecimalPlaces(2, Money.ROUND_HALF_UP);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  const [whole = '0', fraction = ''] = rounded.abs().toFixed(2).split('.');
  const shownFraction = fraction.replace(/0+$/, '');
  return `${sign}₹${groupIndian(whole)}${shownFraction ? `.${shownFraction}` : ''}`;
}

export function formatUsdt(amount: string): string {
  const value = parseDecimal(amount);
  if (value === null) return amount;
  const rounded = value.toDecimalPlaces(2, Money.ROUND_HALF_UP);
  const text = rounded.isZero() ? rounded.abs().toFixed(2) : rounded.toFixed(2);
  return `${text} USDT`;
}
