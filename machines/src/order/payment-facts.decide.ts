/**
 * What the desk learns of an order's money from its sources (decision 0032): the bank statement line
 * that paid it (once; an exact match verifies a waiting buy where the brand lets it:
 * verify-on-match.ts) and what the chain showed for its transaction (recorded when it says
 * something new). Pure; part of the order's decisions (order.decide.ts).
 */
import { Refusal } from '../shared/refusal';
import { sameValue } from '../shared/same-value';
import type { Controls } from '../settings/settings.schema';
import type { OrderEvent, PaymentMatched } from './order.events';
import type { OrderView } from './order-state';
import type { PayoutChainCheck } from './payout-chain-gate';
import { verifiesOnMatch } from './verify-on-match';

export const ORDER_ALREADY_MATCHED = (refCode: string) =>
  `Order ${refCode} is already matched to another bank statement line: a second payment for it is a refund or belongs to another order`;

export const ORDER_CLOSED = (refCode: string, status: string) =>
  `Order ${refCode} is ${status}: money for it goes back to its sender (mark the line for refund)`;

/** The line recorded on the order, once; a second line for it is refused (the matcher flags instead). */
export function paymentMatch(view: OrderView, match: Omit<PaymentMatched['data'], 'matchedAt'>, mode: Controls['bankMatch'], at: string): OrderEvent[] {
  if (view.bankMatch) {
    if (view.bankMatch.accountId === match.accountId && view.bankMatch.lineKey === match.lineKey) return [];
    throw Refusal.conflict('order_already_matched', ORDER_ALREADY_MATCHED(view.refCode));
  }
  // Money for an order that was called off goes back to its sender: the line stays in the queue for a refund (review 9, N4).
  if (view.status === 'rejected' || view.status === 'cancelled') throw Refusal.conflict('order_closed', ORDER_CLOSED(view.refCode, view.status));
  const matched: OrderEvent = { type: 'PaymentMatched', data: { ...match, flags: [...match.flags], matchedAt: at } };
  if (!verifiesOnMatch(view, match, mode)) return [matched];
  return [matched, { type: 'OrderVerified', data: { verifiedAt: at } }];
}

/** A reading of the chain, recorded only when it says something new: another transaction, or another answer (a state, more confirmations). */
export function chainReading(view: OrderView, chain: PayoutChainCheck, at: string): OrderEvent[] {
  const last = view.chainCheck;
  const changed = !last || last.txHash !== chain.txHash || !sameValue(last.check, chain.check);
  return changed ? [{ type: 'ChainTransferChecked', data: { ...chain, checkedAt: at } }] : [];
}
