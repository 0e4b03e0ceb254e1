import { describe, expect, it } from 'vitest';
import { endOfDayBalance, statementBalance, type DayLine } from './bank-day-balance';

const line = (position: number, direction: 'credit' | 'debit', amount: string, balanceAfter: string | null): DayLine => ({
  position,
  direction,
  amount,
  balanceAfter,
});

describe("the bank's balance at the end of a day", () => {
  it('is the balance after the last line, whether the bank lists the day oldest or newest first', () => {
    const oldestFirst = [line(1, 'credit', '100.00', '1100.00'), line(2, 'debit', '30.00', '1070.00'), line(3, 'credit', '5.00', '1075.00')];
    expect(endOfDayBalance(oldestFirst)).toBe('1075.00');
    const newestFirst = [line(1, 'credit', '5.00', '1075.00'), line(2, 'debit', '30.00', '1070.00'), line(3, 'credit', '100.00', '1100.00')];
    expect(endOfDayBalance(newestFirst)).toBe('1075.00');
  });

  it('finds the last line of a day that came in two statements, newest first each (a day cut at noon, then the whole day)', () => {
    // Recorded: 11:00, 09:00 (the first statement), then 17:00, 13:00 (the lines the second one added).
    const lines = [
      line(1, 'credit', '10.00', '1030.00'),
      line(2, 'credit', '20.00', '1020.00'),
      line(3, 'debit', '5.00', '1065.00'),
      line(4, 'credit', '40.00', '1070.00'),
    ];
    expect(endOfDayBalance(lines)).toBe('1065.00');
  });

  it('reads the direction the balances run in when a missing line leaves two ends', () => {
    // The line between 1 and 2 is missing: two lines start from no other's balance.
    const lines = [line(1, 'credit', '100.00', '1100.00'), line(2, 'credit', '50.00', '1200.00'), line(3, 'debit', '10.00', '1190.00')];
    expect(endOfDayBalance(lines)).toBe('1190.00');
  });

  it('is the only balance given, and unknown when no line gives one', () => {
    expect(endOfDayBalance([line(1, 'credit', '1.00', null), line(2, 'credit', '2.00', '3.00')])).toBe('3.00');
    expect(endOfDayBalance([line(1, 'credit', '1.00', null)])).toBeNull();
    expect(endOfDayBalance([])).toBeNull();
  });
});

describe('the balance the position compares a bank account with', () => {
  const lines = [line(1, 'credit', '100.00', '1100.00')];
  it('is the end of the latest day whose lines give balances, or a later stated closing', () => {
    expect(statementBalance({ lineDay: '2026-11-20', lines, closing: { on: '2026-11-20', amount: '999.00' } })).toEqual({
      kind: 'balance',
      amount: '1100.00',
      asOf: '2026-11-20',
      from: 'statement_line',
    });
    expect(statementBalance({ lineDay: '2026-11-20', lines, closing: { on: '2026-11-21', amount: '999.00' } })).toEqual({
      kind: 'balance',
      amount: '999.00',
      asOf: '2026-11-21',
      from: 'statement_closing',
    });
    expect(statementBalance({ lineDay: null, lines: [], closing: null })).toEqual({ kind: 'none', reason: 'no_statement_balance' });
    expect(statementBalance(undefined)).toEqual({ kind: 'none', reason: 'no_statement_balance' });
  });
});
