/**
 * What each command on an existing order records, decided from the order as it stands: pure (the
 * time comes in with the command), so the rules are tested as Given/When/Then over events. Whether
 * the order's status allows the event is the machine's to say (order.machine.ts); these functions
 * add what the machine does not know, each asked of its one rule: what proof an order needs
 * (proof-requirement.ts), the rate lock and the rate a completion settles at (rate-lock.ts), four
 * eyes (four-eyes.ts, with the re-quote band, requote-band.ts), a request that holds the order while
 * it waits (pending-request.ts) and the customer limits at a late payment's revival (customer-limits.ts).
 */
import type { Attachment, CompletionMode, CompletionRequested, OrderEvent, OrderFlagKind, PaymentMatched, Repricing } from './order.events';
import type { ReasonCode } from './order-reasons';
import { emptyOrder, evolveOrder, orderView, type OrderSnapshot, type OrderView } from './order-state';
import { quoteBuy, quoteSell } from '../pricing/pricing';
import { Money } from '../pricing/decimal';
import { amountProblem } from '../pricing/bounds';
import { Refusal } from '../shared/refusal';
import { STALE_REQUEST } from './order-refusal';
import { proofProblem, referenceField, takesAnotherProof, TOO_MANY_PROOFS } from './proof-requirement';
import { assertSentAtNamedRate, completionRate, proofTiming, revivesOrder } from './rate-lock';
import {
  ACCOUNT_MADE_BY_YOU,
  approvalCovers,
  isCustomer,
  madeTheAccount,
  orderValueInr,
  OWN_ORDER,
  PAYOUT_NEEDS_APPROVAL,
  rateInForce,
  samePerson,
  secondAdminReasons,
  type DeskRules,
  type SecondAdminReason,
} from './four-eyes';
import { overLimitEvidence, requoteExcess, revivalExcess, type LimitUsage } from './customer-limits';
import type { Controls } from '../settings/settings.schema';
import { paysNothing } from './order-placement.decide';
import { gatePayoutOnChain, type PayoutChainCheck } from './payout-chain-gate';
import { chainReading, paymentMatch } from './payment-facts.decide';
import { assertNotHeldByRequest } from './pending-request';
export { ORDER_ALREADY_MATCHED, ORDER_CLOSED } from './payment-facts.decide';

export type { CompletionMode };

