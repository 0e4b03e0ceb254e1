import { foldLedger, type LedgerEvent } from '@desk/machines/ledger/ledger-fold';

/**
 * The ledger's entries as its tests compare them, one string per posting line ("zen trade Dr
 * bank:… 8500 INR"): a row of rm_ledger_entries, and the lines the fold posts for events.
 */
export const entryLine = (row: Readonly<Record<string, unknown>>): string =>
  `${String(row.tenant_id)} ${String(row.kind)} ${Number(row.debit) > 0 ? 'Dr' : 'Cr'} ${String(row.account)} ${Number(row.debit) || Number(row.credit)} ${String(row.currency)}`;

export const foldedLines = (events: readonly LedgerEvent[]): string[] =>
  foldLedger(events).postings.flatMap((p) =>
    p.lines.map((l) =>
      entryLine({
        tenant_id: p.tenantId,
        kind: p.kind,
        account: l.account,
        currency: l.currency,
        debit: l.side === 'debit' ? l.amount : 0,
        credit: l.side === 'credit' ? l.amount : 0,
      }),
    ),
  );
