import type { OrderView } from '@desk/machines/order/order-state';
import { CUSTOMER_REASONS } from '@desk/machines/order/order-reasons';

/**
 * What a customer is told about, one kind per change they care about (issue 30): their payment
 * checked, the order completed (a buy with its transaction, a sell with its UTR), rejected (with the
 * reason sentence their order page shows) or expired. Nothing else an order goes through (proofs,
 * flags, four-eyes requests, chain readings) is news to its customer.
 */
export const NOTICE_KINDS = ['payment_verified', 'buy_completed', 'sell_completed', 'rejected', 'expired'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What a message may say: the same names are the SMS templates' placeholders. */
export interface NoticeFacts {
  ref: string;
  orderType: 'buy' | 'sell';
  /** Whole rupees, as the order holds them. */
  inr: string;
  usdt: string;
  network: string;
  /** buy_completed: the transaction that paid the customer. */
  txHash?: string;
  /** sell_completed: the bank transfer's UTR. */
  utr?: string;
  /** rejected: the sentence the customer's order page shows. */
  reason?: string;
}

export interface CustomerNotice {
  kind: NoticeKind;
  facts: NoticeFacts;
}

/** The notice an order event makes, from the order's state after it; null when it tells the customer nothing. */
export function noticeFor(eventType: string, after: OrderView): CustomerNotice | null {
  const kind = kindOf(eventType, after);
  if (!kind) return null;
  const base: NoticeFacts = {
    ref: after.refCode,
    orderType: after.orderType === 'fiat_to_crypto' ? 'buy' : 'sell',
    inr: after.fiatAmount,
    usdt: after.cryptoAmount,
    network: after.network,
  };
  if (kind === 'buy_completed') return { kind, facts: { ...base, txHash: after.cryptoReference ?? '' } };
  if (kind === 'sell_completed') return { kind, facts: { ...base, utr: after.bankUtr ?? '' } };
  if (kind === 'rejected') return { kind, facts: { ...base, reason: CUSTOMER_REASONS[after.reasonCode ?? 'other'] } };
  return { kind, facts: base };
}

function kindOf(eventType: string, after: OrderView): NoticeKind | null {
  switch (eventType) {
    case 'OrderVerified':
      return 'payment_verified';
    case 'OrderCompleted':
      return after.orderType === 'fiat_to_crypto' ? 'buy_completed' : 'sell_completed';
    case 'OrderRejected':
      return 'rejected';
    case 'OrderExpired':
      return 'expired';
    default:
      return null;
  }
}