export type OrderCommand =
  | {
      type: 'SubmitProof';
      attachment: Attachment | null;
      reference: string | null;
      /**
       * For a proof that revives the order (rate-lock.ts `revivesOrder`: the first after its payment
       * window): the brand's customer limits and what the customer's orders hold now; null otherwise,
       * or when the limits are off.
       */
      limitCheck: LimitCheck | null;
      at: string;
    }
  | { type: 'CancelOrder'; note?: string | null | undefined; at: string }
  | { type: 'VerifyOrder'; at: string }
  | {
      type: 'MarkCryptoSent';
      cryptoReference: string;
      /** The brand's controls and rates in force: a payout four eyes asks for needs its approval first (four-eyes.ts). */
      desk: DeskRules;
      /** What the chain shows of this transaction, read just before (payout-chain-gate.ts); null when not read. */
      chain?: PayoutChainCheck | null;
      /** The admin recording it: their own order is never theirs alone to pay out. */
      by: string;
      byPhone: string | null;
      /** Who made the customer's account (an admin, or null): an order of an account they made is never theirs alone either. */
      accountMadeBy: string | null;
      at: string;
    }
  | {
      type: 'CompleteOrder';
      mode: CompletionMode;
      bankUtr?: string | undefined;
      cryptoReference?: string | undefined;
      rate?: string | undefined;
      /** The admin acting (and their phone: their own order is never theirs alone), and the id their request gets if it needs a second admin. */
      by: string;
      byPhone: string | null;
      /** Who made the customer's account (an admin, or null): four-eyes.ts `madeTheAccount`. */
      accountMadeBy: string | null;
      requestId: string;
      /** The brand's controls and rates in force (four-eyes.ts). */
      desk: DeskRules;
      /** For a sell given a new rate: the brand's customer limits and what the customer's orders hold now; null otherwise or when the limits are off. */
      limitCheck?: LimitCheck | null;
      /** A buy's payout transaction as the chain shows it, read just before (payout-chain-gate.ts); null when not read. */
      chain?: PayoutChainCheck | null;
      at: string;
    }
  | {
      type: 'ConfirmCompletion';
      requestId: string;
      by: string;
      /** The confirming admin's phone, and the requester's: one person is one phone (four-eyes.ts `samePerson`). */
      byPhone: string | null;
      requesterPhone: string | null;
      /** Who made the customer's account: its maker is not the second pair of eyes on its payouts. */
      accountMadeBy: string | null;
      at: string;
    }
  | { type: 'DeclineCompletion'; requestId: string; by: string; note?: string | null | undefined; at: string }
  | { type: 'RejectOrder'; reasonCode: ReasonCode; reason: string | null; at: string }
  | { type: 'ExpireOrder'; at: string }
  | {
      type: 'FlagOrder';
      kind: Exclude<OrderFlagKind, 'over_customer_limit'>;
      evidence: string;
      relatedOrderId: string | null;
      relatedRefCode: string | null;
      at: string;
    }
  | {
      /** What the chain showed for the order's transaction, read again later (a sell's payment, a payout confirming). */
      type: 'RecordChainCheck';
      chain: PayoutChainCheck;
      at: string;
    }
  | {
      /** A bank statement line is this order's money (payment-match.ts), and what the brand lets it do (verify-on-match.ts). */
      type: 'MatchPayment';
      match: Omit<PaymentMatched['data'], 'matchedAt'>;
      mode: Controls['bankMatch'];
      at: string;
    };

/** What a late payment's revival is checked against (customer-limits.ts `revivalExcess`). */
export interface LimitCheck {
  limits: Pick<Controls, 'customerDailyInr' | 'customerMonthlyInr'>;
  usage: LimitUsage;
}

export { LATE_PAYMENT_NEEDS_RATE } from './rate-lock';
export { PROOF_REQUIRED, MAX_PROOFS_PER_ORDER, TOO_MANY_PROOFS } from './proof-requirement';

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

export const SAME_ADMIN = 'You asked for this: a different admin (another person, on another phone) must confirm it';
export const NO_PENDING_REQUEST = 'This order has no completion waiting for confirmation';
/** The USDT of a buy left at the terms it was sent on: they are the terms it completes on. */
export const USDT_ALREADY_SENT = (rate: string) =>
  `The USDT already went out at ${rate}: the order completes at that rate. Leave the rate empty, or enter ${rate}`;
