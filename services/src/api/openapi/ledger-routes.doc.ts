import type { RouteDoc } from './route-doc';
import { entriesQuery, positionQuery } from '../../ledger/ledger.routes';

const POSITION =
  "A brand's daily position (docs/ledger.md): for each bank account and USDT wallet, the day's opening, in, out and closing from the books, " +
  "the source's balance (the statement's after the day's last line or its stated closing; the chain's balanceOf at its latest block, today only) " +
  "and the difference in words; what no order explains in each bank account; every account's balance; debits and credits per currency. " +
  "`tenantId` defaults to the reader's brand (the operator's own for the operator's staff); `day` (yyyy-mm-dd, India's day) to today, never later";
const ENTRIES = "A brand's posting lines from `from` to `to` (days, both included) as CSV: a header row, then one row per line by day and as booked, streamed";

/** The desk's books (issue 28, docs/ledger.md): admins in their scope, compliance officers the same reads. */
export const ledgerRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/admin/ledger/position',
    tag: 'admin: books',
    access: 'admin',
    summary: `${POSITION}; 403 for another brand's`,
    query: positionQuery,
  },
  {
    method: 'get',
    path: '/admin/ledger/entries.csv',
    tag: 'admin: books',
    access: 'admin',
    summary: `${ENTRIES}; 403 for another brand's`,
    query: entriesQuery,
    success: { status: 200, description: 'text/csv' },
  },
  {
    method: 'get',
    path: '/compliance/ledger/position',
    tag: 'compliance',
    access: 'compliance',
    summary: `${POSITION}; recorded on the officer's access trail (ledger_position)`,
    query: positionQuery,
  },
  {
    method: 'get',
    path: '/compliance/ledger/entries.csv',
    tag: 'compliance',
    access: 'compliance',
    summary: `${ENTRIES}; recorded on the officer's access trail (ledger_export)`,
    query: entriesQuery,
    success: { status: 200, description: 'text/csv' },
  },
];
