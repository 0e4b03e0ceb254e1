/**
 * The rows around a CSV or XLSX statement's lines that are not lines ("Opening Balance", "Total",
 * "** End of Statement **", a summary table), and the opening and closing balances the file states,
 * either in those rows or through its running balance column.
 */
import { Money } from '@desk/machines/pricing/decimal';
import type { StatedBalance, StatementLine } from '@desk/machines/reconciliation/statement';
import { parseInrAmount } from './amounts';
import { cellText, type Row } from './tabular-header';

type Which = 'opening' | 'closing';

const OPENING = /^(opening\s*bal|(balance\s*)?(b\/f|brought\s*forward))/;
const CLOSING = /^(closing\s*bal|(balance\s*)?(c\/f|carried\s*forward))/;
const OTHER = /^(total|grand\s*total|statement\s*summary|(dr|cr|debit|credit)s?\s*count|end\s*of\s*statement)|end\s*of\s*statement/;

const label = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/^[*\s-]+/, '')
    .replace(/\s+/g, ' ');

function balanceLabel(cell: string): Which | null {
  const text = label(cell);
  if (OPENING.test(text)) return 'opening';
  if (CLOSING.test(text)) return 'closing';
  return null;
}

/** Whether a row without a date is a summary row (it names a total, a balance or the end). */
export function isSummaryRow(row: Row): boolean {
  return row.some((cell) => {
    const text = cellText(cell);
    return text !== '' && (balanceLabel(text) !== null || OTHER.test(label(text)));
  });
}

/** A cell read as a signed balance, or null when it is not one. */
function balanceIn(text: string): string | null {
  try {
    const amount = parseInrAmount(text === '' ? null : text);
    if (amount === null) return null;
    return amount.marker === 'DR' ? new Money(amount.value).abs().negated().toFixed(2) : amount.value;
  } catch {
    return null;
  }
}

/**
 * Collects the balances summary rows state: "Opening Balance : 1,00,000.00", "Opening Balance" then
 * the amount in a later cell (the balance column first), or a row of labels over a row of figures
 * (HDFC's "Opening Balance, Dr Count, Cr Count, Debits, Credits, Closing Bal").
 */
export class StatedBalances {
  readonly found: Partial<Record<Which, string>> = {};
  private pending: [Which, number][] = [];

  /** Reads a summary row; returns true when it was the figures under an earlier row of labels. */
  read(row: Row, balanceColumn: number | null, balanceMarkerColumn: number | null): boolean {
    if (this.pending.length > 0) {
      const pending = this.pending;
      this.pending = [];
      const figures = pending.map(([which, index]) => [which, balanceIn(cellText(row[index]))] as const);
      if (figures.some(([, value]) => value !== null)) {
        for (const [which, value] of figures) if (value !== null) this.found[which] ??= value;
        return true;
      }
    }
    for (let index = 0; index < row.length; index += 1) {
      const text = cellText(row[index]);
      const which = balanceLabel(text);
      if (which === null) continue;
      const inCell = balanceIn(text.replace(/^[^0-9(₹-]*/, '').trim());
      const inBalanceColumn =
        balanceColumn !== null && balanceColumn > index
          ? balanceIn(`${cellText(row[balanceColumn])} ${balanceMarkerColumn === null ? '' : cellText(row[balanceMarkerColumn])}`.trim())
          : null;
      const later = row
        .slice(index + 1)
        .map((cell) => balanceIn(cellText(cell)))
        .find((value) => value !== null);
      const value = inCell ?? inBalanceColumn ?? later ?? null;
      if (value !== null) this.found[which] ??= value;
      else this.pending.push([which, index]);
    }
    return false;
  }
}

/** Whether the running balance reads the lines top to bottom (the usual order) or bottom to top. */
function listedOldestFirst(lines: readonly StatementLine[]): boolean {
  const chains = (ordered: readonly StatementLine[]) =>
    ordered.every((line, index) => {
      const before = ordered[index - 1];
      if (index === 0 || before?.balanceAfter == null || line.balanceAfter === null) return true;
      const signed = line.direction === 'credit' ? line.amount : `-${line.amount}`;
      return new Money(before.balanceAfter).plus(signed).equals(line.balanceAfter);
    });
  if (lines.length > 1 && !chains(lines) && chains([...lines].reverse())) return false;
  if (lines.length > 1 && lines[0]!.bookedOn > lines[lines.length - 1]!.bookedOn) return false;
  return true;
}

/**
 * The opening and closing balances: those a summary row states, else the balance before the
 * earliest line (its balance less its amount) and after the latest. The opening is dated the
 * earliest line's day and the closing the latest's; a statement with no lines has neither.
 */
export function statementBalances(lines: readonly StatementLine[], stated: StatedBalances): { opening: StatedBalance | null; closing: StatedBalance | null } {
  if (lines.length === 0) return { opening: null, closing: null };
  const oldestFirst = listedOldestFirst(lines);
  const first = oldestFirst ? lines[0]! : lines[lines.length - 1]!;
  const last = oldestFirst ? lines[lines.length - 1]! : lines[0]!;
  const derivedOpening =
    first.balanceAfter === null ? null : new Money(first.balanceAfter).minus(first.direction === 'credit' ? first.amount : `-${first.amount}`).toFixed(2);
  const opening = stated.found.opening ?? derivedOpening;
  const closing = stated.found.closing ?? last.balanceAfter;
  return {
    opening: opening === null ? null : { on: first.bookedOn, amount: opening },
    closing: closing === null ? null : { on: last.bookedOn, amount: closing },
  };
}
