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
