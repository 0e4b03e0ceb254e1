/**
 * A CSV or XLSX statement's rows, read through the account's column mapping into the shared
 * `ParsedStatement`. Rows above the header (the account details) are read only for the account
 * number; after it, a row with a date is a line and must carry one readable amount, a row with
 * neither a date nor an amount (blank, a footer, a narration's second line) is not a line, and a
 * summary row ("Opening Balance", "Total", "** End of Statement **") gives the stated balances.
 * A money row that cannot be read is refused naming its line: never skipped.
 */
import { StatementProblem, type ParsedStatement, type StatementLine } from '@desk/machines/reconciliation/statement';
import { CellNotReadable, parseStatementDate } from './amounts';
import { amountColumnsOf, headerKey, type ColumnMapping } from './column-mapping';
import { readBalance, readLineAmount, type ReadAmount } from './tabular-amounts';
import { isSummaryRow, StatedBalances, statementBalances } from './tabular-balances';
import { MAX_STATEMENT_ROWS } from './statement-limits';
import { accountNumberAbove, cellText, locateHeader, type ColumnIndexes, type Row } from './tabular-header';

export type { Cell, Row } from './tabular-header';

export interface TabularOptions {
  /** The file's line (1-based) of each row, when rows and lines differ (a CSV field spanning lines); else row n is line n. */
  lineNumbers?: readonly number[];
}

const LOOKS_LIKE_A_DATE = /^\d{1,4}[/\-. ][A-Za-z0-9]{1,4}[/\-. ]\d{2,4}\b/;

function attempt<T>(read: () => T): { value: T | null; problem: string | null } {
  try {
    return { value: read(), problem: null };
  } catch (error) {
    if (error instanceof CellNotReadable) return { value: null, problem: error.message };
    throw error;
  }
}

export function readTabularStatement(rows: readonly Row[], mapping: ColumnMapping, format: 'csv' | 'xlsx', options: TabularOptions = {}): ParsedStatement {
  if (rows.length > MAX_STATEMENT_ROWS) {
    throw new StatementProblem(`The file has ${rows.length} rows; a statement is read up to ${MAX_STATEMENT_ROWS}: download a shorter period`);
  }
  const lineOf = (index: number) => options.lineNumbers?.[index] ?? index + 1;
  const { index: headerIndex, columns } = locateHeader(rows, mapping, lineOf);
  const headerKeys = rows[headerIndex]!.map((cell) => headerKey(cellText(cell)));
  const dateColumnName = mapping.date.column;
  const amountNames = amountColumnsOf(mapping.amounts)
    .map((name) => `"${name}"`)
    .join(' or ');
  const stated = new StatedBalances();
  const lines: StatementLine[] = [];
  let inSummary = false;
  let previousWasLine = false;

  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    const line = lineOf(index);
    const fail = (reason: string): never => {
      throw new StatementProblem(`Line ${line}: ${reason}`, line);
    };
    // Blank rows, and the rules of asterisks or dashes some exports draw under the header.
    if (row.every((cell) => /^[*\-=_\s]*$/.test(cellText(cell)))) continue;
    // Exports paginated for print repeat the header on each page.
    if (row.every((cell, at) => headerKey(cellText(cell)) === (headerKeys[at] ?? ''))) continue;

    const dateText = cellText(row[columns.date]);
    const date = attempt(() => parseStatementDate(row[columns.date], mapping.date.format));
    const amount = attempt(() => readLineAmount(row, mapping.amounts, columns));
    const hasAmount = amount.value !== null || amount.problem !== null;

    if (date.value !== null) {
      if (amount.problem !== null) fail(amount.problem);
      if (amount.value === null) fail(`it has a date (${dateText}) but no amount in ${amountNames}`);
      lines.push(lineFrom(row, date.value, amount.value!, mapping, columns, fail));
      inSummary = false;
      previousWasLine = true;
      continue;
    }
    if (stated.read(row, columns.balance, columns.balanceMarker) || isSummaryRow(row)) {
      inSummary = true;
      previousWasLine = false;
      continue;
    }
    if (date.problem !== null && (hasAmount || LOOKS_LIKE_A_DATE.test(dateText))) fail(`${date.problem} in "${dateColumnName}"`);
    if (hasAmount && !inSummary) fail(`it has an amount in ${amountNames} but no date in "${dateColumnName}"`);
    if (!hasAmount && previousWasLine && onlyNarration(row, columns)) {
      // A narration the bank wrapped onto the next row, with nothing else on it.
      const last = lines[lines.length - 1]!;
      last.narration = `${last.narration} ${narrationOf(row, columns)}`.trim();
      continue;
    }
    previousWasLine = false;
  }

  const balances = statementBalances(lines, stated);
  return {
    format,
    accountNumber: accountNumberAbove(rows, headerIndex),
    currency: mapping.currency,
    openingBalance: balances.opening,
    closingBalance: balances.closing,
    lines,
  };
}

function narrationOf(row: Row, columns: ColumnIndexes): string {
  return columns.narration
    .map((at) => cellText(row[at]).replace(/\s*[\r\n]+\s*/g, ' '))
    .filter((part) => part !== '')
    .join(' ');
}

function onlyNarration(row: Row, columns: ColumnIndexes): boolean {
  return row.every((cell, at) => cellText(cell) === '' || columns.narration.includes(at));
}

function lineFrom(
  row: Row,
  bookedOn: string,
  amount: ReadAmount,
  mapping: ColumnMapping,
  columns: ColumnIndexes,
  fail: (reason: string) => never,
): StatementLine {
  const valueDate = mapping.valueDate;
  const valueOn =
    valueDate && columns.valueDate !== null
      ? attempt(() => parseStatementDate(row[columns.valueDate!], valueDate.format ?? mapping.date.format))
      : { value: null, problem: null };
  if (valueOn.problem !== null) fail(`${valueOn.problem} in "${valueDate!.column}"`);
  const balance = mapping.balance ? attempt(() => readBalance(row, columns, mapping.balance!.column, mapping.balance!.marker)) : { value: null, problem: null };
  if (balance.problem !== null) fail(balance.problem);
  const reference = columns.reference === null ? '' : cellText(row[columns.reference]).replace(/^-+$/, '');
  return {
    bookedOn,
    valueOn: valueOn.value,
    direction: amount.direction,
    amount: amount.amount,
    narration: narrationOf(row, columns),
    bankReference: reference === '' ? null : reference,
    balanceAfter: balance.value,
  };
}
