/**
 * A proof file always comes with the payment's reference: the order detail page requires a file and
 * a non-empty reference (seed-spec section 5), and the operator matches a screenshot to a payment by
 * its UTR or transaction hash. A reference alone is still proof (the dashboard's quick proof step).
 * The server and both proof forms use this one rule (decision 0018).
 */
export const REFERENCE_REQUIRED = 'Please enter the payment reference';

/** What is wrong with a proof submission's reference, given whether a file goes with it. */
export function proofReferenceProblem(hasFile: boolean, reference: string | null | undefined): string | null {
  return hasFile && !reference?.trim() ? REFERENCE_REQUIRED : null;
}

/** The field a customer's reference is sent in: a buyer's bank UTR, a seller's crypto transaction. */
export const referenceField = (orderType: 'fiat_to_crypto' | 'crypto_to_fiat') => (orderType === 'fiat_to_crypto' ? 'bankReference' : 'cryptoReference');
