import { money, sourceNote } from './books-format';
import type { Holding } from './ledger-api';
import { PositionStatus, unexplained } from './position-table';
import { Detail } from '../detail';

/**
 * The daily position on a phone: one card per account, the difference first under its name, then
 * the day's figures as a list of terms, so nothing hides past the screen's edge (the table scrolls
 * sideways there, with the difference last).
 */
export function PositionCards({ accounts }: { accounts: readonly Holding[] }) {
  if (accounts.length === 0) return <p className="muted">The brand lists no bank account or wallet, and the books hold none.</p>;
  return (
    <ul className="books-cards" aria-label="Daily position">
      {accounts.map((h) => (
        <li key={h.account} className="books-card">
          <h3>{h.label}</h3>
          <PositionStatus holding={h} />
          {unexplained(h) && <p className="books-note">{unexplained(h)}</p>}
          <dl>
            <Detail label="Opening">{money(h.currency, h.opening)}</Detail>
            <Detail label="In">{money(h.currency, h.in)}</Detail>
            <Detail label="Out">{money(h.currency, h.out)}</Detail>
            <Detail label="Closing (books)">{money(h.currency, h.closing)}</Detail>
            <Detail label="Bank or chain says">
              {h.source.kind === 'balance' ? (
                <>
                  {money(h.currency, h.source.amount)} <span className="books-note">{sourceNote(h.source)}</span>
                </>
              ) : (
                'Not known'
              )}
            </Detail>
          </dl>
        </li>
      ))}
    </ul>
  );
}
