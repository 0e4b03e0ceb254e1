/**
 * What the bank says its account held at the end of a day, from that day's statement lines and the
 * balance each gives after it (docs/ledger.md, "What the source says"). Banks list a day oldest
 * first or newest first, and a day may come in two statements (one cut at noon, then the whole
 * day), so "the last line recorded" is not always the day's last. The day's last line is the one
 * whose balance no other line of the day starts from; only when that does not single one out (a
 * line missing, equal balances) is the order the lines were recorded in read, in the direction the
 * balances run.
 */
import { Money } from '../pricing/decimal';
import type { SourceBalance } from './position';

export interface DayLine {
  /** The order the desk recorded it in (its stream position). */
  position: number;
  direction: 'credit' | 'debit';
  amount: string;
  balanceAfter: string | null;
}

const signed = (line: DayLine) => (line.direction === 'credit' ? new Money(line.amount) : new Money(line.amount).negated());
const before = (line: DayLine & { balanceAfter: string }) => new Money(line.balanceAfter).minus(signed(line));

/** The balance after the day's last line; null when no line of the day gives a balance. */
export function endOfDayBalance(lines: readonly DayLine[]): string | null {
  const withBalance = [...lines]
    .filter((line): line is DayLine & { balanceAfter: string } => line.balanceAfter !== null)
    .sort((a, b) => a.position - b.position);
  if (withBalance.length === 0) return null;
  if (withBalance.length === 1) return withBalance[0]!.balanceAfter;
  const ends = withBalance.filter((line) => !withBalance.some((other) => other !== line && before(other).eq(line.balanceAfter)));
  if (ends.length === 1) return ends[0]!.balanceAfter;
  // Not singled out: the direction the recorded order's balances run in says which end is the day's last.
  let forward = 0;
  let backward = 0;
  for (let i = 1; i < withBalance.length; i++) {
    const [a, b] = [withBalance[i - 1]!, withBalance[i]!];
    if (before(b).eq(a.balanceAfter)) forward++;
    if (before(a).eq(b.balanceAfter)) backward++;
  }
  return backward > forward ? withBalance[0]!.balanceAfter : withBalance.at(-1)!.balanceAfter;
}

/** What a bank account's statements say up to a day (the ledger queries read it). */
export interface StatementEvidence {
  /** The latest day on or before the day asked whose lines give balances, and those lines. */
  lineDay: string | null;
  lines: readonly DayLine[];
  /** The latest closing balance a statement states on or before the day. */
  closing: { on: string; amount: string } | null;
}

/**
 * The bank's balance to compare a day's closing with: the end of the latest day whose lines give
 * balances, or a statement's stated closing balance when that is later (a statement whose lines
 * give none). A day with no lines of its own carries the balance of the last one before it.
 */
export function statementBalance(evidence: StatementEvidence | undefined): SourceBalance {
  const end = evidence?.lineDay ? endOfDayBalance(evidence.lines) : null;
  const fromLines: SourceBalance | null = end !== null ? { kind: 'balance', amount: end, asOf: evidence!.lineDay!, from: 'statement_line' } : null;
  const closing = evidence?.closing;
  const stated: SourceBalance | null = closing ? { kind: 'balance', amount: closing.amount, asOf: closing.on, from: 'statement_closing' } : null;
  if (fromLines?.kind === 'balance' && stated?.kind === 'balance') return stated.asOf > fromLines.asOf ? stated : fromLines;
  return fromLines ?? stated ?? { kind: 'none', reason: 'no_statement_balance' };
}
