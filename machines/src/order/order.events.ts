/**
 * The order's domain events: the only way an order changes. Past tense; data is JSON; money is
 * never a float (INR in whole rupees and USDT with two decimals, both as decimal strings).
 * The server appends these to the stream `order-<orderId>`; the machine folds them into state.
 */

export type OrderType = 'fiat_to_crypto' | 'crypto_to_fiat';
export type PaymentMethod = 'bank' | 'cash';
export type { Network } from '../addresses/networks';
import type { Network } from '../addresses/networks';
import type { ReasonCode } from './order-reasons';
import type { ChainCheck } from '../chain/chain-check';

export type OrderStatus = 'pending' | 'fiat_received' | 'approved' | 'crypto_sent' | 'completed' | 'rejected' | 'cancelled' | 'expired';

export interface PayoutBankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
}

export interface Attachment {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

export interface OrderPlaced {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    refCode: string;
    userId: string;
    /** Denormalised at placement: the admin list filters by it. */
    userPhone: string;
    username: string | null;
    tenantId: string;
    orderType: OrderType;
    method: PaymentMethod;
    network: Network;
    /** INR per USDT, as captured from the settings in force. */
    rate: string;
    /**
     * Which Global Settings revision and which rate key the rate came from (e.g. usdt_bank_buy), and
     * the revision of the brand's stream whose overrides applied (null or absent: none did).
     */
    rateSource: { settingsRevision: string; rateKey: string; overrideRevision?: string | null };
    feePercent: string;
    /** Buy: what the customer pays. Sell: what the customer receives (net of fee). Whole rupees. */
    fiatAmount: string;
    /** Buy: what the customer receives (net of fee). Sell: what the customer sends. Two decimals. */
    cryptoAmount: string;
    /** The fee, in the currency the customer receives (USDT for a buy, INR for a sell). */
    feeAmount: string;
    /** Buy: where the USDT goes. */
    withdrawAddress: string | null;
    /** Sell: where the customer sends USDT (the operator's wallet), when known. */
    depositAddress: string | null;
    /** Sell by bank: where the INR goes. */
    payoutBankAccount: PayoutBankAccount | null;
    placedAt: string;
    /** The buy screen promises the rate for 5 minutes. */
    rateLockedUntil: string;
    /** Unpaid (no proof) orders expire after the payment window. */
    paymentDueAt: string;
  };
}

export interface ProofSubmitted {
  type: 'ProofSubmitted';
  data: {
    attachment: Attachment | null;
    /** The customer's payment reference: a bank UTR for a buy, a crypto transaction for a sell. */
    reference: string | null;
    submittedAt: string;
    /** Proof after the rate lock expired: the admin may set a new rate at completion. */
    afterRateLock: boolean;
    /** Proof after the payment window (or for an expired order): re-quote or refund, never completed as it was. Absent on older events. */
    afterPaymentWindow?: boolean;
  };
}

export interface OrderCancelled {
  type: 'OrderCancelled';
  /** `reasonCode` and `note` are absent on orders cancelled before reasons were recorded. */
  data: { cancelledAt: string; reasonCode?: ReasonCode; note?: string | null };
}

export interface OrderExpired {
  type: 'OrderExpired';
  data: { expiredAt: string };
}

/** Buy: the INR arrived (pending -> fiat_received). Sell: the USDT arrived (pending -> approved). */
export interface OrderVerified {
  type: 'OrderVerified';
  data: { verifiedAt: string };
}

export interface CryptoSent {
  type: 'CryptoSent';
  data: { cryptoReference: string; sentAt: string };
}

/** A new rate set at completion: amounts recomputed, the old ones kept. */
export interface Repricing {
  rate: string;
  fiatAmount: string;
  cryptoAmount: string;
  feeAmount: string;
  previous: { rate: string; fiatAmount: string; cryptoAmount: string; feeAmount: string };
}

/** What a completion settles: the references, and a new rate if the admin set one. */
export interface CompletionTerms {
  /** Sell: the operator's payout UTR (required). */
  bankUtr: string | null;
  /** Buy: the crypto transaction (required unless already given by CryptoSent). */
  cryptoReference: string | null;
  /** Present when the admin set a new rate. */
  repriced: Repricing | null;
}

