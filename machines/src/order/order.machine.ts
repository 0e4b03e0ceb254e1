/**
 * The order lifecycle as an xstate v5 machine, used as a pure decider and evolver: the machine's
 * events are the stored domain events, so folding a stream and checking a command (`can`) use
 * the same transitions. Guards and assigns read time only from event data, never a clock, so
 * replaying a stream always gives the same state. Use it through the pure API
 * (`initialTransition` / `transition`), see order-state.ts; no actors.
 */
import { and, assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { OrderEvent, OrderStatus } from './order.events';
import { UNPLACED_ORDER, eventTime, isBuy, presentText, type EvidenceSinceRequest, type OrderContext } from './order-context';
import { isProof } from './proof-requirement';

const orderSetup = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  guards: {
    hasProof: ({ event }) => event.type === 'ProofSubmitted' && isProof({ hasFile: event.data.attachment !== null, reference: event.data.reference }),
    // An expired order takes proof only as a late payment, and the desk may then act on it.
    lateProof: ({ event }) =>
      event.type === 'ProofSubmitted' &&
      event.data.afterPaymentWindow === true &&
      isProof({ hasFile: event.data.attachment !== null, reference: event.data.reference }),
    paidLate: ({ context }) => context.latePayment,
    noProofYet: ({ context }) => context.proofCount === 0,
    // One bank line is an order's money: a second is refused by the decider (a flag instead).
    noBankMatchYet: ({ context }) => !context.bankMatch,
    // Only unpaid orders expire, never before the window the customer was promised. A completion
    // waiting for a second admin does not hold an unpaid order open: it ends with the window
    // (third security review, issue 27: a request kept renewed kept an approval alive for a late payment).
    paymentWindowOver: ({ context, event }) =>
      event.type === 'OrderExpired' && context.proofCount === 0 && Date.parse(event.data.expiredAt) >= Date.parse(context.paymentDueAt),
    isBuyOrder: ({ context }) => isBuy(context),
    isSellOrder: ({ context }) => !isBuy(context),
    hasCryptoReference: ({ event }) => event.type === 'CryptoSent' && presentText(event.data.cryptoReference) !== null,
    // A buy is done when the USDT left (its transaction is known); a sell when the INR left (UTR).
    // For a buy, context.cryptoReference can only come from CryptoSent: the customer's proof
    // reference of a buy is a bank UTR and is kept in bankReference.
    hasCompletionReference: ({ context, event }) => {
      if (event.type !== 'OrderCompleted') return false;
      if (isBuy(context)) {
        return presentText(event.data.cryptoReference) !== null || context.cryptoReference !== null;
      }
      return presentText(event.data.bankUtr) !== null;
    },
    // A completion that confirms a request confirms the one pending now, nothing older.
    confirmsPendingRequest: ({ context, event }) =>
      event.type === 'OrderCompleted' && (event.data.confirms === undefined || event.data.confirms.requestId === context.completionRequest?.requestId),
    declinesPendingRequest: ({ context, event }) =>
      event.type === 'CompletionRequestDeclined' && context.completionRequest !== null && event.data.requestId === context.completionRequest.requestId,
    approvesPendingRequest: ({ context, event }) =>
      event.type === 'PayoutApproved' && context.completionRequest !== null && event.data.requestId === context.completionRequest.requestId,
  },
  actions: {
    touch: assign({ updatedAt: ({ event }) => eventTime(event) }),
    // What changes a pending completion's terms ends it: a second admin confirms only terms the
    // requester set. Evidence that leaves them as they were (an extra proof, a flag, a verification)
    // is added to the request for the second admin to see (noteEvidence): a customer cannot void it.
    endRequest: assign({ completionRequest: null }),
    endApproval: assign({ payoutApproval: null }),
    // The proof that makes an order paid late is a new decision (decision 0031): a request or an
    // approval from before it no longer covers the order. Later proofs are evidence (noteEvidence).
    endDecisionsOnLatePayment: assign(({ context, event }) =>
      event.type === 'ProofSubmitted' && event.data.afterPaymentWindow === true && !context.latePayment
        ? { completionRequest: null, payoutApproval: null }
        : {},
    ),
    noteEvidence: assign(({ context, event }) => {
      const request = context.completionRequest;
      if (!request) return {};
      const noted = evidenceOf(event);
      return noted ? { completionRequest: { ...request, evidenceSince: [...(request.evidenceSince ?? []), noted] } } : {};
    }),
    recordCompletionRequest: assign(({ event }) => {
      assertEvent(event, 'CompletionRequested');
      const { repriced, reasons } = event.data;
      // Copied, so the state never shares a reference with the stored event.
      const request = { ...event.data, repriced: repriced && { ...repriced, previous: { ...repriced.previous } } };
      return { completionRequest: reasons ? { ...request, reasons: [...reasons] } : request };
    }),
    recordPayoutApproval: assign(({ event }) => {
      assertEvent(event, 'PayoutApproved');
      const { repriced, reasons } = event.data;
      return { payoutApproval: { ...event.data, reasons: [...(reasons ?? [])], repriced: repriced && { ...repriced, previous: { ...repriced.previous } } } };
    }),
    recordPlacement: assign(({ event }) => {
      assertEvent(event, 'OrderPlaced');
      // Nested objects are copied so the state never shares a reference with the stored event.
      const { rateSource, payoutBankAccount } = event.data;
      return {
        ...UNPLACED_ORDER,
        ...event.data,
        rateSource: { ...rateSource },
        payoutBankAccount: payoutBankAccount && { ...payoutBankAccount },
        createdAt: event.data.placedAt,
      };
    }),
    recordProof: assign(({ context, event }) => {
      assertEvent(event, 'ProofSubmitted');
      const { attachment, afterRateLock } = event.data;
      const reference = presentText(event.data.reference);
      const buy = isBuy(context);
      return {
        attachments: attachment ? [...context.attachments, { ...attachment }] : context.attachments,
        proofCount: context.proofCount + 1,
        customerReference: reference ?? context.customerReference,
        bankReference: buy ? (reference ?? context.bankReference) : context.bankReference,
        cryptoReference: buy ? context.cryptoReference : (reference ?? context.cryptoReference),
        rateLockExpiredProof: context.rateLockExpiredProof || afterRateLock,
        latePayment: context.latePayment || event.data.afterPaymentWindow === true,
        latePaidAt: context.latePayment ? (context.latePaidAt ?? null) : event.data.afterPaymentWindow === true ? event.data.submittedAt : null,
      };
    }),
    recordCancellation: assign(({ event }) => {
      assertEvent(event, 'OrderCancelled');
      return { cancelledAt: event.data.cancelledAt, reasonCode: event.data.reasonCode ?? null, cancelNote: presentText(event.data.note) };
    }),
    // Flags inform; they do not move the order or its "last updated" time. New evidence ends a
    // pending completion request all the same: the requester had not seen it.
    recordFlag: assign(({ context, event }) => {
      assertEvent(event, 'OrderFlagged');
      const { limit, ...flag } = event.data;
      return { flags: [...context.flags, limit ? { ...flag, limit: { ...limit } } : flag] };
    }),
    // A bank line matched: like a flag, it informs and does not move the order or its "last updated" time.
    recordBankMatch: assign(({ event }) => {
      assertEvent(event, 'PaymentMatched');
      return { bankMatch: { ...event.data, flags: [...event.data.flags] } };
    }),
    recordChainCheck: assign(({ event }) => {
      assertEvent(event, 'ChainTransferChecked');
      return { chainCheck: structuredClone(event.data) };
    }),
    recordExpiry: assign(({ event }) => {
      assertEvent(event, 'OrderExpired');
      return { expiredAt: event.data.expiredAt };
    }),
    recordVerification: assign(({ event }) => {
      assertEvent(event, 'OrderVerified');
      return { verifiedAt: event.data.verifiedAt };
    }),
    recordCryptoSent: assign(({ event }) => {
      assertEvent(event, 'CryptoSent');
      return {
        cryptoReference: presentText(event.data.cryptoReference),
        cryptoSentAt: event.data.sentAt,
      };
    }),
    recordCompletion: assign(({ context, event }) => {
      assertEvent(event, 'OrderCompleted');
      const { completedAt, repriced } = event.data;
      const price = repriced
        ? {
            rate: repriced.rate,
            fiatAmount: repriced.fiatAmount,
            cryptoAmount: repriced.cryptoAmount,
            feeAmount: repriced.feeAmount,
            priceHistory: [...context.priceHistory, { ...repriced.previous, replacedAt: completedAt }],
          }
        : {};
      return {
        ...price,
        completedAt,
        // The admin's transaction wins over one recorded earlier (CryptoSent or a sell's proof).
        cryptoReference: presentText(event.data.cryptoReference) ?? context.cryptoReference,
        bankUtr: presentText(event.data.bankUtr) ?? context.bankUtr,
      };
    }),
    recordRejection: assign(({ event }) => {
      assertEvent(event, 'OrderRejected');
      return { rejectedAt: event.data.rejectedAt, rejectedReason: presentText(event.data.reason), reasonCode: event.data.reasonCode ?? null };
    }),
  },
});

