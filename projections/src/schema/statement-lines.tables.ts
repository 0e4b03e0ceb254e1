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
  /** The line's place in its account's stream: the order the lines were recorded in. */
  position: string;
  recorded_at: Date;
}
