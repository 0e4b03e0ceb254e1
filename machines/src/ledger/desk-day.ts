/**
 * The desk's day: India's calendar day (UTC+05:30, no daylight saving). Banks book statement lines on
 * India's days, so an order completed at 23:00 UTC counts on the next day, beside the lines the bank
 * booked that morning, not on the day before.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** yyyy-mm-dd in India for an instant; null for a time that does not parse. */
export function deskDay(instant: string | Date): string | null {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) return null;
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before a yyyy-mm-dd day. */
export function dayBefore(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return new Date(ms - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a real calendar day (2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