/**
 * How an open order is settled: completed (on the pending request's terms when a second admin
 * confirms one), or above the four-eyes threshold first asked for, and the request declined.
 */
const SETTLING = {
  OrderCompleted: {
    guard: and(['hasCompletionReference', 'confirmsPendingRequest']),
    target: 'completed',
    actions: ['recordCompletion', 'touch', 'endRequest'],
  },
  // A request may come before any payout reference: it asks a second admin to approve the payout.
  CompletionRequested: { actions: ['touch', 'recordCompletionRequest'] },
  CompletionRequestDeclined: { guard: 'declinesPendingRequest', actions: ['touch', 'endRequest'] },
  PayoutApproved: { guard: 'approvesPendingRequest', actions: ['touch', 'recordPayoutApproval', 'endRequest'] },
} as const;

/** Rejected: the order is closed, and a pending completion with it. */
const REJECTING = { OrderRejected: { target: 'rejected', actions: ['recordRejection', 'touch', 'endRequest'] } } as const;
const FLAGGING = {
  OrderFlagged: { actions: ['recordFlag', 'noteEvidence'] },
  PaymentMatched: { guard: 'noBankMatchYet', actions: ['recordBankMatch', 'noteEvidence'] },
  ChainTransferChecked: { actions: 'recordChainCheck' },
} as const;
/** Closed orders take nothing but what the desk learns of their money: flags, and the bank line that paid them. */
const LEARNING = {
  OrderFlagged: { actions: 'recordFlag' },
  PaymentMatched: { guard: 'noBankMatchYet', actions: 'recordBankMatch' },
  ChainTransferChecked: { actions: 'recordChainCheck' },
} as const;

