/**
 * The order's state as the machine keeps it: the placement data plus what later events added.
 * Kept apart from the machine so readers (views, refusals, the web client) can name the type
 * without pulling in the machine definition.
 */
import type {
  Attachment,
  ChainTransferChecked,
  CompletionRequested,
  OrderEvent,
  OrderFlagged,
  OrderPlaced,
  PaymentMatched,
  PayoutApproved,
} from './order.events';
import type { ReasonCode } from './order-reasons';

/** A flag as the order keeps it: the flag event's data. */
export type OrderFlag = OrderFlagged['data'];

/** What reached the order while a completion waited for a second admin: shown on the request's card. */
export interface EvidenceSinceRequest {
  kind: 'proof' | 'flag' | 'verified' | 'bank';
  at: string;
  /** The proof's reference or file name, the flag's kind, or the bank line's reference. */
  detail: string | null;
}

/**
 * A completion waiting for a second admin: the request event's data, and the evidence that arrived
 * since (a customer's extra proof, a flag, a verification: none of them changes the request's terms).
 */
export type PendingCompletion = CompletionRequested['data'] & { evidenceSince?: readonly EvidenceSinceRequest[] };

/** Rate and amounts an admin replaced at completion, kept so the original promise stays visible. */
export interface PriceRevision {
  rate: string;
  fiatAmount: string;
  cryptoAmount: string;
  feeAmount: string;
  /** When the replacement happened (the completion time). */
  replacedAt: string;
}

export type OrderContext = OrderPlaced['data'] & {
  attachments: readonly Attachment[];
  proofCount: number;
  /** The customer's latest payment reference, whatever the order type. */
  customerReference: string | null;
  /** Buy: the customer's bank UTR. */
  bankReference: string | null;
  /** The crypto transaction: the admin's (CryptoSent or completion), else for a sell the customer's. */
  cryptoReference: string | null;
  /** Sell: the operator's payout UTR. */
  bankUtr: string | null;
  /** True once any proof arrived after the rate lock: the admin may reprice at completion. */
  rateLockExpiredProof: boolean;
  priceHistory: readonly PriceRevision[];
  /** The desk's note on a rejection: never shown to the customer. */
  rejectedReason: string | null;
  /** Why the order was rejected or cancelled; null while open, and on orders closed before codes. */
  reasonCode: ReasonCode | null;
  /** The customer's own note on a cancellation. */
  cancelNote: string | null;
  /** Proof arrived after the payment window (or for an expired order): re-quote or refund. */
  latePayment: boolean;
  /**
   * When the first proof after the payment window arrived: the order's INR counts against its
   * customer's limits from then, as money arriving then (customer-limits.ts `countsFrom`). Null
   * when paid in time; absent from views projected before it was kept.
   */
  latePaidAt: string | null;
  /** Duplicate payment evidence shared with other orders of the brand. */
  flags: readonly OrderFlag[];
  /**
   * The bank statement line that is this order's money (PaymentMatched): a buy's credit, a sell's
   * payout debit; null until one is matched, and absent from views projected before matching existed.
   */
  bankMatch?: PaymentMatched['data'] | null;
  /** The latest reading of the order's transaction on the chain (ChainTransferChecked); null before one, absent on older views. */
  chainCheck?: ChainTransferChecked['data'] | null;
  /** A completion or payout waiting for a different admin (four-eyes.ts); null otherwise. */
  completionRequest: PendingCompletion | null;
  /** A payout a second admin approved before it was sent (PayoutApproved); null otherwise. */
  payoutApproval: PayoutApproved['data'] | null;
  createdAt: string;
  updatedAt: string;
  verifiedAt: string | null;
  cryptoSentAt: string | null;
  completedAt: string | null;
  rejectedAt: string | null;
  cancelledAt: string | null;
  expiredAt: string | null;
};

/**
 * Context of the `none` state, before OrderPlaced. It only exists because xstate needs a context
 * object; orderView returns null in `none`, so these placeholder values never reach a reader.
 */
export const UNPLACED_ORDER: OrderContext = {
  orderId: '',
  refCode: '',
  userId: '',
  userPhone: '',
  username: null,
  tenantId: '',
  orderType: 'fiat_to_crypto',
  method: 'bank',
  network: 'TRC20',
  rate: '0',
  rateSource: { settingsRevision: '', rateKey: '' },
  feePercent: '0',
  fiatAmount: '0',
  cryptoAmount: '0',
  feeAmount: '0',
  withdrawAddress: null,
  depositAddress: null,
  payoutBankAccount: null,
  placedAt: '',
  rateLockedUntil: '',
  paymentDueAt: '',
  attachments: [],
  proofCount: 0,
  customerReference: null,
  bankReference: null,
  cryptoReference: null,
  bankUtr: null,
  rateLockExpiredProof: false,
  priceHistory: [],
  rejectedReason: null,
  reasonCode: null,
  cancelNote: null,
  latePayment: false,
  latePaidAt: null,
  flags: [],
  bankMatch: null,
  chainCheck: null,
  completionRequest: null,
  payoutApproval: null,
  createdAt: '',
  updatedAt: '',
  verifiedAt: null,
  cryptoSentAt: null,
  completedAt: null,
  rejectedAt: null,
  cancelledAt: null,
  expiredAt: null,
};

/** The moment an event happened, from its own data: the machine never reads a clock. */
export function eventTime(event: OrderEvent): string {
  switch (event.type) {
    case 'OrderPlaced':
      return event.data.placedAt;
    case 'ProofSubmitted':
      return event.data.submittedAt;
    case 'OrderCancelled':
      return event.data.cancelledAt;
    case 'OrderExpired':
      return event.data.expiredAt;
    case 'OrderVerified':
      return event.data.verifiedAt;
    case 'CryptoSent':
      return event.data.sentAt;
    case 'OrderCompleted':
      return event.data.completedAt;
    case 'OrderRejected':
      return event.data.rejectedAt;
    case 'OrderFlagged':
      return event.data.flaggedAt;
    case 'CompletionRequested':
      return event.data.requestedAt;
    case 'CompletionRequestDeclined':
      return event.data.declinedAt;
    case 'PayoutApproved':
      return event.data.approvedAt;
    case 'PaymentMatched':
      return event.data.matchedAt;
    case 'ChainTransferChecked':
      return event.data.checkedAt;
  }
}

/** A reference typed by a person: blank or whitespace counts as absent. */
export function presentText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export const isBuy = (context: Pick<OrderContext, 'orderType'>): boolean => context.orderType === 'fiat_to_crypto';
