import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { columnMappingSchema, columnReference, headerKey, parseColumnMapping } from './column-mapping';

const valid = {
  headerRow: 'auto',
  date: { column: 'Date', format: 'dd/mm/yy' },
  narration: ['Narration', 'Remarks'],
  amounts: { kind: 'split', debit: 'Withdrawal Amt.', credit: 'Deposit Amt.' },
};

const messages = (input: unknown) => {
  const result = columnMappingSchema.safeParse(input);
  expect(result.success).toBe(false);
  return z.flattenError(result.error!).fieldErrors as Record<string, string[]>;
};

describe('column mapping', () => {
  it('fills the defaults: no value date, reference or balance; INR; one narration column as a list', () => {
    expect(parseColumnMapping({ ...valid, narration: 'Narration' })).toEqual({
      ...valid,
      narration: ['Narration'],
      valueDate: null,
      reference: null,
      balance: null,
      currency: 'INR',
    });
  });

  it('says what to write for a date format it does not know', () => {
    expect(messages({ ...valid, date: { column: 'Date', format: 'mm/dd/yyyy' } }).date).toEqual([
      'Choose how the dates are written: one of dd/mm/yyyy, dd-mm-yyyy, dd/mm/yy, dd-MMM-yyyy, dd-MMM-yy, dd MMM yyyy, yyyy-mm-dd',
    ]);
  });

  it('says how amounts may be written when the kind is missing', () => {
    expect(messages({ ...valid, amounts: { debit: 'Dr' } }).amounts?.[0]).toMatch(/^Say how amounts are written: "split"/);
  });

  it('refuses a blank column name in words', () => {
    expect(messages({ ...valid, date: { column: '  ', format: 'dd/mm/yy' } }).date).toEqual([
      'Name the column as its header reads in the file, e.g. "Narration"',
    ]);
  });

  it('says what a narration must be when it is blank, never just "Invalid input"', () => {
    expect(messages({ ...valid, narration: '' }).narration?.[0]).toMatch(/^Name the narration column by its heading/);
  });

  it('refuses a header row that is neither a row number nor auto', () => {
    expect(messages({ ...valid, headerRow: 0 }).headerRow?.[0]).toMatch(/row number \(1 for the first row, up to 1000\) or "auto"/);
  });

  it('refuses one column as both debit and credit, ignoring case and dots', () => {
    expect(messages({ ...valid, amounts: { kind: 'split', debit: 'Amount', credit: 'amount.' } }).amounts).toEqual([
      '"amount." cannot be both an amount and an amount column',
    ]);
  });

  it('refuses a marker word that means both credit and debit', () => {
    const input = { ...valid, amounts: { kind: 'marker', amount: 'Amount', marker: 'Dr/Cr', credit: ['CR', 'C'], debit: ['DR', 'c'] } };
    expect(messages(input).amounts).toEqual(['"c" cannot mean both a credit and a debit']);
  });

  it('matches headers ignoring case, dots and spaces, and names a repeated header by its occurrence', () => {
    expect(headerKey(' Chq./Ref.No. ')).toBe(headerKey('chq / ref no'));
    expect(headerKey('Withdrawal Amount (INR )')).toBe(headerKey('Withdrawal Amount (INR)'));
    expect(columnReference('Dr / Cr #2')).toEqual({ key: 'dr/cr', occurrence: 2 });
    expect(columnReference('Dr / Cr')).toEqual({ key: 'dr/cr', occurrence: 1 });
  });
});
