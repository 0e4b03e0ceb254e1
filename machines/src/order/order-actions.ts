/**
 * Which buttons to offer: each action is probed against the machine with a representative event,
 * so the screens and the server agree by construction (one lifecycle, one set of guards).
 * The probes carry the inputs a form would ask for (a reference), so an action shows when the
 * state allows it; whether the typed input is good enough is checked again on submit.
 */
import type { OrderEvent } from './order.events';
import type { OrderSnapshot } from './order-state';

export type OrderAction = 'submitProof' | 'cancel' | 'verify' | 'markCryptoSent' | 'complete' | 'reject';
export type OrderActorRole = 'customer' | 'admin';

export const ACTIONS_BY_ROLE: Readonly<Record<OrderActorRole, readonly OrderAction[]>> = {
  customer: ['submitProof', 'cancel'],
  admin: ['verify', 'markCryptoSent', 'complete', 'reject'],
};

// No guard behind these actions reads the time; expiry (which does) is the system's, not a button.
const PROBE_TIME = '1970-01-01T00:00:00.000Z';
const PROBE_REFERENCE = 'probe';

const PROBES: Readonly<Record<OrderAction, OrderEvent>> = {
  submitProof: {
    type: 'ProofSubmitted',
    // As a late payment too: an expired order takes proof, which the desk then re-quotes or refunds.
    data: { attachment: null, reference: PROBE_REFERENCE, submittedAt: PROBE_TIME, afterRateLock: false, afterPaymentWindow: true },
  },
  cancel: { type: 'OrderCancelled', data: { cancelledAt: PROBE_TIME } },
  verify: { type: 'OrderVerified', data: { verifiedAt: PROBE_TIME } },
  markCryptoSent: { type: 'CryptoSent', data: { cryptoReference: PROBE_REFERENCE, sentAt: PROBE_TIME } },
  complete: {
    type: 'OrderCompleted',
    data: { completedAt: PROBE_TIME, bankUtr: PROBE_REFERENCE, cryptoReference: PROBE_REFERENCE, repriced: null },
  },
  reject: { type: 'OrderRejected', data: { rejectedAt: PROBE_TIME, reason: null } },
};

export function availableActions(snapshot: OrderSnapshot, role: OrderActorRole): OrderAction[] {
  return ACTIONS_BY_ROLE[role].filter((action) => snapshot.can(PROBES[action]));
}
