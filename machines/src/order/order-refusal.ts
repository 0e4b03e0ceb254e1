/**
 * Why the machine refused an event, in words a customer or an admin can act on. The machine only
 * answers yes or no (`can`); this turns a no into the reason, from the same state the guards read.
 */
import type { OrderEvent, OrderEventType, OrderStatus } from './order.events';
import type { OrderSnapshot } from './order.machine';
import { isBuy } from './order-context';
import { PROOF_REQUIRED } from './proof-requirement';

export interface OrderRefusal {
  code: 'invalid_transition';
  /** null when the order does not exist yet. */
  currentStatus: OrderStatus | null;
  message: string;
}

// Phrases that read after "is": the raw status names fiat_received and crypto_sent do not.
const STATUS_PHRASES: Readonly<Record<OrderStatus, string>> = {
  pending: 'pending',
  fiat_received: 'marked payment received',
  approved: 'approved',
  crypto_sent: 'processing (crypto sent)',
  completed: 'completed',
  rejected: 'rejected',
  cancelled: 'cancelled',
  expired: 'expired',
};

const VERBS: Readonly<Record<Exclude<OrderEventType, 'OrderPlaced' | 'ProofSubmitted'>, string>> = {
  OrderCancelled: 'cancelled',
  OrderExpired: 'expired',
  OrderVerified: 'verified',
  CryptoSent: 'marked as crypto sent',
  OrderCompleted: 'completed',
  OrderRejected: 'rejected',
  OrderFlagged: 'flagged',
  // The admin pressed Complete or Approve; above the threshold that records a request.
  CompletionRequested: 'completed',
  CompletionRequestDeclined: 'declined',
  PayoutApproved: 'approved for payout',
  PaymentMatched: 'matched to a bank statement line',
  ChainTransferChecked: 'checked on the chain',
};

const TARGETS: Readonly<Partial<Record<OrderEventType, OrderStatus>>> = {
  OrderCancelled: 'cancelled',
  OrderExpired: 'expired',
  OrderCompleted: 'completed',
  OrderRejected: 'rejected',
};

/** A confirmation or decline of a request that is no longer the order's pending one. */
export const STALE_REQUEST = 'This completion request is no longer pending: the order changed or the request was replaced. Review the order again';

const OPEN_FOR_COMPLETION: readonly OrderStatus[] = ['pending', 'fiat_received', 'approved', 'crypto_sent'];

/** Call after `canApply` said no: explaining an accepted event is a programming error and throws. */
export function explainRefusal(snapshot: OrderSnapshot, event: OrderEvent): OrderRefusal {
  if (snapshot.can(event)) {
    throw new Error(`${event.type} is allowed in the current state; there is no refusal to explain`);
  }
  const status = snapshot.value === 'none' ? null : snapshot.value;
  return { code: 'invalid_transition', currentStatus: status, message: reason(snapshot, status, event) };
}

function reason(snapshot: OrderSnapshot, status: OrderStatus | null, event: OrderEvent): string {
  if (status === null) return 'Order does not exist';
  const order = snapshot.context;
  const name = `Order ${order.refCode}`;
  const phrase = STATUS_PHRASES[status];
  switch (event.type) {
    case 'OrderPlaced':
      return `${name} has already been placed; it is ${phrase}`;
    case 'ProofSubmitted':
      if (status === 'pending') return PROOF_REQUIRED;
      if (status === 'expired') return `Proof for an expired order is recorded as a late payment: ${PROOF_REQUIRED.toLowerCase()}`;
      return `Proof can only be added while the order is pending; it is ${phrase}`;
    case 'OrderCancelled':
      if (status === 'pending') return 'Order cannot be cancelled after payment proof was submitted';
      break;
    case 'OrderExpired':
      if (status !== 'pending') break;
      return order.proofCount > 0
        ? 'Order cannot expire after payment proof was submitted'
        : `${name} cannot expire before its payment window ends at ${order.paymentDueAt}`;
    case 'CryptoSent':
      if (status === 'fiat_received') return 'Marking crypto as sent needs the crypto transaction reference';
      if (!isBuy(order) && OPEN_FOR_COMPLETION.includes(status)) {
        return `${name} is a sell order; only a buy order is marked as crypto sent`;
      }
      break;
    case 'OrderCompleted':
    case 'CompletionRequested':
      if (!OPEN_FOR_COMPLETION.includes(status)) break;
      if (event.type === 'OrderCompleted' && event.data.confirms && event.data.confirms.requestId !== order.completionRequest?.requestId) {
        return STALE_REQUEST;
      }
      return isBuy(order) ? 'A buy order needs a crypto transaction reference to be completed' : 'A sell order needs a UTR reference to be completed';
    case 'CompletionRequestDeclined':
    case 'PayoutApproved':
      return STALE_REQUEST;
    default:
      break;
  }
  if (TARGETS[event.type] === status) return `${name} is already ${phrase}`;
  return `${name} is ${phrase}; it cannot be ${VERBS[event.type]}`;
}
