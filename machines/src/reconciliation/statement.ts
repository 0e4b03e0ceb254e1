/**
 * A bank statement as every format's parser gives it (issue 28): ISO 20022 camt.053, SWIFT MT940,
 * and the CSV and XLSX exports of Indian net banking read through a column mapping. The parsers
 * live beside the formats they read (services/src/reconciliation/statements/); what the desk does
 * with a statement's lines (recording them, matching them to orders) reads only these types.
 */

/** One booked line of a statement. */
export interface StatementLine {
  /** The day the bank booked it (yyyy-mm-dd). */
  bookedOn: string;
  /** The value date, when the bank gives one (yyyy-mm-dd). */
  valueOn: string | null;
  /** Money into the account (a customer paying a buy) or out of it (a sell's payout). */
  direction: 'credit' | 'debit';
  /** Always positive, in the account's currency, with two decimals: "25000.00". */
  amount: string;
  /** The narration or remittance information as the bank wrote it, its parts joined by a space. */
  narration: string;
  /** The bank's own reference for the line (camt `AcctSvcrRef`, MT940's bank reference, a "Chq./Ref. No." column); null when none. */
  bankReference: string | null;
  /** The account's balance after this line, when the statement gives one (signed, two decimals); null otherwise. */
  balanceAfter: string | null;
}

/** A balance the statement states: on which day, and how much (signed, two decimals). */
export interface StatedBalance {
  on: string;
  amount: string;
}

export type StatementFormat = 'camt053' | 'mt940' | 'csv' | 'xlsx';

/** A whole statement: its lines in the order the bank listed them, and what it says of the account. */
export interface ParsedStatement {
  format: StatementFormat;
  /** The account number (or IBAN) printed on the statement; null when it prints none. */
  accountNumber: string | null;
  /** ISO 4217, e.g. "INR"; null when the statement does not say. */
  currency: string | null;
  openingBalance: StatedBalance | null;
  closingBalance: StatedBalance | null;
  lines: StatementLine[];
}

/** Why a statement (or one of its lines) could not be read, in words an admin acts on; `line` is 1-based in the file when known. */
export class StatementProblem extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'StatementProblem';
  }
}
