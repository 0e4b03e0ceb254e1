/**
 * Why an order was rejected or cancelled: a code the desk can count and the customer can be told
 * about in a plain sentence, and a note for the desk only (the customer never sees it).
 */
export const REASON_CODES = [
  'amount_mismatch',
  'utr_not_found',
  'third_party_payment',
  'payment_window_passed',
  'suspected_fraud',
  'customer_request',
  'other',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

/** How the desk's screens name each code. */
export const REASON_LABELS: Readonly<Record<ReasonCode, string>> = {
  amount_mismatch: 'Amount mismatch',
  utr_not_found: 'UTR not found',
  third_party_payment: 'Third-party payment',
  payment_window_passed: 'Payment window passed',
  suspected_fraud: 'Suspected fraud',
  customer_request: 'Customer request',
  other: 'Other',
};

/**
 * What the customer reads. Suspected fraud is told as a plain refusal: the sentence must not tip
 * anyone off. Orders rejected before codes existed read as `other`.
 */
export const CUSTOMER_REASONS: Readonly<Record<ReasonCode, string>> = {
  amount_mismatch: 'The amount we received did not match the order amount. Please contact support about a refund.',
  utr_not_found: 'We could not find a payment with the reference you gave.',
  third_party_payment: 'The payment came from an account that is not in your name. It will be refunded to the account it came from.',
  payment_window_passed: 'The payment arrived after the payment window had closed. Please contact support about a refund.',
  suspected_fraud: 'This order could not be accepted. Please contact support.',
  customer_request: 'The order was cancelled at your request.',
  other: 'This order could not be completed. Please contact support for details.',
};

export const isReasonCode = (value: unknown): value is ReasonCode => typeof value === 'string' && (REASON_CODES as readonly string[]).includes(value);
