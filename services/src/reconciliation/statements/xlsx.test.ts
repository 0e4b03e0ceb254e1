import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StatementProblem } from '@desk/machines/reconciliation/statement';
import { COLUMN_PRESETS } from './column-presets';
import { expectedLines } from './fixtures/expected-statement';
import { buildXlsx, sheetXml, workbookParts, zip, type FixtureCell } from './fixtures/xlsx-fixture-writer';
import { readXlsxStatement } from './xlsx';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const presetMapping = (id: string) => COLUMN_PRESETS.find((preset) => preset.id === id)!.mapping;
const hdfc = presetMapping('withdrawal-deposit-dd-mm-yy');
const header: FixtureCell[] = ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];

describe('readXlsxStatement', () => {
  it('reads ICICI’s layout: details above a header on row 8, real date cells, numbers kept exact, a wrapped narration, a footer', async () => {
    const statement = await readXlsxStatement(fixture('xlsx-icici-detailed.xlsx'), presetMapping('debit-credit-dd-mmm-yyyy'));
    expect(statement).toMatchObject({
      format: 'xlsx',
      accountNumber: 'XXXXXXXX4321',
      openingBalance: { on: '2026-04-01', amount: '100000.00' },
      closingBalance: { on: '2026-04-03', amount: '175000.50' },
    });
    expect(statement.lines).toEqual(
      expectedLines([
        // Stored as 25000.000000000004: Excel's 15 digits say 25000.
        ['2026-04-01', '2026-04-01', 'credit', '25000.00', 'UPI/412345678901/PAYMENT FROM RAVI/ravi@okaxis', null, '125000.00'],
        ['2026-04-02', '2026-04-02', 'credit', '100000.00', 'NEFT-N123456789012-ANITA KUMARI- SBIN0001234', null, '225000.00'],
        ['2026-04-03', '2026-04-03', 'debit', '49999.50', 'IMPS/P2A/609312345678/PAYOUT SELL ORDER', '812345', '175000.50'],
      ]),
    );
  });

  it('reads Kotak’s layout from the second sheet (a cover sheet first), its two "Dr / Cr" columns, an overdrawn closing balance', async () => {
    const statement = await readXlsxStatement(fixture('xlsx-kotak-second-sheet.xlsx'), presetMapping('amount-dr-cr-and-balance-dr-cr-dd-mm-yyyy'));
    expect(statement.accountNumber).toBe('1234XXXX5678');
    expect(statement.lines.map((line) => [line.direction, line.amount, line.bankReference, line.balanceAfter])).toEqual([
      ['credit', '5000.00', 'UPI-609112345678', '5500.00'],
      ['debit', '6000.00', 'IMPS-609212345678', '-500.00'],
    ]);
    expect(statement.openingBalance).toEqual({ on: '2026-04-01', amount: '500.00' });
    expect(statement.closingBalance).toEqual({ on: '2026-04-02', amount: '-500.00' });
  });

  it('refuses a bad amount naming the sheet row', async () => {
    await expect(readXlsxStatement(fixture('xlsx-bad-amount.xlsx'), hdfc)).rejects.toThrow(
      new StatementProblem('Line 4: "12,34.5x" is not an amount (write it like 1,00,000.00 or 1234.50) in "Deposit Amt."', 4),
    );
    await readXlsxStatement(fixture('xlsx-bad-amount.xlsx'), hdfc).catch((error: StatementProblem) => expect(error.line).toBe(4));
  });

  it('refuses a number stored with paise past two places rather than rounding it', async () => {
    const bytes = buildXlsx([{ name: 'S', rows: [header, ['01/04/26', 'UPI', null, null, null, { number: '10.005' }, null]] }]);
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow(/^Line 2: "10.005" is not an amount/);
  });

  it('refuses a file that is not a workbook, in words', async () => {
    await expect(readXlsxStatement(Buffer.from('Date,Narration\n01/04/26,x\n'), hdfc)).rejects.toThrow(/not an XLSX workbook/);
  });

  it('names the headers it looked for when no sheet holds them', async () => {
    const bytes = buildXlsx([{ name: 'S', rows: [['Txn Date', 'Debit', 'Credit']] }]);
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow('No row holds the headers "Date", "Withdrawal Amt.", "Deposit Amt."');
  });
});

describe('an XLSX past the limits is refused before it is read', () => {
  const rows: FixtureCell[][] = [header, ['01/04/26', 'UPI', null, null, null, '1.00', null]];

  it('refuses a zip bomb: a few kilobytes that unpack past 5 MB', async () => {
    const bomb = workbookParts([{ name: 'S', rows }], { 0: sheetXml(rows, `<!--${' '.repeat(6_000_000)}-->`) });
    const bytes = zip(bomb);
    expect(bytes.length).toBeLessThan(20_000);
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow(/unpacks to more than 5 MB/);
  });

  it('refuses a bomb whose headers declare a small size: the real output is what is capped', async () => {
    const parts = workbookParts([{ name: 'S', rows }], { 0: sheetXml(rows, `<!--${' '.repeat(6_000_000)}-->`) });
    const bytes = zip(parts, { 'xl/worksheets/sheet1.xml': 1_000 });
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow(/unpacks to more than 5 MB/);
  });

  it('refuses a part whose real size differs from the one its header declares', async () => {
    const bytes = zip(workbookParts([{ name: 'S', rows }]), { 'xl/worksheets/sheet1.xml': 10 });
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow(/zip structure is damaged/);
  });

  it('refuses a sheet of more than 200,000 rows, counted before reading it', async () => {
    const many = Array.from({ length: 200_001 }, (_, index) => `<row r="${index + 2}"/>`).join('');
    const xml = sheetXml(rows).replace('</sheetData>', `${many}</sheetData>`);
    const bytes = zip(workbookParts([{ name: 'S', rows }], { 0: xml }));
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow('A sheet in the file reaches row 200003; a statement is read up to 200000 rows');
  });

  it('refuses a sheet naming a cell far away (a 2 KB file that would build a grid of 200 million cells), before reading it', async () => {
    const farCell = sheetXml(rows).replace('</sheetData>', '<row r="12000"><c r="XFD12000" t="inlineStr"><is><t>x</t></is></c></row></sheetData>');
    const bytes = zip(workbookParts([{ name: 'S', rows }], { 0: farCell }));
    await expect(readXlsxStatement(bytes, hdfc)).rejects.toThrow('A sheet in the file reaches column 16384; a statement has at most 100');
    const farRow = sheetXml(rows).replace('</sheetData>', '<row r="900000"><c r="A900000"><v>1</v></c></row></sheetData>');
    await expect(readXlsxStatement(zip(workbookParts([{ name: 'S', rows }], { 0: farRow })), hdfc)).rejects.toThrow('reaches row 900000');
    const dimension = sheetXml(rows).replace('<sheetData>', '<dimension ref="A1:ZZ10"/><sheetData>');
    await expect(readXlsxStatement(zip(workbookParts([{ name: 'S', rows }], { 0: dimension })), hdfc)).rejects.toThrow('reaches column 702');
  });

  it('refuses a file over 5 MB as it is', async () => {
    await expect(readXlsxStatement(Buffer.alloc(5_000_001), hdfc)).rejects.toThrow(/over 5 MB/);
  });

  it('refuses bytes hidden between the parts the index lists', async () => {
    const bytes = buildXlsx([{ name: 'S', rows }]);
    const hidden = Buffer.concat([Buffer.from('PK\u0003\u0004hidden'), bytes]);
    await expect(readXlsxStatement(hidden, hdfc)).rejects.toThrow(/zip structure is damaged/);
  });
});
