/**
 * When a bank statement line matched to an order verifies it as well (decision 0032): only where
 * the brand chose `verify` (a loosening a second admin confirms: settings-loosened.ts), only for a
 * buy still waiting for its money, only on a match by reference with nothing to look at (no flag on
 * the match, none on the order), and never for a late payment (the desk re-quotes or refunds those).
 * An assignment from the unmatched queue is an admin's judgement: it never verifies by itself.
 * Verifying moves no money: paying the USDT out stays an admin's act, under four eyes.
 */
import type { OrderView } from './order-state';
import type { PaymentMatched } from './order.events';
import type { Controls } from '../settings/settings.schema';

export function verifiesOnMatch(
  order: Pick<OrderView, 'orderType' | 'status' | 'flags' | 'latePayment'>,
  match: Pick<PaymentMatched['data'], 'via' | 'flags' | 'direction'>,
  mode: Controls['bankMatch'],
): boolean {
  return (
    mode === 'verify' &&
    match.via === 'reference' &&
    match.direction === 'credit' &&
    match.flags.length === 0 &&
    order.orderType === 'fiat_to_crypto' &&
    order.status === 'pending' &&
    order.flags.length === 0 &&
    !order.latePayment
  );
}