export interface OrderCompleted {
  type: 'OrderCompleted';
  data: CompletionTerms & {
    completedAt: string;
    /**
     * Present when a second admin confirmed another admin's request (four eyes): the request's
     * terms are what completed. The confirming admin is the event's actor.
     */
    confirms?: { requestId: string; requestedBy: string; requestedAt: string };
    /** Present when the payout was approved by a second admin beforehand (PayoutApproved): which approval it settles. */
    approved?: { requestId: string; approvedBy: string; approvedAt: string };
  };
}

/** Why settling an order needs a second admin (four-eyes.ts). */
export type SecondAdminReason = 'above_threshold' | 'requote_outside_band' | 'over_customer_limit' | 'own_order' | 'account_made_by_you' | 'money_in_doubt';

/** Approve (a sell, with the payout UTR) or complete: the two buttons that settle an order. */
export type CompletionMode = 'approve' | 'complete';

/**
 * An admin completed or approved an order above the four-eyes threshold: nothing settles until a
 * different admin confirms these terms. Any later change to the order (proof, verification, a
 * flag, a rejection, another request) ends the request, so a confirmation always confirms the
 * order as the requester saw it.
 */
export interface CompletionRequested {
  type: 'CompletionRequested';
  data: CompletionTerms & {
    requestId: string;
    mode: CompletionMode;
    requestedBy: string;
    requestedAt: string;
    /** The threshold in force when it was asked, in whole rupees. */
    thresholdInr: string;
    /**
     * Why a second admin must confirm (four-eyes.ts), the order's value on these terms in whole rupees
     * and the rate in force it was valued at. Absent on requests recorded before 2026-11-27, which
     * were all for the threshold.
     */
    reasons?: SecondAdminReason[];
    valueInr?: string;
    rateInForce?: string;
  };
}

/**
 * A different admin approved paying the order out on a pending request's terms, before any payout
 * reference exists (four-eyes.ts): the USDT or INR may now be sent, and the payout recorded
 * (CryptoSent, or the completion with its reference) on these terms without another request. The
 * approver is the event's actor and `approvedBy`.
 */
export interface PayoutApproved {
  type: 'PayoutApproved';
  data: {
    requestId: string;
    mode: CompletionMode;
    /** The terms approved: a re-quote, or null for the order's own. */
    repriced: Repricing | null;
    requestedBy: string;
    requestedAt: string;
    approvedBy: string;
    approvedAt: string;
    /** Why a second admin was needed, as approved: a payout that needs a reason more (a flag since, say) needs approving again. */
    reasons: SecondAdminReason[];
  };
}

/** The pending request was turned down (by a second admin) or withdrawn (by the requester); the order stays as it was. */
export interface CompletionRequestDeclined {
  type: 'CompletionRequestDeclined';
  data: { requestId: string; declinedBy: string; declinedAt: string; note: string | null };
}

export interface OrderRejected {
  type: 'OrderRejected';
  /** `reason` is the desk's note (never shown to the customer); `reasonCode` is absent on older events. */
  data: { rejectedAt: string; reason: string | null; reasonCode?: ReasonCode };
}

/**
 * What made the desk look twice at an order. Duplicates inform and block nothing; an order over its
 * customer's limits needs a second admin to complete (four-eyes.ts).
 */
export type OrderFlagKind =
  | 'duplicate_reference'
  | 'duplicate_proof'
  | 'over_customer_limit'
  | 'reference_matched_elsewhere'
  | 'payment_reversed'
  | 'payout_mismatch'
  | 'paid_to_other_brand';

