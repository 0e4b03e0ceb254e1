/**
 * Finding a CSV or XLSX statement's header row and the columns its mapping names, and the account
 * number printed in the lines above it. Banks put a block of account details above the header, of a
 * length that changes between downloads, so the header is found by what it says.
 */
import { StatementProblem } from '@desk/machines/reconciliation/statement';
import { amountColumnsOf, columnReference, headerKey, type ColumnMapping } from './column-mapping';

export type Cell = string | number | Date | null | undefined;
export type Row = readonly Cell[];

/** A cell as text: trimmed, Excel's `="000123"` guard unwrapped; numbers as decimals, dates as days. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = cell.replace(/\u00a0/g, ' ').trim();
  const guarded = /^="(.*)"$/.exec(text);
  return (guarded ? guarded[1]! : text).trim();
}

/** Where each named column sits on the header row. */
export interface ColumnIndexes {
  date: number;
  valueDate: number | null;
  narration: number[];
  reference: number | null;
  amounts: Record<string, number>;
  balance: number | null;
  balanceMarker: number | null;
}

function indexOf(header: Row, name: string): number | null {
  const { key, occurrence } = columnReference(name);
  let seen = 0;
  for (let index = 0; index < header.length; index += 1) {
    if (headerKey(cellText(header[index])) === key) {
      seen += 1;
      if (seen === occurrence) return index;
    }
  }
  return null;
}

function named(mapping: ColumnMapping): string[] {
  const names = [mapping.date.column, ...amountColumnsOf(mapping.amounts), ...mapping.narration];
  if (mapping.valueDate) names.push(mapping.valueDate.column);
  if (mapping.reference) names.push(mapping.reference);
  if (mapping.balance) names.push(mapping.balance.column, ...(mapping.balance.marker ? [mapping.balance.marker] : []));
  return names;
}

function resolve(header: Row, mapping: ColumnMapping): ColumnIndexes | string[] {
  const missing = named(mapping).filter((name) => indexOf(header, name) === null);
  if (missing.length > 0) return missing;
  const at = (name: string) => indexOf(header, name)!;
  return {
    date: at(mapping.date.column),
    valueDate: mapping.valueDate ? at(mapping.valueDate.column) : null,
    narration: mapping.narration.map(at),
    reference: mapping.reference ? at(mapping.reference) : null,
    amounts: Object.fromEntries(amountColumnsOf(mapping.amounts).map((name) => [name, at(name)])),
    balance: mapping.balance ? at(mapping.balance.column) : null,
    balanceMarker: mapping.balance?.marker ? at(mapping.balance.marker) : null,
  };
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** The header row's index and its columns; refuses a file whose headers the mapping does not name. */
export function locateHeader(rows: readonly Row[], mapping: ColumnMapping, lineOf: (index: number) => number): { index: number; columns: ColumnIndexes } {
  if (mapping.headerRow !== 'auto') {
    const index = mapping.headerRow - 1;
    const found = index < rows.length ? resolve(rows[index]!, mapping) : named(mapping);
    if (Array.isArray(found)) {
      throw new StatementProblem(
        `Row ${mapping.headerRow} should hold the column headers, but ${quoted(found)} ${found.length === 1 ? 'is' : 'are'} not on it: ` +
          'check the header row and the column names in this account’s mapping',
        index < rows.length ? lineOf(index) : null,
      );
    }
    return { index, columns: found };
  }
  const required = [mapping.date.column, ...amountColumnsOf(mapping.amounts)];
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (required.some((name) => indexOf(row, name) === null)) continue;
    const found = resolve(row, mapping);
    if (Array.isArray(found)) {
      throw new StatementProblem(
        `The header row has ${quoted(required)} but not ${quoted(found)}: the bank may have renamed a column; update this account’s mapping`,
        lineOf(index),
      );
    }
    return { index, columns: found };
  }
  throw new StatementProblem(`No row holds the headers ${quoted(required)}: is this the right file, and the right mapping for this account?`);
}

const ACCOUNT_LABEL = /^(account|a\/c|ac)\s*(no|number|num)\.?\s*:?\s*(.*)$/i;
const ACCOUNT_VALUE = /^[0-9Xx*]{4,34}$/;

/** The account number the lines above the header print ("Account No : XXXXXXXX1234"), if any. */
export function accountNumberAbove(rows: readonly Row[], headerIndex: number): string | null {
  for (const row of rows.slice(0, headerIndex)) {
    for (let index = 0; index < row.length; index += 1) {
      const label = ACCOUNT_LABEL.exec(cellText(row[index]));
      if (!label) continue;
      const candidates = [label[3]!, ...row.slice(index + 1).map(cellText)];
      for (const candidate of candidates) {
        const value = candidate.replace(/^[:'\s]+/, '').replace(/\s+/g, '');
        if (ACCOUNT_VALUE.test(value)) return value;
        if (value !== '') break;
      }
    }
  }
  return null;
}
