/**
 * A line's direction and amount from its cells, for each way a mapping says amounts are written
 * (column-mapping.ts). Returns null when the amount columns are empty; throws `CellNotReadable`
 * when they hold something that is not one readable amount, so the caller names the line.
 */
import { Money } from '@desk/machines/pricing/decimal';
import { CellNotReadable, parseInrAmount, type InrAmount } from './amounts';
import type { AmountColumns } from './column-mapping';
import { cellText, type ColumnIndexes, type Row } from './tabular-header';

export interface ReadAmount {
  direction: 'credit' | 'debit';
  /** Positive, two decimals. */
  amount: string;
  /** Signed: a credit adds to the balance, a debit takes from it. */
  signed: string;
}

function read(row: Row, index: number, column: string): InrAmount | null {
  try {
    return parseInrAmount(cellText(row[index]) === '' ? null : (row[index] as string | number));
  } catch (error) {
    if (error instanceof CellNotReadable) throw new CellNotReadable(`${error.message} in "${column}"`);
    throw error;
  }
}

const isZero = (amount: InrAmount | null) => amount === null || new Money(amount.value).isZero();

function result(direction: 'credit' | 'debit', value: string): ReadAmount {
  const amount = new Money(value).abs().toFixed(2);
  return { direction, amount, signed: direction === 'credit' ? amount : `-${amount}` };
}

export function readLineAmount(row: Row, amounts: AmountColumns, columns: ColumnIndexes): ReadAmount | null {
  const at = (name: string) => columns.amounts[name]!;
  switch (amounts.kind) {
    case 'split': {
      const debit = read(row, at(amounts.debit), amounts.debit);
      const credit = read(row, at(amounts.credit), amounts.credit);
      // Some banks write 0.00 in the column a line does not use.
      if (!isZero(debit) && !isZero(credit)) {
        throw new CellNotReadable(`both "${amounts.debit}" and "${amounts.credit}" hold an amount`);
      }
      if (!isZero(debit)) {
        if (debit!.marker === 'CR') throw new CellNotReadable(`"${amounts.debit}" holds an amount marked Cr`);
        // A debit column written negative is still a debit.
        return result('debit', debit!.value);
      }
      if (!isZero(credit)) {
        if (credit!.marker === 'DR') throw new CellNotReadable(`"${amounts.credit}" holds an amount marked Dr`);
        if (credit!.value.startsWith('-')) throw new CellNotReadable(`"${amounts.credit}" holds a negative amount`);
        return result('credit', credit!.value);
      }
      return null;
    }
    case 'signed': {
      const value = read(row, at(amounts.amount), amounts.amount);
      if (isZero(value)) return null;
      if (value!.marker !== null) return result(value!.marker === 'CR' ? 'credit' : 'debit', value!.value);
      return result(value!.value.startsWith('-') ? 'debit' : 'credit', value!.value);
    }
    case 'marker': {
      const value = read(row, at(amounts.amount), amounts.amount);
      if (isZero(value)) return null;
      if (value!.value.startsWith('-')) throw new CellNotReadable(`"${amounts.amount}" holds a negative amount beside a Dr/Cr column`);
      const word = cellText(row[at(amounts.marker)]).toUpperCase();
      if (amounts.credit.some((credit) => credit.toUpperCase() === word)) return result('credit', value!.value);
      if (amounts.debit.some((debit) => debit.toUpperCase() === word)) return result('debit', value!.value);
      throw new CellNotReadable(
        word === ''
          ? `"${amounts.marker}" is empty: is it a credit or a debit?`
          : `"${word}" in "${amounts.marker}" is neither ${[...amounts.credit, ...amounts.debit].join(' nor ')}`,
      );
    }
    case 'suffix': {
      const value = read(row, at(amounts.amount), amounts.amount);
      if (isZero(value)) return null;
      if (value!.marker === null) {
        throw new CellNotReadable(`"${cellText(row[at(amounts.amount)])}" in "${amounts.amount}" says neither Cr nor Dr`);
      }
      return result(value!.marker === 'CR' ? 'credit' : 'debit', value!.value);
    }
  }
}

/** A balance, signed: "1,234.00 Dr" (or a Dr in its own marker column) is an overdrawn -1234.00. */
export function readBalance(row: Row, columns: ColumnIndexes, column: string, markerColumn: string | undefined): string | null {
  if (columns.balance === null) return null;
  const value = read(row, columns.balance, column);
  if (value === null) return null;
  const word = columns.balanceMarker === null ? '' : cellText(row[columns.balanceMarker]).toUpperCase();
  const marker = value.marker ?? (word.startsWith('DR') || word === 'D' ? 'DR' : word.startsWith('CR') || word === 'C' ? 'CR' : null);
  if (word !== '' && marker === null) throw new CellNotReadable(`"${word}" in "${markerColumn}" is neither Cr nor Dr`);
  return marker === 'DR' ? new Money(value.value).abs().negated().toFixed(2) : value.value;
}
