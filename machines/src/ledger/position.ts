/**
 * The daily position of one account the desk holds money in (docs/ledger.md, "The daily position"):
 * opening, in, out and closing from the books, beside what the source says (the bank's statement,
 * the chain), and the difference between them: shown in words, never hidden, never colour alone.
 */
import { Money } from '../pricing/decimal';
import { formatInr, formatUsdt } from '../pricing/money-format';
import type { LedgerCurrency } from './ledger-accounts';

/** Where a source balance was read. */
export type SourceOrigin = 'statement_line' | 'statement_closing' | 'chain';

/** Why there is no source balance to compare with. */
export type NoSourceReason = 'no_statement_balance' | 'chain_not_configured' | 'chain_past_day' | 'chain_unavailable' | 'no_wallet' | 'cash';

export type SourceBalance = { kind: 'balance'; amount: string; asOf: string; from: SourceOrigin } | { kind: 'none'; reason: NoSourceReason };

export interface BookMovement {
  opening: string;
  in: string;
  out: string;
}

export type PositionStatus = 'agrees' | 'differs' | 'not_checked';

export interface PositionComparison {
  closing: string;
  /** Books less source; null when there is no source balance. */
  difference: string | null;
  status: PositionStatus;
  /** The comparison as a sentence an admin reads. */
  words: string;
}

/** An amount as people read it; USDT with every decimal it has past two (a difference of 0.000001 USDT is not "0.00"). */
export function moneyWords(currency: LedgerCurrency, amount: string): string {
  if (currency === 'INR') return formatInr(amount);
  const decimals = amount.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return decimals > 2 ? `${amount} USDT` : formatUsdt(amount);
}

const SOURCE_NAME: Record<SourceOrigin, string> = {
  statement_line: 'the statement',
  statement_closing: 'the statement',
  chain: 'the chain',
};

const NOT_CHECKED: Record<NoSourceReason, string> = {
  no_statement_balance: 'Not checked: no statement gives a balance for this account yet',
  chain_not_configured: 'Not checked: no node is configured for this network',
  chain_past_day: "Not checked: the chain is read at its latest block, so only today's position is compared with it",
  chain_unavailable: 'Not checked: the node did not answer, try again later',
  no_wallet: 'Not checked: the brand lists no wallet on this network',
  cash: 'No source to check: cash is counted at the desk',
};

export function comparePosition(currency: LedgerCurrency, books: BookMovement, source: SourceBalance): PositionComparison {
  const closing = new Money(books.opening).plus(books.in).minus(books.out);
  if (source.kind === 'none') return { closing: closing.toFixed(), difference: null, status: 'not_checked', words: NOT_CHECKED[source.reason] };
  const difference = closing.minus(source.amount);
  const name = SOURCE_NAME[source.from];
  if (difference.isZero()) return { closing: closing.toFixed(), difference: '0', status: 'agrees', words: `Agrees with ${name}` };
  const more = difference.isPositive() ? 'more' : 'less';
  return {
    closing: closing.toFixed(),
    difference: difference.toFixed(),
    status: 'differs',
    words: `Differs: the books show ${moneyWords(currency, difference.abs().toFixed())} ${more} than ${name}`,
  };
}
