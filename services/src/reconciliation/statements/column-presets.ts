/**
 * Column mappings for the layouts Indian net banking exports most, named for the layout (what an
 * operator sees in the file) with the bank that exports it as a hint. An admin starts from one and
 * adjusts it; `suggestPreset` picks the one whose headers a file carries. Each has a fixture in
 * fixtures/ shaped like that bank's download.
 */
import { StatementProblem } from '@desk/machines/reconciliation/statement';
import { columnMappingSchema, type ColumnMapping, type ColumnMappingInput } from './column-mapping';
import { locateHeader, type Row } from './tabular-header';

export interface ColumnPreset {
  id: string;
  name: string;
  /** Who exports this layout, to help an operator recognise it. */
  seenIn: string;
  mapping: ColumnMapping;
}

const preset = (id: string, name: string, seenIn: string, mapping: ColumnMappingInput): ColumnPreset => ({
  id,
  name,
  seenIn,
  mapping: columnMappingSchema.parse(mapping),
});

export const COLUMN_PRESETS: readonly ColumnPreset[] = [
  preset('withdrawal-deposit-dd-mm-yy', 'Withdrawal/Deposit columns (dd/mm/yy)', 'HDFC Bank’s delimited statement', {
    headerRow: 'auto',
    date: { column: 'Date', format: 'dd/mm/yy' },
    valueDate: { column: 'Value Dt' },
    narration: 'Narration',
    reference: 'Chq./Ref.No.',
    amounts: { kind: 'split', debit: 'Withdrawal Amt.', credit: 'Deposit Amt.' },
    balance: { column: 'Closing Balance' },
  }),
  preset('debit-credit-dd-mmm-yyyy', 'Debit/Credit columns (dd-MMM-yyyy)', 'ICICI Bank’s detailed statement', {
    headerRow: 'auto',
    date: { column: 'Transaction Date', format: 'dd-MMM-yyyy' },
    valueDate: { column: 'Value Date' },
    narration: 'Transaction Remarks',
    reference: 'Cheque Number',
    amounts: { kind: 'split', debit: 'Withdrawal Amount (INR )', credit: 'Deposit Amount (INR )' },
    balance: { column: 'Balance (INR )' },
  }),
  preset('txn-date-debit-credit-dd-mmm-yyyy', 'Txn Date / Debit / Credit / Balance (dd MMM yyyy)', 'State Bank of India’s account statement', {
    headerRow: 'auto',
    date: { column: 'Txn Date', format: 'dd MMM yyyy' },
    valueDate: { column: 'Value Date' },
    narration: 'Description',
    reference: 'Ref No./Cheque No.',
    amounts: { kind: 'split', debit: 'Debit', credit: 'Credit' },
    balance: { column: 'Balance' },
  }),
  preset('amount-dr-cr-column-dd-mm-yyyy', 'Dr/Cr marker column (dd-mm-yyyy)', 'Axis Bank’s account statement', {
    headerRow: 'auto',
    date: { column: 'Tran Date', format: 'dd-mm-yyyy' },
    valueDate: { column: 'Value Date' },
    narration: 'Transaction Particulars',
    reference: 'Chq No',
    amounts: { kind: 'marker', amount: 'Amount(INR)', marker: 'DR|CR', credit: ['CR', 'C'], debit: ['DR', 'D'] },
    balance: { column: 'Balance(INR)' },
  }),
  preset('amount-dr-cr-and-balance-dr-cr-dd-mm-yyyy', 'Dr/Cr marker columns for amount and balance (dd-mm-yyyy)', 'Kotak Mahindra Bank’s statement', {
    headerRow: 'auto',
    date: { column: 'Transaction Date', format: 'dd-mm-yyyy' },
    valueDate: { column: 'Value Date' },
    narration: 'Description',
    reference: 'Chq / Ref No.',
    amounts: { kind: 'marker', amount: 'Amount', marker: 'Dr / Cr', credit: ['CR'], debit: ['DR'] },
    balance: { column: 'Balance', marker: 'Dr / Cr #2' },
  }),
];

/** How many of the rows are searched for a preset's header row: the account details above it are short. */
const HEADER_SEARCH_ROWS = 50;

/** The preset whose headers the file's rows carry (the one naming the most columns if several do), or null. */
export function suggestPreset(rows: readonly Row[]): ColumnPreset | null {
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  let best: { preset: ColumnPreset; named: number } | null = null;
  for (const candidate of COLUMN_PRESETS) {
    try {
      const { columns } = locateHeader(top, candidate.mapping, (index) => index + 1);
      const named = new Set(
        [
          columns.date,
          columns.valueDate,
          columns.reference,
          columns.balance,
          columns.balanceMarker,
          ...columns.narration,
          ...Object.values(columns.amounts),
        ].filter((index) => index !== null),
      ).size;
      if (best === null || named > best.named) best = { preset: candidate, named };
    } catch (error) {
      if (!(error instanceof StatementProblem)) throw error;
      // Not this layout.
    }
  }
  return best?.preset ?? null;
}
