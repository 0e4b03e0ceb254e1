/**
 * What proof an order needs: one rule, asked by the server's route and command, the decision, the
 * machine's guards and both proof forms (the dashboard's and the detail page's).
 *
 * - A proof is a file, a payment reference, or both; a submission with neither is not a proof.
 * - A file always comes with its payment's reference: the operator matches a screenshot to a payment
 *   by its UTR or transaction hash (seed-spec section 5; decision 0018). A reference alone is still
 *   proof (the dashboard's quick proof step).
 * - An order takes at most MAX_PROOFS_PER_ORDER proofs: enough for a payment in parts, not a file
 *   store (decision 0016).
 */
import type { OrderType } from './order.events';

export const PROOF_REQUIRED = 'Please select a file or enter a payment reference';
export const REFERENCE_REQUIRED = 'Please enter the payment reference';

export const MAX_PROOFS_PER_ORDER = 10;
export const TOO_MANY_PROOFS = `An order takes at most ${MAX_PROOFS_PER_ORDER} payment proofs`;

/** The field a customer's reference is sent in: a buyer's bank UTR, a seller's crypto transaction. */
export const referenceField = (orderType: OrderType): 'bankReference' | 'cryptoReference' =>
  orderType === 'fiat_to_crypto' ? 'bankReference' : 'cryptoReference';

/** A reference typed by a person: blank or whitespace counts as absent. */
const present = (reference: string | null | undefined): boolean => (reference?.trim() ?? '') !== '';

/** Whether a submission is a proof at all: a file or a reference. */
export const isProof = (proof: { hasFile: boolean; reference: string | null | undefined }): boolean => proof.hasFile || present(proof.reference);

/** What a proof submission lacks: which input, and the sentence the forms and the server show; null when it is a proof. */
export type ProofProblem = { input: 'file' | 'reference'; message: string };

export function proofProblem(proof: { hasFile: boolean; reference: string | null | undefined }): ProofProblem | null {
  if (!isProof(proof)) return { input: 'file', message: PROOF_REQUIRED };
  if (proof.hasFile && !present(proof.reference)) return { input: 'reference', message: REFERENCE_REQUIRED };
  return null;
}

/** Whether an order with `proofCount` proofs takes another. */
export const takesAnotherProof = (proofCount: number): boolean => proofCount < MAX_PROOFS_PER_ORDER;
