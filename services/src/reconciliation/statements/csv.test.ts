import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatementProblem } from '@desk/machines/reconciliation/statement';
import { parseColumnMapping, type ColumnMappingInput } from './column-mapping';
import { COLUMN_PRESETS } from './column-presets';
import { detectDelimiter, readCsvStatement } from './csv';
import { expectedLines } from './fixtures/expected-statement';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const presetMapping = (id: string) => COLUMN_PRESETS.find((preset) => preset.id === id)!.mapping;
/** A plain layout: a header on row 1, one signed Amount column. */
const SIGNED: ColumnMappingInput = {
  headerRow: 1,
  date: { column: 'Date', format: 'dd/mm/yyyy' },
  narration: 'Narration',
  amounts: { kind: 'signed', amount: 'Amount' },
};

describe('readCsvStatement', () => {
  it('reads HDFC’s layout: BOM, CRLF, details above the header, a rule of asterisks, quoted commas, a narration over two lines, the summary table', () => {
    const statement = readCsvStatement(fixture('csv-hdfc-withdrawal-deposit.csv'), presetMapping('withdrawal-deposit-dd-mm-yy'));
    expect(statement).toMatchObject({
      format: 'csv',
      accountNumber: '50100012345678',
      currency: 'INR',
      openingBalance: { on: '2026-04-01', amount: '150000.00' },
      closingBalance: { on: '2026-04-03', amount: '225001.00' },
    });
    expect(statement.lines).toEqual(
      expectedLines([
        [
          '2026-04-01',
          '2026-04-01',
          'credit',
          '100000.00',
          'UPI-RAVI KUMAR-RAVI@OKAXIS-HDFC0001234-412345678901-BUY, ORDER 1042',
          '0000412345678901',
          '250000.00',
        ],
        ['2026-04-02', '2026-04-02', 'credit', '25000.50', 'NEFT CR-SBIN0001234-ANITA KUMARI-N123456789012', 'N123456789012', '275000.50'],
        ['2026-04-03', '2026-04-03', 'debit', '49999.50', 'IMPS-609312345678-PAYOUT SELL ORDER 1043', '0000609312345678', '225001.00'],
      ]),
    );
  });

  it('reads SBI’s tab-separated layout with dd MMM yyyy dates and a padded "Debit" header', () => {
    const statement = readCsvStatement(fixture('csv-sbi-txn-date-tabs.csv'), presetMapping('txn-date-debit-credit-dd-mmm-yyyy'));
    expect(statement.accountNumber).toBe('00000012345678901');
    expect(statement.lines.map((line) => [line.bookedOn, line.direction, line.amount, line.balanceAfter])).toEqual([
      ['2026-04-01', 'credit', '500.00', '10500.00'],
      ['2026-04-02', 'debit', '1200.00', '9300.00'],
    ]);
    // No summary row: the opening is the first line's balance less its amount.
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '10000.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-02', amount: '9300.00' });
  });

  it('reads Axis’s Dr/Cr marker column, with "C" for a credit, and the opening and closing balance rows after the lines', () => {
    const statement = readCsvStatement(fixture('csv-axis-dr-cr-marker.csv'), presetMapping('amount-dr-cr-column-dd-mm-yyyy'));
    expect(statement.lines.map((line) => [line.direction, line.amount, line.bankReference])).toEqual([
      ['credit', '100000.00', null],
      ['debit', '40000.00', null],
      ['credit', '2500.00', '000123'],
    ]);
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '500.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-03', amount: '63000.00' });
  });

  it('reads a ;-separated file with unquoted Indian amounts, signed amounts in every spelling, and Opening/Total/Closing/End rows', () => {
    const mapping = parseColumnMapping({
      headerRow: 2,
      date: { column: 'Txn Date', format: 'dd-MMM-yy' },
      narration: 'Particulars',
      reference: 'Reference',
      amounts: { kind: 'signed', amount: 'Amount' },
      balance: { column: 'Balance' },
    });
    const statement = readCsvStatement(fixture('csv-semicolon-signed.csv'), mapping);
    expect(statement.lines.map((line) => [line.bookedOn, line.direction, line.amount])).toEqual([
      ['2026-04-01', 'credit', '100000.00'],
      ['2026-04-02', 'debit', '1234.00'],
      ['2026-04-03', 'debit', '1234.00'],
      ['2026-04-04', 'credit', '1234.50'],
      ['2026-04-05', 'credit', '100000.00'],
    ]);
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '100000.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-05', amount: '298766.50' });
  });

  it('reads amounts and balances with a Cr/Dr suffix, an overdrawn balance negative', () => {
    const mapping = parseColumnMapping({ ...SIGNED, narration: 'Description', amounts: { kind: 'suffix', amount: 'Amount' }, balance: { column: 'Balance' } });
    const statement = readCsvStatement(fixture('csv-suffix-amounts.csv'), mapping);
    expect(statement.lines.map((line) => [line.direction, line.amount, line.balanceAfter])).toEqual([
      ['credit', '1234.00', '11234.00'],
      ['debit', '12000.00', '-766.00'],
    ]);
    expect(statement.openingBalance?.amount).toBe('10000.00');
  });

  it('refuses a bad amount naming its line in the file (blank lines counted)', () => {
    const read = () => readCsvStatement(fixture('csv-bad-amount.csv'), presetMapping('withdrawal-deposit-dd-mm-yy'));
    expect(read).toThrow(StatementProblem);
    expect(read).toThrow('Line 5: "1.234,50" is not an amount (write it like 1,00,000.00 or 1234.50) in "Deposit Amt."');
    try {
      read();
    } catch (error) {
      expect((error as StatementProblem).line).toBe(5);
    }
  });

  it('names the first line of a record whose narration spans lines', () => {
    const text = 'Date,Narration,Withdrawal Amt.,Deposit Amt.\n01/04/26,"one\ntwo\nthree",,oops\n';
    const mapping = parseColumnMapping({
      headerRow: 'auto',
      date: { column: 'Date', format: 'dd/mm/yy' },
      narration: 'Narration',
      amounts: { kind: 'split', debit: 'Withdrawal Amt.', credit: 'Deposit Amt.' },
    });
    expect(() => readCsvStatement(text, mapping)).toThrow(/^Line 2: "oops" is not an amount/);
  });

  it('refuses a file over 5 MB before parsing it', () => {
    const text = 'Date,Narration,Amount\n' + `01/04/2026,${'x'.repeat(100)},1.00\n`.repeat(50_000);
    expect(() => readCsvStatement(text, parseColumnMapping(SIGNED))).toThrow(/over 5 MB/);
  });

  it('refuses unreadable CSV with its line', () => {
    expect(() => readCsvStatement('Date,Narration,Amount\n01/04/2026,"never closed,1.00\n', parseColumnMapping(SIGNED))).toThrow(StatementProblem);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n01/04/26;1,00,000.00;2,00,000.00\n01/04/26;5,000.00;2,05,000.00\n', ';'],
    ['Account:\tX\nDate\tNarration\tAmount\tBalance\n1\t"a, b"\t3\t4\n', '\t'],
    ['"a,b";c;d\n"e,f";g;h\n', ';'],
    ['one column\n', ','],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});
