/**
 * A brand's entries as CSV (docs/ledger.md, "Export"): one row per posting line, a header row first,
 * streamed a page at a time (never the whole range in memory). Text a spreadsheet would run as a
 * formula is quoted (safeCell): a brand's name, an account's label.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { iterateLedgerEntries } from '@desk/projections/read-models/ledger/ledger.queries';
import { safeCell } from '../orders/order-export';
import { csvDownload } from '../http/csv-download';
import { accountName, type NameSources } from './account-names';

const COLUMNS = [
  'day',
  'brand',
  'posting',
  'account',
  'accountName',
  'currency',
  'debit',
  'credit',
  'orderRef',
  'orderId',
  'bankAccountId',
  'lineKey',
  'txHash',
  'eventId',
  'recordedAt',
];

export interface LedgerExport {
  readModels: Kysely<ReadModelDatabase>;
  tenantId: string;
  brandName: string;
  names: NameSources;
  range: { from: string; to: string };
}

export function streamLedgerCsv(c: Context, books: LedgerExport): Promise<Response> {
  return csvDownload(c, `books-${books.range.from}-to-${books.range.to}.csv`, COLUMNS, ledgerRows(books));
}

/** One row per posting line, by day and as booked, a page read at a time. */
async function* ledgerRows({ readModels, tenantId, brandName, names, range }: LedgerExport) {
  for await (const e of iterateLedgerEntries(readModels, tenantId, range)) {
    yield [
      e.day,
      safeCell(brandName),
      e.kind,
      e.account,
      safeCell(accountName(e.account, names)),
      e.currency,
      e.debit,
      e.credit,
      e.order_ref_code ?? '',
      e.order_id ?? '',
      e.bank_account_id ?? '',
      e.line_key ?? '',
      safeCell(e.tx_hash),
      e.event_id,
      e.recorded_at.toISOString(),
    ];
  }
}
