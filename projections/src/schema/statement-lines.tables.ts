/** Kysely types of the statement lines read model (migrations in read-models/statement-lines/). */
export interface StatementLinesTable {
  account_id: string;
  /** The line's key on its account (line-key.ts). */
  key: string;
  tenant_id: string;
  statement_id: string;
  booked_on: string;
  value_on: string | null;
  direction: 'credit' | 'debit';
  amount: string;
  narration: string;
  bank_reference: string | null;
  balance_after: string | null;
  /** The narration's reading (narration.ts), read again at each rebuild. */
  channel: string | null;
  reference: string | null;
  payer_name: string | null;
  reversal: boolean;
  /** The look-up keys of its references (reference-match.ts `referenceKeys`). */
  reference_keys: string[];
  /** The line's place in its account's stream: the order the lines were recorded in. */
  position: string;
  recorded_at: Date;
}

/** What became of a line: the order it paid, or an admin's mark for refund. */
export interface StatementLineOutcomesTable {
  account_id: string;
  key: string;
  kind: 'matched' | 'refund';
  order_id: string | null;
  /** The order's brand (another brand's when the customer paid the wrong account). */
  order_tenant_id: string | null;
  via: 'reference' | 'assigned' | null;
  flags: string[];
  note: string | null;
  /** The admin who assigned or marked it; null for a match by reference. */
  decided_by: string | null;
  decided_at: Date;
}

/** The payment references orders carry, by look-up key (reference-match.ts `referenceKeys`). */
export interface PaymentReferencesTable {
  key: string;
  order_id: string;
  tenant_id: string;
  /** `customer`: the customer's proof; `payout`: the admin's payout UTR. */
  source: 'customer' | 'payout';
  reference: string;
  recorded_at: Date;
}