/** A re-quote whose fee takes everything would settle an order paying the customer nothing. */
export const REQUOTE_PAYS_NOTHING = 'At this rate the order pays out nothing after its fee: enter another rate, or reject the order';

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
  assertNotHeldByRequest(view, command.type);
  switch (command.type) {
    case 'SubmitProof':
      return proofSubmission(snapshot, view, command);
    case 'CancelOrder':
      return [
        { type: 'OrderCancelled', data: { cancelledAt: command.at, reasonCode: 'customer_request', note: presentText(command.note)?.slice(0, 500) ?? null } },
      ];
    case 'VerifyOrder':
      return [{ type: 'OrderVerified', data: { verifiedAt: command.at } }];
    case 'MarkCryptoSent': {
      const cryptoReference = presentText(command.cryptoReference);
      if (!cryptoReference) throw Refusal.invalid('cryptoReference', 'Crypto transaction reference is required');
      assertSentAtNamedRate(view);
      // The USDT goes out on the approved terms, if a second admin approved any, else the order's own.
      const terms = { repriced: view.payoutApproval?.repriced ?? null };
      const reasons = secondAdminReasons(view, terms, command.desk, {
        actor: { id: command.by, phone: command.byPhone },
        accountMadeBy: command.accountMadeBy,
      });
      if (reasons.length > 0 && !approvalCovers(view.payoutApproval, terms, reasons)) {
        throw Refusal.conflict('payout_needs_approval', payoutRefusal(reasons));
      }
      const sent: OrderEvent[] = [{ type: 'CryptoSent', data: { cryptoReference, sentAt: command.at } }];
      return gatePayoutOnChain(sent, command.chain ?? null, command.desk.controls.chainPayoutMismatch, command.at);
    }
    case 'CompleteOrder':
      return gatePayoutOnChain([completion(view, command)], command.chain ?? null, command.desk.controls.chainPayoutMismatch, command.at);
    case 'RecordChainCheck':
      return chainReading(view, command.chain, command.at);
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
    case 'MatchPayment':
      return paymentMatch(view, command.match, command.mode, command.at);
    case 'FlagOrder': {
      const { kind, evidence, relatedOrderId, relatedRefCode, at } = command;
      return known(view, kind, evidence, relatedOrderId)
        ? []
        : [{ type: 'OrderFlagged', data: { kind, evidence, relatedOrderId, relatedRefCode, flaggedAt: at } }];
    }
  }
}

/** The same evidence against the same order (or limit) is one flag, however often it is seen. */
const known = (view: OrderView, kind: OrderFlagKind, evidence: string, relatedOrderId: string | null) =>
  view.flags.some((f) => f.kind === kind && f.evidence === evidence && f.relatedOrderId === relatedOrderId);

/**
 * A proof (proof-requirement.ts), timed against the order's deadlines (rate-lock.ts). A late payment
 * that revives an order (expired, or pending past its window) counts against its customer's limits again: over one, the order is
 * flagged as well (customer-limits.ts), so completing it needs a second admin (four-eyes.ts).
 */
function proofSubmission(snapshot: OrderSnapshot, view: OrderView, command: Extract<OrderCommand, { type: 'SubmitProof' }>): OrderEvent[] {
  const reference = presentText(command.reference);
  const proof: OrderEvent = {
    type: 'ProofSubmitted',
    data: { attachment: command.attachment, reference, submittedAt: command.at, ...proofTiming(view, command.at) },
  };
  // An order past taking proof is refused for its status (the machine's answer), whatever was sent;
  // one that takes proof needs a proof.
  const takesProof = snapshot.can({ type: 'ProofSubmitted', data: { ...proof.data, reference: 'any' } });
  if (!takesProof) return [proof];
  if (!takesAnotherProof(view.proofCount)) throw Refusal.conflict('too_many_proofs', TOO_MANY_PROOFS);
  const problem = proofProblem({ hasFile: command.attachment !== null, reference });
  if (problem) throw Refusal.invalid(problem.input === 'file' ? 'dataUrl' : referenceField(view.orderType), problem.message);
  // Only the proof that revives the order counts it again: once paid late it holds money, and the
  // usage the service read counts it already.
  const excess =
    revivesOrder(view, command.at) && command.limitCheck ? revivalExcess(view, command.limitCheck.limits, command.limitCheck.usage, command.at) : null;
  if (!excess || known(view, 'over_customer_limit', overLimitEvidence(excess), null)) return [proof];
  const { window, limitInr, usedInr, orderInr } = excess;
  const flag: OrderEvent = {
    type: 'OrderFlagged',
    data: {
      kind: 'over_customer_limit',
      evidence: overLimitEvidence(excess),
      relatedOrderId: null,
      relatedRefCode: null,
      flaggedAt: command.at,
      limit: { window, limitInr, usedInr, orderInr },
    },
  };
  return [proof, flag];
}

/** Whether the order's status allows the event now, asked before doing work the event would need (storing a file). */
export function orderAllows(snapshot: OrderSnapshot, event: OrderEvent): boolean {
  return snapshot.can(event);
}

