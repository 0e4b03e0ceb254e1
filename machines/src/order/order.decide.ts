/**
 * What each command on an existing order records, decided from the order as it stands: pure (the
 * time comes in with the command), so the rules are tested as Given/When/Then over events. Whether
 * the order's status allows the event is the machine's to say (order.machine.ts); these functions
 * add what the machine does not know: required references, repricing, the rate-lock flag.
 */
import type { Attachment, CompletionMode, CompletionRequested, CompletionTerms, OrderEvent, OrderFlagKind, Repricing } from './order.events';
import type { ReasonCode } from './order-reasons';
import { emptyOrder, evolveOrder, orderView, type OrderSnapshot, type OrderView } from './order-state';
import { quoteBuy, quoteSell } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { amountProblem, rateProblem } from '../pricing/bounds';
import { Refusal } from '../shared/refusal';
import { STALE_REQUEST } from './order-refusal';

export type { CompletionMode };

export type OrderCommand =
  | { type: 'SubmitProof'; attachment: Attachment | null; reference: string | null; at: string }
  | { type: 'CancelOrder'; note?: string | null | undefined; at: string }
  | { type: 'VerifyOrder'; at: string }
  | { type: 'MarkCryptoSent'; cryptoReference: string; at: string }
  | {
      type: 'CompleteOrder';
      mode: CompletionMode;
      bankUtr?: string | undefined;
      cryptoReference?: string | undefined;
      rate?: string | undefined;
      /** The admin acting, and the id their request gets if it needs a second admin. */
      by: string;
      requestId: string;
      /** The brand's four-eyes threshold in whole rupees; '0' is off. */
      fourEyesAboveInr: string;
      at: string;
    }
  | { type: 'ConfirmCompletion'; requestId: string; by: string; at: string }
  | { type: 'DeclineCompletion'; requestId: string; by: string; note?: string | null | undefined; at: string }
  | { type: 'RejectOrder'; reasonCode: ReasonCode; reason: string | null; at: string }
  | { type: 'ExpireOrder'; at: string }
  | { type: 'FlagOrder'; kind: OrderFlagKind; evidence: string; relatedOrderId: string; relatedRefCode: string; at: string };

/** A late payment is never completed as it was placed: the desk re-quotes it (a rate) or rejects it for a refund. */
export const LATE_PAYMENT_NEEDS_RATE =
  'This order was paid after its payment window: enter the rate to complete it at (a re-quote), or reject it so the payment is refunded';

const REFERENCE_REQUIRED = {
  approve: {
    buy: 'Crypto transaction reference is required to approve buy orders',
    sell: 'UTR reference is required to approve sell orders',
  },
  complete: {
    buy: 'Crypto transaction reference is required to complete buy orders (INR→USDT)',
    sell: 'UTR reference is required to complete sell orders (USDT→INR)',
  },
} as const;

export const PROOF_REQUIRED = 'Please select a file or enter a payment reference';

export const SAME_ADMIN = 'You asked for this completion: a different admin must confirm it';
export const NO_PENDING_REQUEST = 'This order has no completion waiting for confirmation';

/** Proofs one order takes: enough for a payment in parts, not a file store (decision 0016). */
export const MAX_PROOFS_PER_ORDER = 10;
export const TOO_MANY_PROOFS = `An order takes at most ${MAX_PROOFS_PER_ORDER} payment proofs`;

