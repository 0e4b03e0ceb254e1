/** Axis arithmetic for the daily chart, kept apart from the drawing so each stays readable. */

/** The smallest of 1, 2, 5 × 10^n at or above `value`, so the top grid line reads as a round number. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/** Order counts are whole: the top is made even so the middle grid line is a whole number too. */
export function countAxisMax(max: number): number {
  const top = niceCeil(max);
  return top % 2 === 0 ? top : top + 1;
}

const compactInr = new Intl.NumberFormat('en-IN', {
  notation: 'compact',
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "₹12.3L": axis labels have room for a few characters only; the table below gives exact amounts. */
export const formatCompactInr = (value: number) => compactInr.format(value);

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "2025-01-15" -> "15 Jan". The server's days are calendar dates (India's), not instants. */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayMonth.format(parsed);
}