/**
 * Settling an order: four eyes asks, before any payout reference is recorded, whether a second admin
 * must approve the payout (four-eyes.ts). If so and none did on these terms, the admin's command asks
 * for it (CompletionRequested, no reference: the money has not left), and one naming a payout
 * reference is refused. Otherwise the order completes with its payout reference, naming the approval
 * it settles if any.
 */
function completion(view: OrderView, command: Extract<OrderCommand, { type: 'CompleteOrder' }>): OrderEvent {
  const buy = view.orderType === 'fiat_to_crypto';
  const bankUtr = presentText(command.bankUtr);
  const cryptoReference = presentText(command.cryptoReference);
  // The rate approved with the payout (a re-quote, or the order's own, deliberately) is the rate the
  // payout settles at, unless the admin types another.
  const approvedRate = view.payoutApproval ? (view.payoutApproval.repriced?.rate ?? view.rate) : null;
  const typedRate = presentText(command.rate);
  // The USDT already went out (crypto sent): on the approved terms, or the order's own; no re-quote now.
  const sentAt = approvedRate ?? view.rate;
  if (view.status === 'crypto_sent' && typedRate !== null && !new Money(typedRate).eq(new Money(sentAt)))
    throw Refusal.invalid('rate', USDT_ALREADY_SENT(sentAt));
  const rate = completionRate(view, typedRate ?? approvedRate);
  const repriced = rate === null ? null : repricedTerms(view, rate);
  const { limitCheck, desk } = command;
  const raised = repriced && limitCheck ? requoteExcess(view, repriced.fiatAmount, limitCheck.limits, limitCheck.usage) : null;
  const reasons = secondAdminReasons(view, { repriced }, desk, {
    actor: { id: command.by, phone: command.byPhone },
    accountMadeBy: command.accountMadeBy,
    overLimitNow: raised !== null,
  });
  const approval = view.payoutApproval;
  const approved = approvalCovers(approval, { repriced }, reasons);
  if (reasons.length > 0 && !approved) {
    // A payout reference says the money left before a second admin approved it.
    if (buy ? cryptoReference : bankUtr) throw Refusal.conflict('payout_needs_approval', payoutRefusal(reasons));
    const { requestId, mode, by, at } = command;
    return {
      type: 'CompletionRequested',
      data: {
        bankUtr: null,
        cryptoReference: null,
        repriced,
        requestId,
        mode,
        requestedBy: by,
        requestedAt: at,
        thresholdInr: desk.controls.fourEyesAboveInr,
        reasons,
        valueInr: orderValueInr(view, { repriced }, desk.rates, desk.anchorRates),
        rateInForce: rateInForce(view, desk.rates),
      },
    };
  }
  // A buy whose crypto went out (CryptoSent) already has its reference.
  if (buy && !cryptoReference && !(view.status === 'crypto_sent' && view.cryptoReference)) {
    throw Refusal.invalid('cryptoReference', REFERENCE_REQUIRED[command.mode].buy);
  }
  if (!buy && !bankUtr) throw Refusal.invalid('bankUtr', REFERENCE_REQUIRED[command.mode].sell);
  const settled = approved && approval ? { approved: { requestId: approval.requestId, approvedBy: approval.approvedBy, approvedAt: approval.approvedAt } } : {};
  return { type: 'OrderCompleted', data: { completedAt: command.at, bankUtr, cryptoReference, repriced, ...settled } };
}

/** Why a payout recorded before its approval is refused: money to oneself named as such. */
function payoutRefusal(reasons: readonly SecondAdminReason[]): string {
  if (reasons.includes('own_order')) return OWN_ORDER;
  return reasons.includes('account_made_by_you') ? ACCOUNT_MADE_BY_YOU : PAYOUT_NEEDS_APPROVAL;
}

