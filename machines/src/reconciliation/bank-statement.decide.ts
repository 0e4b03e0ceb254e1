/**
 * Importing a bank statement into its account's stream (decision 0032): the statement must be this
 * account's, in rupees, with lines; the import is recorded with who and what file, then each line
 * the account does not hold yet (line-key.ts), in the statement's order. The same or an overlapping
 * statement adds no line twice. Pure: the statement's id, the time and the file's hash come in.
 */
import { Refusal } from '../shared/refusal';
import { sameValue } from '../shared/same-value';
import type { BankStatementEvent, StatementLineRecorded } from './bank-statement.events';
import { lineKeys } from './line-key';
import type { ParsedStatement } from './statement';

export interface BankStatementState {
  /** The keys of the lines the account holds. */
  keys: ReadonlySet<string>;
  statements: number;
  /** The column mapping last saved for the account's CSV and XLSX statements; null before one. */
  mapping: Record<string, unknown> | null;
  /** The keys of the lines marked for refund. */
  refunds: ReadonlySet<string>;
}

export const bankStatementEvolver = {
  initial: (): BankStatementState => ({ keys: new Set(), statements: 0, mapping: null, refunds: new Set() }),
  evolve: (state: BankStatementState, event: BankStatementEvent): BankStatementState => {
    switch (event.type) {
      case 'StatementLineRecorded':
        // Added in place: a fold of an account's 100,000 lines must not copy the set at each line.
        // Each fold starts from its own `initial()`, so no other state shares the set.
        (state.keys as Set<string>).add(event.data.key);
        return state;
      case 'StatementImported':
        return { ...state, statements: state.statements + 1 };
      case 'ColumnMappingSaved':
        return { ...state, mapping: event.data.mapping };
      case 'StatementLineMarkedForRefund':
        (state.refunds as Set<string>).add(event.data.key);
        return state;
    }
  },
};

export interface ImportStatement {
  type: 'ImportStatement';
  /** The brand's bank account: its id (the stream's) and its number as the desk saved it. */
  account: { id: string; accountNumber: string };
  statementId: string;
  fileName: string;
  fileSha256: string;
  statement: ParsedStatement;
  /** The column mapping a CSV or XLSX statement was read with; null for camt.053 and MT940. */
  mapping: Record<string, unknown> | null;
  by: string;
  at: string;
}

export const NO_LINES = 'This statement has no lines to import';
export const notInRupees = (currency: string) => `This statement is in ${currency}: the desk's bank accounts are in INR`;
export const otherAccount = (printed: string, saved: string) =>
  `This statement is for account ${printed}, not this one (${maskedNumber(saved)}): choose the account it belongs to`;

/** An account number as the screens show it to whoever checks a statement against it: its last four characters. */
const maskedNumber = (accountNumber: string) => `…${accountNumber.replace(/[^0-9A-Za-z]/g, '').slice(-4)}`;

/**
 * Whether the number a statement prints is this account's. Banks print it whole, with leading
 * zeros or not, or masked ("XXXXXX1234", "****1234"): a masked number agrees when its visible
 * trailing characters do.
 */
export function sameAccountNumber(printed: string, saved: string): boolean {
  const clean = (value: string) => value.toUpperCase().replace(/[^0-9A-Z*]/g, '');
  const p = clean(printed);
  const s = clean(saved).replace(/\*/g, '');
  const masked = /^[X*]+/.exec(p);
  if (masked) {
    const visible = p.slice(masked[0].length);
    return visible.length >= 4 && s.endsWith(visible);
  }
  return p.replace(/^0+/, '') === s.replace(/^0+/, '');
}

export function decideBankStatement(state: BankStatementState, command: ImportStatement): BankStatementEvent[] {
  const { statement, account } = command;
  if (statement.lines.length === 0) throw Refusal.invalid('file', NO_LINES);
  if (statement.currency && statement.currency.toUpperCase() !== 'INR') throw Refusal.invalid('file', notInRupees(statement.currency));
  if (statement.accountNumber && !sameAccountNumber(statement.accountNumber, account.accountNumber)) {
    throw Refusal.invalid('accountId', otherAccount(statement.accountNumber, account.accountNumber));
  }
  const keys = lineKeys(account.id, statement.lines);
  const recorded: StatementLineRecorded[] = [];
  keys.forEach((key, i) => {
    if (!state.keys.has(key)) recorded.push({ type: 'StatementLineRecorded', data: { statementId: command.statementId, key, line: statement.lines[i]! } });
  });
  const days = statement.lines.map((line) => line.bookedOn).sort();
  const mappingChanged = command.mapping !== null && !sameValue(command.mapping, state.mapping);
  const saved: BankStatementEvent[] = mappingChanged
    ? [{ type: 'ColumnMappingSaved', data: { mapping: command.mapping!, savedBy: command.by, savedAt: command.at } }]
    : [];
  return [
    ...saved,
    {
      type: 'StatementImported',
      data: {
        statementId: command.statementId,
        fileName: command.fileName,
        fileSha256: command.fileSha256,
        format: statement.format,
        accountNumber: statement.accountNumber,
        from: days[0]!,
        to: days.at(-1)!,
        openingBalance: statement.openingBalance,
        closingBalance: statement.closingBalance,
        lineCount: statement.lines.length,
        newLineCount: recorded.length,
        importedBy: command.by,
        importedAt: command.at,
      },
    },
    ...recorded,
  ];
}
