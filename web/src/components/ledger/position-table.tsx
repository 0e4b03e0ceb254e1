import { DataTable } from '../data-table';
import { STATUS_MARK, money, sourceNote } from './books-format';
import type { Holding } from './ledger-api';

/** What no order explains yet in a bank account, in words; nothing for a wallet or cash. */
export const unexplained = (h: Holding): string | null => ('notExplained' in h ? ((h.notExplained as { words?: string } | undefined)?.words ?? null) : null);

/** The comparison in words, with its symbol and tone: "✗ Differs: the books show ₹1,000 less than the statement". */
export function PositionStatus({ holding }: { holding: Holding }) {
  const mark = STATUS_MARK[holding.status];
  return (
    <span className={`books-status ${mark.tone}`}>
      <span aria-hidden="true">{mark.symbol}</span> {holding.words}
    </span>
  );
}

/**
 * Each bank account and wallet of the brand on the day: opening, in, out and closing from the books,
 * what the bank or the chain says, and the difference in words. A bank account says under its name
 * what no order explains yet.
 */
export function PositionTable({ accounts }: { accounts: readonly Holding[] }) {
  return (
    <DataTable
      label="Daily position"
      className="books-table"
      rows={accounts}
      rowKey={(h) => h.account}
      empty={<p className="muted">The brand lists no bank account or wallet, and the books hold none.</p>}
      columns={[
        {
          header: 'Account',
          rowHeader: true,
          className: 'books-account',
          cell: (h) => (
            <>
              {h.label}
              {unexplained(h) && <span className="books-note">{unexplained(h)}</span>}
            </>
          ),
        },
        { header: 'Opening', className: 'num', cell: (h) => money(h.currency, h.opening) },
        { header: 'In', className: 'num', cell: (h) => money(h.currency, h.in) },
        { header: 'Out', className: 'num', cell: (h) => money(h.currency, h.out) },
        { header: 'Closing (books)', className: 'num', cell: (h) => money(h.currency, h.closing) },
        {
          header: 'Bank or chain says',
          className: 'num',
          cell: (h) =>
            h.source.kind === 'balance' ? (
              <>
                {money(h.currency, h.source.amount)}
                <span className="books-note">{sourceNote(h.source)}</span>
              </>
            ) : (
              <span className="muted">Not known</span>
            ),
        },
        { header: 'Difference', className: 'books-difference', cell: (h) => <PositionStatus holding={h} /> },
      ]}
    />
  );
}