/** The order's pending request, if it is the one named. */
function pendingRequest(view: OrderView, requestId: string): CompletionRequested['data'] {
  const request = view.completionRequest;
  if (!request) throw Refusal.conflict('no_completion_request', NO_PENDING_REQUEST);
  if (request.requestId !== requestId) throw Refusal.conflict('completion_request_changed', STALE_REQUEST);
  return request;
}

/**
 * A different admin (another account, another phone) answers the pending request on its terms,
 * exactly as asked: with its payout reference already known (a request from before payouts waited
 * for approval, or a buy whose USDT was recorded as sent) the order completes; without one, the
 * payout is approved (PayoutApproved) and is recorded later on these terms.
 */
function confirmation(view: OrderView, command: Extract<OrderCommand, { type: 'ConfirmCompletion' }>): OrderEvent {
  const request = pendingRequest(view, command.requestId);
  const requester = { id: request.requestedBy, phone: command.requesterPhone };
  const confirmer = { id: command.by, phone: command.byPhone };
  if (samePerson(requester, confirmer)) throw Refusal.forbidden('four_eyes', SAME_ADMIN);
  // The payee is never the second pair of eyes on their own payout.
  if (isCustomer(view, confirmer)) throw Refusal.forbidden('four_eyes', OWN_ORDER);
  if (madeTheAccount(command.accountMadeBy, confirmer)) throw Refusal.forbidden('four_eyes', ACCOUNT_MADE_BY_YOU);
  const { bankUtr, repriced, requestId, requestedBy, requestedAt, mode } = request;
  const buy = view.orderType === 'fiat_to_crypto';
  const cryptoReference = request.cryptoReference ?? (view.status === 'crypto_sent' ? view.cryptoReference : null);
  const paidOut = buy ? cryptoReference !== null : bankUtr !== null;
  if (!paidOut) {
    const reasons = [...(request.reasons ?? ['above_threshold'])];
    return { type: 'PayoutApproved', data: { requestId, mode, repriced, requestedBy, requestedAt, approvedBy: command.by, approvedAt: command.at, reasons } };
  }
  return {
    type: 'OrderCompleted',
    data: { completedAt: command.at, bankUtr, cryptoReference: request.cryptoReference, repriced, confirms: { requestId, requestedBy, requestedAt } },
  };
}

/**
 * A re-quote recomputes what the customer gets for what they paid (buy: same INR, new USDT; sell:
 * same USDT, new INR) with the order's own fee; the old terms are kept in the event. Amounts past
 * the bounds are refused (a rate typed wrong must not poison a read model), and so is a re-quote that
 * pays out nothing after the fee.
 */
function repricedTerms(view: OrderView, rate: string): Repricing {
  const previous = { rate: view.rate, fiatAmount: view.fiatAmount, cryptoAmount: view.cryptoAmount, feeAmount: view.feeAmount };
  let repriced: Repricing;
  if (view.orderType === 'fiat_to_crypto') {
    const quote = quoteBuy({ fiatAmount: view.fiatAmount, rate, feePercent: view.feePercent });
    repriced = { rate, fiatAmount: quote.fiatAmount, cryptoAmount: quote.netUsdt, feeAmount: quote.feeUsdt, previous };
  } else {
    const quote = quoteSell({ cryptoAmount: new Money(view.cryptoAmount).toFixed(0), rate, feePercent: view.feePercent });
    repriced = { rate, fiatAmount: quote.netInr, cryptoAmount: quote.cryptoAmount, feeAmount: quote.feeInr, previous };
  }
  for (const path of ['fiatAmount', 'cryptoAmount', 'feeAmount'] as const) {
    const tooBig = amountProblem(repriced[path]);
    if (tooBig) throw Refusal.invalid('rate', `At this rate the order's amounts are out of range (${tooBig})`);
  }
  if (paysNothing(view.orderType === 'fiat_to_crypto' ? repriced.cryptoAmount : repriced.fiatAmount)) throw Refusal.invalid('rate', REQUOTE_PAYS_NOTHING);
  return repriced;
}
