/**
 * A posting: one business fact in the desk's books, as debits and credits that balance in each
 * currency (docs/ledger.md). INR and USDT are separate books; an exchange touches both, each side
 * balanced through the trading account. Amounts are decimal strings, never floats.
 */
import { Money } from '../pricing/decimal';
import type { LedgerCurrency } from './ledger-accounts';

/** Which fact a posting books (docs/ledger.md names each with its lines). */
export type PostingKind =
  | 'opening_balance'
  | 'statement_line'
  | 'refund_marked'
  | 'payment_matched'
  | 'order_completed'
  | 'cash_settled'
  | 'chain_transfer'
  | 'chain_transfer_reversed';

export interface PostingLine {
  account: string;
  currency: LedgerCurrency;
  side: 'debit' | 'credit';
  /** Positive, as a plain decimal ("8500", "99.00", "0.000001"). */
  amount: string;
}

export interface Posting {
  kind: PostingKind;
  /** The brand whose books it is in. */
  tenantId: string;
  /** The day it counts on (yyyy-mm-dd, the desk's day: desk-day.ts; a statement line's booking day). */
  day: string;
  /** What it concerns, where it concerns one. */
  orderId: string | null;
  bankAccountId: string | null;
  lineKey: string | null;
  txHash: string | null;
  lines: PostingLine[];
}

export type PostingSubject = Pick<Posting, 'orderId' | 'bankAccountId' | 'lineKey' | 'txHash'>;

export const NO_SUBJECT: PostingSubject = { orderId: null, bankAccountId: null, lineKey: null, txHash: null };

/**
 * A line moving `amount` to the debit (positive) or the credit (negative) of `account`; null for
 * zero, so a posting never carries an empty line (a spread of exactly nothing, say).
 */
export function entry(account: string, currency: LedgerCurrency, amount: Money | string): PostingLine | null {
  const value = new Money(amount);
  if (value.isZero()) return null;
  return { account, currency, side: value.isPositive() ? 'debit' : 'credit', amount: value.abs().toFixed() };
}

/** A posting of these lines (zero lines left out). */
export function posting(kind: PostingKind, tenantId: string, day: string, subject: PostingSubject, lines: (PostingLine | null)[]): Posting {
  return { kind, tenantId, day, ...subject, lines: lines.filter((line) => line !== null) };
}

/** Debits less credits of `lines` in `currency`. */
export function net(lines: readonly PostingLine[], currency: LedgerCurrency): Money {
  return lines
    .filter((line) => line.currency === currency)
    .reduce((sum, line) => (line.side === 'debit' ? sum.plus(line.amount) : sum.minus(line.amount)), new Money(0));
}

/** Whether the posting's debits equal its credits in every currency it touches (and it has lines). */
export function isBalanced(posting: Pick<Posting, 'lines'>): boolean {
  if (posting.lines.length === 0) return false;
  const currencies = new Set(posting.lines.map((line) => line.currency));
  return [...currencies].every((currency) => net(posting.lines, currency).isZero());
}

/** The same posting the other way round: what undoes it. */
export function reversed(original: Posting, kind: PostingKind, day: string): Posting {
  const flip = (side: PostingLine['side']) => (side === 'debit' ? 'credit' : 'debit');
  return { ...original, kind, day, lines: original.lines.map((line) => ({ ...line, side: flip(line.side) })) };
}
