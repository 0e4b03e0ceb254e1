/**
 * A brand's entries as CSV (docs/ledger.md, "Export"): one row per posting line, a header row first,
 * streamed a page at a time (never the whole range in memory). Text a spreadsheet would run as a
 * formula is quoted (safeCell): a brand's name, an account's label.
 */
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { iterateLedgerEntries } from '@desk/projections/read-models/ledger/ledger.queries';
import { safeCell } from '../orders/order-export';
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

export function streamLedgerCsv(c: Context, { readModels, tenantId, brandName, names, range }: LedgerExport): Response {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="books-${range.from}-to-${range.to}.csv"`);
  c.header('cache-control', 'no-store');
  return stream(c, async (out) => {
    const csv = stringify({ header: true, columns: COLUMNS });
    const pump = (async () => {
      for await (const chunk of csv) await out.write(chunk as string);
    })();
    for await (const e of iterateLedgerEntries(readModels, tenantId, range)) {
      csv.write([
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
      ]);
    }
    csv.end();
    await pump;
  });
}
