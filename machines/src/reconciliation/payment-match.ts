/**
 * Which order a bank statement line pays, and what about it a person should look at (issue 28,
 * decision 0032). A credit is a buy's money (the customer paid the brand's account), a debit a
 * sell's payout (the desk paid the customer); the line is matched by the reference the order
 * carries (the UTR the customer typed, the payout UTR the admin typed), compared by
 * reference-match.ts, never by amount alone: two customers pay the same round sums every day.
 *
 * Of the orders carrying the line's reference, one that has no bank line yet is preferred, then one
 * of the account's own brand, then one whose amount is the line's, then the earliest placed. A line
 * whose reference only names orders another line already paid is not matched: that order is
 * flagged (the reference is claimed twice). A reversal (the bank taking a credit back) is matched
 * to no order: the order its credit paid is flagged.
 *
 * What it finds on a match is flags, never a refusal: an amount unlike the order's, the brand's
 * account being another brand's, a payer whose name is unlike every bank account the customer saved
 * (payer-name.ts; a name that cannot be told is no flag). Pure.
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
  /** The line already matched to it, if any (a matcher weighing many lines sets it as it matches them). */
  bankMatch: { accountId: string; lineKey: string } | null;
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
  /** A reversal of the credit that paid this order. */
  | { kind: 'reversal'; order: OrderToMatch }
  | { kind: 'none' };

const sideOf = (direction: LineToMatch['direction']): OrderType => (direction === 'credit' ? 'fiat_to_crypto' : 'crypto_to_fiat');

const carries = (order: OrderToMatch, line: LineToMatch): boolean =>
  order.references.some((typed) => line.references.some((stated) => sameReference(typed, stated)));

const isThisLine = (order: OrderToMatch, line: LineToMatch): boolean => order.bankMatch?.accountId === line.accountId && order.bankMatch.lineKey === line.key;

/** `candidates`: the orders that may carry the line's reference (looked up by reference-match.ts `referenceKeys`), any brand. */
export function matchLine(line: LineToMatch, candidates: readonly OrderToMatch[]): MatchOutcome {
  if (line.reversal) {
    // The bank took back a credit: the order that credit paid (its reference on a buy) is flagged.
    const paid = candidates.find((order) => order.orderType === 'fiat_to_crypto' && order.bankMatch !== null && carries(order, line));
    return paid ? { kind: 'reversal', order: paid } : { kind: 'none' };
  }
  const carrying = candidates.filter((order) => order.orderType === sideOf(line.direction) && carries(order, line));
  const already = carrying.find((order) => isThisLine(order, line));
  if (already) return { kind: 'already', order: already };
  const open = carrying.filter((order) => order.bankMatch === null);
  if (open.length === 0) return carrying.length > 0 ? { kind: 'claimed_elsewhere', order: earliest(carrying) } : { kind: 'none' };
  const amount = new Money(line.amount);
  const rank = (order: OrderToMatch) => (order.tenantId === line.accountTenantId ? 0 : 2) + (amount.eq(new Money(order.fiatAmount)) ? 0 : 1);
  const best = [...open].sort((a, b) => rank(a) - rank(b) || a.placedAt.localeCompare(b.placedAt))[0]!;
  return { kind: 'match', order: best, flags: matchFlags(line, best) };
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
