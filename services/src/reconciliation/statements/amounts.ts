/**
 * Amounts and dates as Indian net banking writes them in CSV and XLSX exports, read into the
 * shared statement's shapes: decimal strings with two places (never a float) and yyyy-mm-dd days.
 * A cell that is not one of the spellings below is refused with the reason, never guessed at.
 */
import { Money } from '@desk/machines/pricing/decimal';

/** What a cell says: a signed amount with two decimals, and the Cr/Dr it carried, if any. */
export interface InrAmount {
  /** "-1234.00" for "(1,234.00)" or "-1234"; the Cr/Dr suffix does not change it (see `marker`). */
  value: string;
  marker: 'CR' | 'DR' | null;
}

/** A cell that holds something, but not an amount or a date we can read; the message says why. */
export class CellNotReadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CellNotReadable';
  }
}

// Digits with Indian grouping (1,00,000), western grouping (100,000) or none, then up to two
// decimals. Anything else ("12,34.5", "1.234,00", "1e5") is refused rather than read as some number.
const GROUPED = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3}|\d+)(\.\d{1,2})?$/;
const CURRENCY = /^(₹|INR|Rs\.?)\s*/i;
const MARKER = /\s*(CR|DR)\.?$/i;

/**
 * Reads "1,00,000.00", "100000", "1,234.5", "(1,234.00)", "-1234", "1,234.00 Cr", "1,234.00Dr",
 * "₹ 1,234.00", "INR 1,234.00". Blank → null. A number (an XLSX cell) is read as Excel holds it,
 * to its 15 significant digits, and must have at most two decimals.
 */
export function parseInrAmount(cell: string | number | null | undefined): InrAmount | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return fromNumber(cell);
  const original = cell.trim();
  if (original === '' || original === '-' || original === '--') return null;
  let text = original.replace(/\u00a0/g, ' ');
  let marker: InrAmount['marker'] = null;
  const suffix = MARKER.exec(text);
  if (suffix) {
    marker = suffix[1]!.toUpperCase() as 'CR' | 'DR';
    text = text.slice(0, suffix.index).trim();
  }
  text = text.replace(CURRENCY, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  } else if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) {
    text = text.slice(1).trim();
  }
  text = text.replace(CURRENCY, '');
  if (!GROUPED.test(text)) {
    throw new CellNotReadable(`"${original}" is not an amount (write it like 1,00,000.00 or 1234.50)`);
  }
  if (negative && marker !== null) {
    throw new CellNotReadable(`"${original}" is both negative and marked ${marker}: which is it?`);
  }
  const value = new Money(text.replace(/,/g, ''));
  return { value: (negative ? value.negated() : value).toFixed(2), marker };
}

function fromNumber(cell: number): InrAmount {
  if (!Number.isFinite(cell)) throw new CellNotReadable(`${cell} is not an amount`);
  // Excel keeps 15 significant digits; past them is binary noise ("25000.000000000004").
  const value = new Money(cell).toSignificantDigits(15);
  if (value.decimalPlaces() > 2) {
    throw new CellNotReadable(`${value.toFixed()} has more than two decimals: it is not an amount in rupees and paise`);
  }
  return { value: value.toFixed(2), marker: null };
}

/** The date spellings a column mapping may name. */
export const DATE_FORMATS = ['dd/mm/yyyy', 'dd-mm-yyyy', 'dd/mm/yy', 'dd-MMM-yyyy', 'dd-MMM-yy', 'dd MMM yyyy', 'yyyy-mm-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '([A-Za-z]{3,4})';
// Day and month may drop their leading zero ("1/4/26"); a time after the day is ignored.
const PATTERNS: Record<DateFormat, { pattern: RegExp; order: 'dmy' | 'ymd' }> = {
  'dd/mm/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'dmy' },
  'dd-mm-yyyy': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'dmy' },
  'dd/mm/yy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: 'dmy' },
  'dd-MMM-yyyy': { pattern: new RegExp(`^(\\d{1,2})-${MONTH}-(\\d{4})$`), order: 'dmy' },
  'dd-MMM-yy': { pattern: new RegExp(`^(\\d{1,2})-${MONTH}-(\\d{2})$`), order: 'dmy' },
  'dd MMM yyyy': { pattern: new RegExp(`^(\\d{1,2}) ${MONTH},? (\\d{4})$`), order: 'dmy' },
  'yyyy-mm-dd': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: 'ymd' },
};
const TIME = /(\s+|T)\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(\s*[AP]M)?$/i;

/**
 * A day as yyyy-mm-dd. A `Date` (an XLSX date cell, which read-excel-file gives at UTC midnight)
 * is taken as it is; text must be in `format`. Two-digit years are 20yy; 31/02/2026 is refused.
 * Blank → null.
 */
export function parseStatementDate(cell: string | number | Date | null | undefined, format: DateFormat): string | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) throw new CellNotReadable('the cell holds a date the spreadsheet could not give');
    return isoDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell === 'number') throw new CellNotReadable(`${cell} is a number, not a date in ${format}`);
  const original = cell.trim();
  if (original === '') return null;
  const text = original.replace(/\s+/g, ' ').replace(TIME, '');
  const { pattern, order } = PATTERNS[format];
  const match = pattern.exec(text);
  if (!match) throw new CellNotReadable(`"${original}" is not a date in ${format}`);
  const [first, second, third] = [match[1]!, match[2]!, match[3]!];
  const [dayText, monthText, yearText] = order === 'dmy' ? [first, second, third] : [third, second, first];
  const month = /^\d+$/.test(monthText) ? Number(monthText) : monthNumber(monthText, original);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const day = Number(dayText);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    throw new CellNotReadable(`"${original}" is not a day of the calendar`);
  }
  return isoDay(year, month, day);
}

function monthNumber(name: string, original: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower === 'sept' ? 'sep' : lower);
  if (index < 0) throw new CellNotReadable(`"${original}" names no month we know`);
  return index + 1;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
