import { describe, expect, it } from 'vitest';
import { problemOf } from '../../../../tests/support/statement-problem';
import { parseColumnMapping, type ColumnMappingInput } from './column-mapping';
import { readTabularStatement, type Row } from './tabular-statement';

const split: ColumnMappingInput = {
  headerRow: 'auto',
  date: { column: 'Date', format: 'dd/mm/yyyy' },
  narration: ['Narration'],
  reference: 'Ref',
  amounts: { kind: 'split', debit: 'Debit', credit: 'Credit' },
  balance: { column: 'Balance' },
};
const header: Row = ['Date', 'Narration', 'Ref', 'Debit', 'Credit', 'Balance'];
const read = (rows: Row[], mapping: ColumnMappingInput = split) => readTabularStatement(rows, parseColumnMapping(mapping), 'csv');
const problem = (rows: Row[], mapping: ColumnMappingInput = split) => problemOf(() => read(rows, mapping));

describe('readTabularStatement', () => {
  it('finds a header that is not on the first row, and survives a column the bank added', () => {
    const statement = read([
      ['Account No :', 'XXXX1234'],
      [],
      ['Sl', ...header, 'Branch'],
      ['1', '01/04/2026', 'UPI', 'R1', '', '100.00', '100.00', 'MG Road'],
    ]);
    expect(statement.accountNumber).toBe('XXXX1234');
    expect(statement.lines).toEqual([
      { bookedOn: '2026-04-01', valueOn: null, direction: 'credit', amount: '100.00', narration: 'UPI', bankReference: 'R1', balanceAfter: '100.00' },
    ]);
  });

  it('refuses a header row that does not hold the mapping’s columns, naming them and the row', () => {
    const error = problem([['Account'], header], { ...split, headerRow: 1 });
    expect(error.message).toMatch(/^Row 1 should hold the column headers, but "Date", "Debit", "Credit", "Narration", "Ref", "Balance" are not on it/);
    expect(error.line).toBe(1);
  });

  it('names a column the bank renamed', () => {
    expect(problem([['Date', 'Details', 'Ref', 'Debit', 'Credit', 'Balance']]).message).toMatch(/but not "Narration": the bank may have renamed a column/);
  });

  it('refuses a row with a date but no amount, naming its line', () => {
    const error = problem([header, ['01/04/2026', 'UPI', 'R1', '', '', '100.00']]);
    expect(error.message).toBe('Line 2: it has a date (01/04/2026) but no amount in "Debit" or "Credit"');
    expect(error.line).toBe(2);
  });

  it('refuses an amount with no date rather than skip it', () => {
    expect(problem([header, ['', 'UPI', 'R1', '', '100.00', '100.00']]).message).toBe('Line 2: it has an amount in "Debit" or "Credit" but no date in "Date"');
  });

  it('refuses an impossible date even on a row without an amount', () => {
    expect(problem([header, ['31/02/2026', 'UPI', 'R1', '', '', '']]).message).toBe('Line 2: "31/02/2026" is not a day of the calendar in "Date"');
  });

  it('refuses both a debit and a credit on one line', () => {
    expect(problem([header, ['01/04/2026', 'UPI', 'R1', '5.00', '5.00', '']]).message).toBe('Line 2: both "Debit" and "Credit" hold an amount');
  });

  it('reads 0.00 in the unused column as empty, and a debit written negative as a debit', () => {
    const statement = read([header, ['01/04/2026', 'A', '', '-5.00', '0.00', '']]);
    expect(statement.lines[0]).toMatchObject({ direction: 'debit', amount: '5.00', bankReference: null });
  });

  it('refuses an unreadable balance rather than drop it', () => {
    expect(problem([header, ['01/04/2026', 'UPI', 'R1', '', '5.00', 'n/a']]).message).toBe(
      'Line 2: "n/a" is not an amount (write it like 1,00,000.00 or 1234.50) in "Balance"',
    );
  });

  it('skips blank, footer and repeated header rows, and joins a narration wrapped onto the next row', () => {
    const statement = read([
      header,
      ['01/04/2026', 'NEFT-ANITA', 'R1', '', '5.00', '5.00'],
      ['', 'KUMARI-SBIN0001234', '', '', '', ''],
      [],
      header,
      ['02/04/2026', 'UPI', 'R2', '', '1.00', '6.00'],
      ['Page 1 of 1'],
    ]);
    expect(statement.lines.map((line) => line.narration)).toEqual(['NEFT-ANITA KUMARI-SBIN0001234', 'UPI']);
  });

  it.each([
    ['XX', 'Line 2: "XX" in "Type" is neither CR nor C nor DR'],
    ['', 'Line 2: "Type" is empty: is it a credit or a debit?'],
  ])('refuses the Dr/Cr marker %j, naming the words it knows', (marker, message) => {
    const mapping: ColumnMappingInput = {
      headerRow: 1,
      date: { column: 'Date', format: 'dd/mm/yyyy' },
      narration: 'Narration',
      amounts: { kind: 'marker', amount: 'Amount', marker: 'Type', credit: ['CR', 'C'], debit: ['DR'] },
    };
    const rows = [
      ['Date', 'Narration', 'Amount', 'Type'],
      ['01/04/2026', 'UPI', '10.00', marker],
    ];
    expect(problem(rows, mapping).message).toBe(message);
  });

  it('reads the balances of a statement listed newest first', () => {
    const statement = read([header, ['02/04/2026', 'B', '', '30.00', '', '70.00'], ['01/04/2026', 'A', '', '', '100.00', '100.00']]);
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '0.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-02', amount: '70.00' });
  });

  it('prefers the balances summary rows state, in their several shapes', () => {
    const statement = read([
      header,
      ['Opening Balance : 1,000.00 Cr'],
      ['01/04/2026', 'A', '', '', '100.00', ''],
      ['Total', '', '', '0.00', '100.00', ''],
      ['Closing Balance', '', '', '', '', '1,100.00'],
    ]);
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '1000.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-01', amount: '1100.00' });
  });

  it('has no balances when neither a summary nor a balance column gives them', () => {
    const statement = read([header.slice(0, 5), ['01/04/2026', 'A', '', '', '1.00']], { ...split, balance: null });
    expect(statement.openingBalance).toBeNull();
    expect(statement.closingBalance).toBeNull();
  });

  it('refuses more than 200,000 rows', () => {
    const rows: Row[] = Array.from({ length: 200_001 }, () => []);
    expect(problem(rows).message).toMatch(/200001 rows; a statement is read up to 200000/);
  });
});
