/** Kysely types of the desk's books (migrations in read-models/ledger/). Numeric columns come back as strings. */
export interface LedgerEntriesTable {
  /** The order entries were written in: the log's order. */
  seq: string;
  event_id: string;
  /** The line's place among the event's posting lines. */
  line_no: number;
  tenant_id: string;
  day: string;
  kind: string;
  account: string;
  currency: 'INR' | 'USDT';
  debit: string;
  credit: string;
  order_id: string | null;
  bank_account_id: string | null;
  line_key: string | null;
  tx_hash: string | null;
  stream_id: string;
  recorded_at: Date;
}

/** Per brand, account, currency and day: the day's debits, credits and entries. */
export interface LedgerDaysTable {
  tenant_id: string;
  account: string;
  currency: 'INR' | 'USDT';
  day: string;
  debit: string;
  credit: string;
  entries: number;
}

/** An order's terms from its placement (trade-postings.ts `LedgerOrder`). */
export interface LedgerOrdersTable {
  order_id: string;
  tenant_id: string;
  order_type: string;
  method: string;
  network: string;
  rate: string;
  base_rate: string;
  fiat_amount: string;
  crypto_amount: string;
  fee_amount: string;
}

/** A confirmed chain transfer the books hold (chain-postings.ts `BookedTransfer`), by `transferKey`. */
export interface LedgerTransfersTable {
  key: string;
  order_id: string;
  tenant_id: string;
  network: string;
  tx_hash: string;
  paid_by: string;
  amount: string;
  day: string;
}

/** The USDT/INR rate a settings stream held from a revision: scope `global`, or `tenant:<id>` for a brand's override (null: none). */
export interface LedgerRatesTable {
  scope: string;
  position: string;
  usdt_inr: string | null;
}

/** A statement imported into a bank account, with the balances it states. */
export interface LedgerStatementsTable {
  account_id: string;
  statement_id: string;
  tenant_id: string;
  from_day: string;
  to_day: string;
  opening_on: string | null;
  opening_amount: string | null;
  closing_on: string | null;
  closing_amount: string | null;
  /** Its StatementImported's place in the account's stream. */
  position: string;
}