/** Trimmed text, or null when nothing is left. */
export const presentText = (value: string | undefined | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The order as the command handler folds it: the machine's snapshot. */
export const orderEvolver = { initial: emptyOrder, evolve: evolveOrder };

/** The events a command records on the order `snapshot`. The order must exist (callers check who may see it). */
export function decideOrder(snapshot: OrderSnapshot, command: OrderCommand): OrderEvent[] {
  const view = orderView(snapshot);
  if (!view) throw Refusal.notFound('Order not found');
  switch (command.type) {
    case 'SubmitProof': {
      const reference = presentText(command.reference);
      const afterPaymentWindow = view.status === 'expired' || command.at > view.paymentDueAt;
      const event: OrderEvent = {
        type: 'ProofSubmitted',
        data: { attachment: command.attachment, reference, submittedAt: command.at, afterRateLock: command.at > view.rateLockedUntil, afterPaymentWindow },
      };
      // An order past taking proof is refused for its status (the machine's answer), whatever was sent;
      // one that takes proof needs a file or a reference.
      const takesProof = snapshot.can({ type: 'ProofSubmitted', data: { ...event.data, reference: 'any' } });
      if (takesProof && view.proofCount >= MAX_PROOFS_PER_ORDER) throw Refusal.conflict('too_many_proofs', TOO_MANY_PROOFS);
      if (!command.attachment && !reference && takesProof) throw Refusal.invalid('dataUrl', PROOF_REQUIRED);
      return [event];
    }
    case 'CancelOrder':
      return [
        { type: 'OrderCancelled', data: { cancelledAt: command.at, reasonCode: 'customer_request', note: presentText(command.note)?.slice(0, 500) ?? null } },
      ];
    case 'VerifyOrder':
      return [{ type: 'OrderVerified', data: { verifiedAt: command.at } }];
    case 'MarkCryptoSent': {
      const cryptoReference = presentText(command.cryptoReference);
      if (!cryptoReference) throw Refusal.invalid('cryptoReference', 'Crypto transaction reference is required');
      return [{ type: 'CryptoSent', data: { cryptoReference, sentAt: command.at } }];
    }
    case 'CompleteOrder':
      return [completion(view, command)];
    case 'ConfirmCompletion':
      return [confirmation(view, command)];
    case 'DeclineCompletion': {
      pendingRequest(view, command.requestId);
      const { requestId, by, at } = command;
      return [
        { type: 'CompletionRequestDeclined', data: { requestId, declinedBy: by, declinedAt: at, note: presentText(command.note)?.slice(0, 500) ?? null } },
      ];
    }
    case 'RejectOrder':
      return [
        { type: 'OrderRejected', data: { rejectedAt: command.at, reason: presentText(command.reason)?.slice(0, 500) ?? null, reasonCode: command.reasonCode } },
      ];
    case 'ExpireOrder':
      return [{ type: 'OrderExpired', data: { expiredAt: command.at } }];
    case 'FlagOrder': {
      // The same evidence against the same order is one flag, however often it is seen.
      const known = view.flags.some((f) => f.kind === command.kind && f.evidence === command.evidence && f.relatedOrderId === command.relatedOrderId);
      if (known) return [];
      const { kind, evidence, relatedOrderId, relatedRefCode, at } = command;
      return [{ type: 'OrderFlagged', data: { kind, evidence, relatedOrderId, relatedRefCode, flaggedAt: at } }];
    }
  }
}

/** Whether the order's status allows the event now, asked before doing work the event would need (storing a file). */
export function orderAllows(snapshot: OrderSnapshot, event: OrderEvent): boolean {
  return snapshot.can(event);
}

function completion(view: OrderView, command: Extract<OrderCommand, { type: 'CompleteOrder' }>): OrderEvent {
  const buy = view.orderType === 'fiat_to_crypto';
  const bankUtr = presentText(command.bankUtr);
  const cryptoReference = presentText(command.cryptoReference);
  // A buy whose crypto went out (CryptoSent) already has its reference.
  if (buy && !cryptoReference && !(view.status === 'crypto_sent' && view.cryptoReference)) {
    throw Refusal.invalid('cryptoReference', REFERENCE_REQUIRED[command.mode].buy);
  }
  if (!buy && !bankUtr) throw Refusal.invalid('bankUtr', REFERENCE_REQUIRED[command.mode].sell);
  if (view.latePayment && presentText(command.rate) === null) throw Refusal.invalid('rate', LATE_PAYMENT_NEEDS_RATE);
  const terms: CompletionTerms = { bankUtr, cryptoReference, repriced: reprice(view, command.rate) };
  if (needsSecondAdmin(view, terms, command.fourEyesAboveInr)) {
    const { requestId, mode, by, at, fourEyesAboveInr } = command;
    return { type: 'CompletionRequested', data: { ...terms, requestId, mode, requestedBy: by, requestedAt: at, thresholdInr: fourEyesAboveInr } };
  }
  return { type: 'OrderCompleted', data: { completedAt: command.at, ...terms } };
}

/** Above the threshold, by what the order pays out at the terms settled (a re-quote can raise it). */
function needsSecondAdmin(view: OrderView, terms: CompletionTerms, thresholdInr: string): boolean {
  const threshold = new Money(thresholdInr);
  if (threshold.isZero()) return false;
  const inr = Money.max(new Money(view.fiatAmount), new Money(terms.repriced?.fiatAmount ?? view.fiatAmount));
  return inr.gt(threshold);
}

/** The order's pending request, if it is the one named. */
function pendingRequest(view: OrderView, requestId: string): CompletionRequested['data'] {
  const request = view.completionRequest;
  if (!request) throw Refusal.conflict('no_completion_request', NO_PENDING_REQUEST);
  if (request.requestId !== requestId) throw Refusal.conflict('completion_request_changed', STALE_REQUEST);
  return request;
}

/** A different admin settles the order on the request's terms, exactly as they were asked. */
function confirmation(view: OrderView, command: Extract<OrderCommand, { type: 'ConfirmCompletion' }>): OrderEvent {
  const request = pendingRequest(view, command.requestId);
  if (request.requestedBy === command.by) throw Refusal.forbidden('four_eyes', SAME_ADMIN);
  const { bankUtr, cryptoReference, repriced, requestId, requestedBy, requestedAt } = request;
  return { type: 'OrderCompleted', data: { completedAt: command.at, bankUtr, cryptoReference, repriced, confirms: { requestId, requestedBy, requestedAt } } };
}

/**
 * A new rate at completion recomputes what the customer gets for what they paid (buy: same INR,
 * new USDT; sell: same USDT, new INR) with the order's own fee; the old terms are kept in the event.
 * The rate and the amounts it gives are bounded (a UTR pasted into the rate box is refused).
 */
function reprice(view: OrderView, rate: string | undefined): Repricing | null {
  if (rate === undefined || new Money(rate).eq(new Money(view.rate))) return null;
  const problem = rateProblem(rate);
  if (problem) throw Refusal.invalid('rate', problem);
  const repriced = repricedTerms(view, rate);
  for (const path of ['fiatAmount', 'cryptoAmount', 'feeAmount'] as const) {
    const tooBig = amountProblem(repriced[path]);
    if (tooBig) throw Refusal.invalid('rate', `At this rate the order's amounts are out of range (${tooBig})`);
  }
  return repriced;
}

function repricedTerms(view: OrderView, rate: string): Repricing {
  const previous = { rate: view.rate, fiatAmount: view.fiatAmount, cryptoAmount: view.cryptoAmount, feeAmount: view.feeAmount };
  if (view.orderType === 'fiat_to_crypto') {
    const quote = quoteBuy({ fiatAmount: view.fiatAmount, rate, feePercent: view.feePercent });
    return { rate, fiatAmount: quote.fiatAmount, cryptoAmount: quote.netUsdt, feeAmount: quote.feeUsdt, previous };
  }
  const quote = quoteSell({ cryptoAmount: new Money(view.cryptoAmount).toFixed(0), rate, feePercent: view.feePercent });
  return { rate, fiatAmount: quote.netInr, cryptoAmount: quote.cryptoAmount, feeAmount: quote.feeInr, previous };
}
