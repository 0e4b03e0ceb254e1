import { describe, expect, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import {
  bankStatementEvolver,
  decideBankStatement,
  NO_LINES,
  notInRupees,
  otherAccount,
  sameAccountNumber,
  type ImportStatement,
} from './bank-statement.decide';
import type { BankStatementEvent } from './bank-statement.events';
import { lineKeys } from './line-key';
import type { ParsedStatement, StatementLine } from './statement';

const spec = specFor({ ...bankStatementEvolver, decide: decideBankStatement });
const ACCOUNT = { id: 'account-1', accountNumber: '50100012341234' };

const line = (bookedOn: string, amount: string, narration: string, direction: 'credit' | 'debit' = 'credit'): StatementLine => ({
  bookedOn,
  valueOn: bookedOn,
  direction,
  amount,
  narration,
  bankReference: null,
  balanceAfter: null,
});
const A = line('2026-11-25', '25000.00', 'UPI/412345678901/Payment from Ravi');
const B = line('2026-11-26', '10000.00', 'NEFT-HDFCN52026112612345678-ASHA RAO');
const C = line('2026-11-27', '5000.00', 'TO TRANSFER-UPI/DR/412345678999', 'debit');

const statement = (lines: StatementLine[], over: Partial<ParsedStatement> = {}): ParsedStatement => ({
  format: 'csv',
  accountNumber: 'XXXXXXXXXX1234',
  currency: 'INR',
  openingBalance: { on: '2026-11-25', amount: '1000.00' },
  closingBalance: null,
  lines,
  ...over,
});
const importing = (lines: StatementLine[], statementId = 'statement-1', over: Partial<ParsedStatement> = {}): ImportStatement => ({
  type: 'ImportStatement',
  account: ACCOUNT,
  statementId,
  fileName: `${statementId}.csv`,
  fileSha256: 'ab'.repeat(32),
  statement: statement(lines, over),
  mapping: null,
  by: 'admin-a',
  at: '2026-11-27T10:00:00.000Z',
});

/** What an import recorded, as history for the next. */
const recorded = (command: ImportStatement): BankStatementEvent[] => decideBankStatement(bankStatementEvolver.initial(), command);

describe('importing a bank statement', () => {
  it('records the import, with who and what file, then every line in the statement order', () => {
    const [a, b] = lineKeys(ACCOUNT.id, [A, B]);
    spec([])
      .when(importing([A, B]))
      .thenRecords([
        {
          type: 'StatementImported',
          data: {
            statementId: 'statement-1',
            fileName: 'statement-1.csv',
            fileSha256: 'ab'.repeat(32),
            format: 'csv',
            accountNumber: 'XXXXXXXXXX1234',
            from: '2026-11-25',
            to: '2026-11-26',
            openingBalance: { on: '2026-11-25', amount: '1000.00' },
            closingBalance: null,
            lineCount: 2,
            newLineCount: 2,
            importedBy: 'admin-a',
            importedAt: '2026-11-27T10:00:00.000Z',
          },
        },
        { type: 'StatementLineRecorded', data: { statementId: 'statement-1', key: a!, line: A } },
        { type: 'StatementLineRecorded', data: { statementId: 'statement-1', key: b!, line: B } },
      ]);
  });

  it('adds nothing for the same statement again, and only the new lines of an overlapping one', () => {
    const first = recorded(importing([A, B]));
    const again = decideBankStatement(first.reduce(bankStatementEvolver.evolve, bankStatementEvolver.initial()), importing([A, B], 'statement-2'));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ type: 'StatementImported', data: { lineCount: 2, newLineCount: 0 } });
    const overlapping = decideBankStatement(first.reduce(bankStatementEvolver.evolve, bankStatementEvolver.initial()), importing([B, C], 'statement-3'));
    expect(overlapping.map((e) => e.type)).toEqual(['StatementImported', 'StatementLineRecorded']);
    expect(overlapping[1]).toMatchObject({ data: { statementId: 'statement-3', line: C } });
  });

  it('saves the column mapping an import used when it differs from the one saved, before the import', () => {
    const mapping = { headerRow: 'auto', date: { column: 'Date', format: 'dd/mm/yy' } };
    const first = recorded({ ...importing([A]), mapping });
    expect(first.map((e) => e.type)).toEqual(['ColumnMappingSaved', 'StatementImported', 'StatementLineRecorded']);
    expect(first[0]).toEqual({ type: 'ColumnMappingSaved', data: { mapping, savedBy: 'admin-a', savedAt: '2026-11-27T10:00:00.000Z' } });
    const state = first.reduce(bankStatementEvolver.evolve, bankStatementEvolver.initial());
    expect(state.mapping).toEqual(mapping);
    expect(decideBankStatement(state, { ...importing([B], 'statement-2'), mapping }).map((e) => e.type)).toEqual([
      'StatementImported',
      'StatementLineRecorded',
    ]);
    // Read back from the store with its keys in another order, it is the same mapping.
    const reordered = { date: { format: 'dd/mm/yy', column: 'Date' }, headerRow: 'auto' };
    expect(decideBankStatement(state, { ...importing([B], 'statement-2'), mapping: reordered })[0]!.type).toBe('StatementImported');
    const changed = { ...mapping, headerRow: 3 };
    expect(decideBankStatement(state, { ...importing([C], 'statement-3'), mapping: changed })[0]).toMatchObject({
      type: 'ColumnMappingSaved',
      data: { mapping: changed },
    });
  });

  it('refuses a statement with no lines, in another currency, or of another account', () => {
    spec([]).when(importing([])).thenRefuses({ kind: 'invalid', path: 'file', message: NO_LINES });
    spec([])
      .when(importing([A], 'statement-1', { currency: 'USD' }))
      .thenRefuses({ kind: 'invalid', path: 'file', message: notInRupees('USD') });
    spec([])
      .when(importing([A], 'statement-1', { accountNumber: 'XXXXXXXXXX9999' }))
      .thenRefuses({ kind: 'invalid', path: 'accountId', message: otherAccount('XXXXXXXXXX9999', ACCOUNT.accountNumber) });
    expect(otherAccount('XXXXXXXXXX9999', ACCOUNT.accountNumber)).toContain('(…1234)');
  });
});

describe('whether a statement is for this account', () => {
  it.each([
    ['50100012341234', true],
    ['0050100012341234', true],
    ['5010 0012 3412 34', true],
    ['XXXXXXXXXX1234', true],
    ['****1234', true],
    ['XX1234', true],
    ['XXXXXXXXXX4321', false],
    ['XXX234', false],
    ['50100012341235', false],
  ])('%s: %s', (printed, same) => {
    expect(sameAccountNumber(printed, ACCOUNT.accountNumber)).toBe(same);
  });
});
