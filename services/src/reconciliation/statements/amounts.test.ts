import { describe, expect, it } from 'vitest';
import { CellNotReadable, parseInrAmount, parseStatementDate } from './amounts';

describe('parseInrAmount', () => {
  it.each([
    ['1,00,000.00', '100000.00', null],
    ['100000', '100000.00', null],
    ['1,234.5', '1234.50', null],
    ['1,234,567.89', '1234567.89', null],
    ['(1,234.00)', '-1234.00', null],
    ['-1234', '-1234.00', null],
    ['1,234.00 Cr', '1234.00', 'CR'],
    ['1,234.00Dr', '1234.00', 'DR'],
    ['500.00 dr.', '500.00', 'DR'],
    ['₹ 1,234.00', '1234.00', null],
    ['₹1,234.00', '1234.00', null],
    ['INR 1,234.00', '1234.00', null],
    ['Rs. 99.9', '99.90', null],
    ['  12,34,567.05  ', '1234567.05', null],
    [25000, '25000.00', null],
    [25000.000000000004, '25000.00', null],
    [-49999.5, '-49999.50', null],
  ])('reads %j as %s', (cell, value, marker) => {
    expect(parseInrAmount(cell)).toEqual({ value, marker });
  });

  it.each(['', '   ', '-', null, undefined])('reads the blank %j as no amount', (cell) => {
    expect(parseInrAmount(cell)).toBeNull();
  });

  it.each(['12,34.5', '1.234,50', '1,234.567', '1e5', 'abc', '1,2345.00', 'Cr', '12 345', '0x10', '-1,234.00 Cr'])('refuses %j with a reason', (cell) => {
    expect(() => parseInrAmount(cell)).toThrow(CellNotReadable);
    expect(() => parseInrAmount(cell)).toThrow(new RegExp(cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  it('refuses a number with paise past two places rather than rounding it', () => {
    expect(() => parseInrAmount(12.345)).toThrow(/more than two decimals/);
  });
});

describe('parseStatementDate', () => {
  it.each([
    ['01/04/2026', 'dd/mm/yyyy', '2026-04-01'],
    ['1/4/2026', 'dd/mm/yyyy', '2026-04-01'],
    ['31-12-2025', 'dd-mm-yyyy', '2025-12-31'],
    ['01/04/26', 'dd/mm/yy', '2026-04-01'],
    ['05-Apr-2026', 'dd-MMM-yyyy', '2026-04-05'],
    ['05-SEPT-2026', 'dd-MMM-yyyy', '2026-09-05'],
    ['05-apr-26', 'dd-MMM-yy', '2026-04-05'],
    ['1 Apr 2026', 'dd MMM yyyy', '2026-04-01'],
    ['2026-04-01', 'yyyy-mm-dd', '2026-04-01'],
    ['29/02/2028', 'dd/mm/yyyy', '2028-02-29'],
    ['01/04/2026 10:12:33', 'dd/mm/yyyy', '2026-04-01'],
    ['01-04-2026 09:05 PM', 'dd-mm-yyyy', '2026-04-01'],
  ] as const)('reads %s in %s', (cell, format, day) => {
    expect(parseStatementDate(cell, format)).toBe(day);
  });

  it('takes a spreadsheet date cell as the day it holds, whatever the format', () => {
    expect(parseStatementDate(new Date(Date.UTC(2026, 3, 30)), 'dd/mm/yy')).toBe('2026-04-30');
  });

  it.each([
    ['31/02/2026', 'dd/mm/yyyy', /not a day of the calendar/],
    ['29/02/2026', 'dd/mm/yyyy', /not a day of the calendar/],
    ['01/13/2026', 'dd/mm/yyyy', /not a day of the calendar/],
    ['2026-04-01', 'dd/mm/yyyy', /not a date in dd\/mm\/yyyy/],
    ['01/04/2026', 'dd/mm/yy', /not a date in dd\/mm\/yy/],
    ['05-Foo-2026', 'dd-MMM-yyyy', /names no month/],
    ['Opening Balance', 'dd/mm/yyyy', /not a date/],
  ] as const)('refuses %s in %s', (cell, format, reason) => {
    expect(() => parseStatementDate(cell, format)).toThrow(reason);
  });

  it('reads a blank cell as no date', () => {
    expect(parseStatementDate('  ', 'dd/mm/yyyy')).toBeNull();
    expect(parseStatementDate(null, 'dd/mm/yyyy')).toBeNull();
  });
});
