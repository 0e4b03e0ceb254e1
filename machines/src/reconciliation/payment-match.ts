/**
 * Which order a bank statement line pays, and what about it a person should look at (issue 28,
 * decision 0032). A credit is a buy's money (the customer paid the brand's account), a debit a
 * sell's payout (the desk paid the customer); the line is matched by the reference the order
 * carries (the UTR the customer typed, the payout UTR the admin typed), compared by
 * reference-match.ts, never by amount alone: two customers pay the same round sums every day.
 *
 * A line matches only its own brand's orders: a statement is an admin's upload, and one brand's
 * upload must never claim, reveal or block another brand's order (security review 8, F1). Of the
 * brand's orders carrying the reference, one that has no bank line yet is preferred, then one whose
 * amount is the line's, then the earliest placed. A line whose reference only names orders another
 * line already paid is not matched: that order is flagged (the reference is claimed twice). A line
 * whose reference only another brand's order carries is not matched either: that order is flagged
 * (the customer may have paid the wrong brand; the operator assigns or refunds the line). A reversal
 * (the bank taking a credit back) is matched to no order: the buy whose credit on this account
 * carries its reference (matched by reference or assigned) is flagged.
 *
 * What it finds on a match is flags, never a refusal: an amount unlike the order's, the account
 * being another brand's (an operator's assignment only), a payer whose name is unlike every bank
 * account the customer saved (payer-name.ts; a name that cannot be told is no flag). Pure.
 */
import type { BankMatchFlag, OrderStatus, OrderType } from '../order/order.events';
import { Money } from '../pricing/decimal';
import { namesAgree } from './payer-name';
import { sameReference } from './reference-match';

export interface LineToMatch {
  accountId: string;
  accountTenantId: string;
  key: string;
  direction: 'credit' | 'debit';
  amount: string;
  /** The references the line carries: the narration's UTR or RRN, the bank's reference column. */
  references: readonly string[];
  payerName: string | null;
  reversal: boolean;
}

export interface OrderToMatch {
  orderId: string;
  refCode: string;
  tenantId: string;
  orderType: OrderType;
  status: OrderStatus;
  /** What the line should move: a buy's INR paid in, a sell's INR paid out (whole rupees). */
  fiatAmount: string;
  /** The references it carries for its bank side: a buy's customer UTRs, a sell's payout UTR. */
  references: readonly string[];
  /** The line already matched to it, if any (a matcher weighing many lines sets it as it matches them), with that line's reference. */
  bankMatch: { accountId: string; lineKey: string; reference?: string | null } | null;
  /** The account holders of the customer's saved bank accounts. */
  holderNames: readonly string[];
  placedAt: string;
}

export type MatchOutcome =
  | { kind: 'match'; order: OrderToMatch; flags: BankMatchFlag[] }
  /** The line is already this order's money: nothing to record. */
  | { kind: 'already'; order: OrderToMatch }
  /** The reference names only orders paid by other lines: flag the first. */
  | { kind: 'claimed_elsewhere'; order: OrderToMatch }
  /** Only another brand's order carries the reference: flag it, match nothing. */
  | { kind: 'other_brand'; order: OrderToMatch }
  /** A reversal of the credit that paid this order. */
  | { kind: 'reversal'; order: OrderToMatch }
  | { kind: 'none' };

const CLOSED: ReadonlySet<OrderStatus> = new Set(['rejected', 'cancelled']);

const sideOf = (direction: LineToMatch['direction']): OrderType => (direction === 'credit' ? 'fiat_to_crypto' : 'crypto_to_fiat');

const carries = (order: OrderToMatch, line: LineToMatch): boolean =>
  order.references.some((typed) => line.references.some((stated) => sameReference(typed, stated)));

const isThisLine = (order: OrderToMatch, line: LineToMatch): boolean => order.bankMatch?.accountId === line.accountId && order.bankMatch.lineKey === line.key;

/** Whether the credit this order was paid with is on the line's account and carries the line's reference (for a reversal). */
const paidByCreditLike = (order: OrderToMatch, line: LineToMatch): boolean =>
  order.bankMatch?.accountId === line.accountId &&
  !!order.bankMatch.reference &&
  line.references.some((stated) => sameReference(order.bankMatch!.reference!, stated));

/** `candidates`: the orders that may carry the line's reference (looked up by reference-match.ts `referenceKeys`), any brand. */
export function matchLine(line: LineToMatch, candidates: readonly OrderToMatch[]): MatchOutcome {
  const ownBrand = candidates.filter((order) => order.tenantId === line.accountTenantId);
  if (line.reversal) {
    // The bank took back a credit: the buy that credit paid on this account is flagged.
    const paid = ownBrand.find(
      (order) => order.orderType === 'fiat_to_crypto' && order.bankMatch !== null && (carries(order, line) || paidByCreditLike(order, line)),
    );
    return paid ? { kind: 'reversal', order: paid } : { kind: 'none' };
  }
  // A rejected or cancelled order is paid by nothing: money for it waits in the queue for a refund.
  const carrying = candidates.filter((order) => order.orderType === sideOf(line.direction) && carries(order, line) && !CLOSED.has(order.status));
  const own = carrying.filter((order) => order.tenantId === line.accountTenantId);
  const already = own.find((order) => isThisLine(order, line));
  if (already) return { kind: 'already', order: already };
  const open = own.filter((order) => order.bankMatch === null);
  if (open.length > 0) {
    const amount = new Money(line.amount);
    const rank = (order: OrderToMatch) => (amount.eq(new Money(order.fiatAmount)) ? 0 : 1);
    const best = [...open].sort((a, b) => rank(a) - rank(b) || a.placedAt.localeCompare(b.placedAt))[0]!;
    return { kind: 'match', order: best, flags: matchFlags(line, best) };
  }
  if (own.length > 0) return { kind: 'claimed_elsewhere', order: earliest(own) };
  const others = carrying.filter((order) => order.tenantId !== line.accountTenantId && order.bankMatch === null);
  return others.length > 0 ? { kind: 'other_brand', order: earliest(others) } : { kind: 'none' };
}

/** What a person should look at on a line matched to an order (by reference, or assigned by an admin). */
export function matchFlags(
  line: Pick<LineToMatch, 'amount' | 'accountTenantId' | 'direction' | 'payerName'>,
  order: Pick<OrderToMatch, 'fiatAmount' | 'tenantId' | 'holderNames'>,
): BankMatchFlag[] {
  const flags: BankMatchFlag[] = [];
  if (!new Money(line.amount).eq(new Money(order.fiatAmount))) flags.push('amount_differs');
  if (line.accountTenantId !== order.tenantId) flags.push('other_brand_account');
  if (line.direction === 'credit' && thirdParty(line.payerName, order.holderNames)) flags.push('third_party_payer');
  return flags;
}

/** A payer the bank named, unlike every account holder the customer saved; unknown names are no evidence. */
function thirdParty(payerName: string | null, holderNames: readonly string[]): boolean {
  if (payerName === null || holderNames.length === 0) return false;
  const verdicts = holderNames.map((holder) => namesAgree(holder, payerName));
  return verdicts.every((verdict) => verdict === 'different');
}

const earliest = (orders: readonly OrderToMatch[]): OrderToMatch => [...orders].sort((a, b) => a.placedAt.localeCompare(b.placedAt))[0]!;