/**
 * - `duplicate_reference` / `duplicate_proof`: evidence of this order's payment was seen on another
 *   order of the same brand: the same UTR or crypto transaction, or the same proof image (the same
 *   bytes, or a re-saved copy that looks the same). Recorded on both orders, each naming the other.
 * - `over_customer_limit`: a late payment revived this expired order and, counted again, it takes its
 *   customer over a limit (customer-limits.ts `revivalExcess`); no other order is named.
 * - `reference_matched_elsewhere`: a bank statement line carries the payment reference this order
 *   was given, but that line already pays another order (named): the reference is claimed twice.
 * - `payment_reversed`: the bank reversed the credit matched to this order (a reversal line with its
 *   reference); no other order is named.
 * - `paid_to_other_brand`: a statement line of another brand's account carries this order's payment
 *   reference: the customer may have paid the wrong brand (the operator assigns it, or refunds it).
 * - `payout_mismatch`: the chain shows the desk's payout transaction is not this order's payout
 *   (another address, amount or token, reverted, older than the order) and the brand records such a
 *   payout flagged rather than refusing it; no other order is named.
 * Any state accepts a flag, final ones too.
 */
export interface OrderFlagged {
  type: 'OrderFlagged';
  data: {
    kind: OrderFlagKind;
    /** What matched: `utr:…`, `crypto:…`, `image-sha256:…`, `image-phash:…`; `limit:daily:10000` (the window and its limit); `bank-line:<account id>/<line key>`. */
    evidence: string;
    /** The other order, for duplicates; null for a limit. */
    relatedOrderId: string | null;
    relatedRefCode: string | null;
    flaggedAt: string;
    /** For a limit: what the customer's other orders held in the window, and the order's own INR (whole rupees). */
    limit?: { window: 'daily' | 'monthly'; limitInr: string; usedInr: string; orderInr: string };
  };
}

/** Why a statement line matched to an order still needs a person's eyes (payment-match.ts). */
export type BankMatchFlag = 'amount_differs' | 'other_brand_account' | 'third_party_payer';

/**
 * A bank statement line is this order's money (decision 0032): for a buy the customer's credit into
 * the brand's account, for a sell the desk's payout debit. Matched by the reference the order
 * carries (the customer's UTR, the desk's payout UTR), or assigned by an admin from the unmatched
 * queue (`via: 'assigned'`, the admin is the event's actor and `matchedBy`). The line as the bank
 * stated it is copied here so the order's history reads without the account's. Any placed order
 * accepts it, closed ones too: money is shown wherever it went.
 */
export interface PaymentMatched {
  type: 'PaymentMatched';
  data: {
    accountId: string;
    /** The brand the account belongs to: not the order's when the customer paid another brand's account. */
    accountTenantId: string;
    /** The account as people know it: bank and the last digits of its number. */
    accountLabel: string;
    lineKey: string;
    statementId: string;
    bookedOn: string;
    direction: 'credit' | 'debit';
    amount: string;
    /** The UTR or RRN the narration gave (narration.ts); null when it gave none (an assignment). */
    reference: string | null;
    payerName: string | null;
    narration: string;
    via: 'reference' | 'assigned';
    /** What a person should look at; empty for an exact match. */
    flags: BankMatchFlag[];
    /** The admin's words when assigning; null for a match by reference. */
    note: string | null;
    /** The admin who assigned it; null when matched by reference. */
    matchedBy: string | null;
    matchedAt: string;
  };
}

/**
 * What the chain showed for the order's transaction when it was read (issue 28,
 * docs/chain-verification.md): a sell's payment from the customer, a buy's payout from the desk.
 * Recorded when the answer changes (a pending transfer mined, confirmations reached), so the
 * history shows each step; the latest is the order's chain state. Any placed order accepts it.
 */
export interface ChainTransferChecked {
  type: 'ChainTransferChecked';
  data: {
    network: Network;
    txHash: string;
    /** The customer paying a sell, or the desk paying out a buy. */
    paidBy: 'customer' | 'desk';
    check: ChainCheck;
    checkedAt: string;
  };
}

export type OrderEvent =
  | OrderPlaced
  | ProofSubmitted
  | OrderCancelled
  | OrderExpired
  | OrderVerified
  | CryptoSent
  | OrderCompleted
  | OrderRejected
  | OrderFlagged
  | CompletionRequested
  | CompletionRequestDeclined
  | PayoutApproved
  | PaymentMatched
  | ChainTransferChecked;

export type OrderEventType = OrderEvent['type'];
