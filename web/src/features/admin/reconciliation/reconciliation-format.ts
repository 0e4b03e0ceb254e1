import { formatInr } from '@desk/machines/pricing/pricing';

/**
 * How the reconciliation screens word a statement's facts for the desk's staff: days as people
 * read them, formats by the names banks give them, amounts in rupees, account numbers masked.
 */

// A statement's days are calendar days (yyyy-mm-dd), not instants: read and shown in UTC so no
// time zone moves them a day.
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-04-03" -> "3 Apr 2026"; '-' when there is none; anything else shown as it came. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '-';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** A statement's period: "1 Apr 2026 to 3 Apr 2026", or the one day. */
export function formatPeriod(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;
}

/** The account number as the screens show it: the last four digits (as the server labels an account on an order: account-label.ts). */
export const maskedAccountNumber = (end: string) => `••••${end}`;

const FORMAT_NAMES: Record<string, string> = {
  camt053: 'camt.053 (XML)',
  mt940: 'MT940',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
};

/** The file format's name as banks call it. */
export const formatName = (format: string) => FORMAT_NAMES[format] ?? format;

/** A balance a statement states: "₹2,25,001 on 3 Apr 2026"; '-' when it states none. */
export function formatBalance(balance: { amount: string; on: string } | null | undefined): string {
  if (!balance) return '-';
  return `${formatInr(balance.amount)} on ${formatDay(balance.on)}`;
}

/** "1 line" / "12 lines", counted as en-IN groups them. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
}