export const orderMachine = orderSetup.createMachine({
  id: 'order',
  initial: 'none',
  context: UNPLACED_ORDER,
  states: {
    none: {
      on: { OrderPlaced: { target: 'pending', actions: ['recordPlacement', 'touch'] } },
    },
    pending: {
      on: {
        ProofSubmitted: { guard: 'hasProof', actions: ['endDecisionsOnLatePayment', 'recordProof', 'touch', 'noteEvidence'] },
        OrderCancelled: { guard: 'noProofYet', target: 'cancelled', actions: ['recordCancellation', 'touch', 'endRequest'] },
        // A request or an approval is of the order as it stood: both end when the order expires (a late payment is another decision).
        OrderExpired: { guard: 'paymentWindowOver', target: 'expired', actions: ['recordExpiry', 'touch', 'endRequest', 'endApproval'] },
        OrderVerified: [
          { guard: 'isBuyOrder', target: 'fiat_received', actions: ['recordVerification', 'touch', 'noteEvidence'] },
          { guard: 'isSellOrder', target: 'approved', actions: ['recordVerification', 'touch', 'noteEvidence'] },
        ],
        ...SETTLING,
        ...REJECTING,
        ...FLAGGING,
      },
    },
    fiat_received: {
      on: {
        // The USDT went out with this transaction: a pending request naming another ends.
        CryptoSent: { guard: 'hasCryptoReference', target: 'crypto_sent', actions: ['recordCryptoSent', 'touch', 'endRequest'] },
        ...SETTLING,
        ...REJECTING,
        ...FLAGGING,
      },
    },
    approved: {
      on: {
        ...SETTLING,
        ...REJECTING,
        ...FLAGGING,
      },
    },
    crypto_sent: {
      on: {
        ...SETTLING,
        ...FLAGGING,
      },
    },
    // Closed orders take nothing but flags (a later order may reuse their payment evidence) and the
    // bank line that paid them (a statement often arrives after the order completed).
    completed: { on: LEARNING },
    rejected: { on: LEARNING },
    cancelled: { on: LEARNING },
    // An expired order records a late payment's proof; the desk then re-quotes it (verify, then
    // complete with a rate) or rejects it for a refund.
    expired: {
      on: {
        ProofSubmitted: { guard: 'lateProof', actions: ['endDecisionsOnLatePayment', 'recordProof', 'touch', 'noteEvidence'] },
        OrderVerified: [
          { guard: and(['paidLate', 'isBuyOrder']), target: 'fiat_received', actions: ['recordVerification', 'touch', 'noteEvidence'] },
          { guard: and(['paidLate', 'isSellOrder']), target: 'approved', actions: ['recordVerification', 'touch', 'noteEvidence'] },
        ],
        OrderCompleted: {
          guard: and(['paidLate', 'hasCompletionReference', 'confirmsPendingRequest']),
          target: 'completed',
          actions: ['recordCompletion', 'touch', 'endRequest'],
        },
        CompletionRequested: { guard: 'paidLate', actions: ['touch', 'recordCompletionRequest'] },
        CompletionRequestDeclined: { guard: 'declinesPendingRequest', actions: ['touch', 'endRequest'] },
        PayoutApproved: { guard: 'approvesPendingRequest', actions: ['touch', 'recordPayoutApproval', 'endRequest'] },
        OrderRejected: { guard: 'paidLate', target: 'rejected', actions: ['recordRejection', 'touch', 'endRequest'] },
        ...FLAGGING,
      },
    },
  },
});

export type OrderMachine = typeof orderMachine;

/** What an event adds to a pending completion's card, if it is evidence; null for anything else. */
function evidenceOf(event: OrderEvent): EvidenceSinceRequest | null {
  switch (event.type) {
    case 'ProofSubmitted':
      return { kind: 'proof', at: event.data.submittedAt, detail: presentText(event.data.reference) ?? event.data.attachment?.name ?? null };
    case 'OrderFlagged':
      return { kind: 'flag', at: event.data.flaggedAt, detail: event.data.kind };
    case 'OrderVerified':
      return { kind: 'verified', at: event.data.verifiedAt, detail: null };
    case 'PaymentMatched':
      return { kind: 'bank', at: event.data.matchedAt, detail: event.data.reference };
    default:
      return null;
  }
}
/** The machine's state names: `none` before placement, then the order statuses. */
export type OrderStateValue = 'none' | OrderStatus;

/** The machine's state after some events: what every question about an order is asked of. */
export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;
