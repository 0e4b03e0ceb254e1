import { money, sourceNote } from './books-format';
import type { Holding } from './ledger-api';
import { PositionStatus, unexplained } from './position-table';

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
            <div>
              <dt>Opening</dt>
              <dd>{money(h.currency, h.opening)}</dd>
            </div>
            <div>
              <dt>In</dt>
              <dd>{money(h.currency, h.in)}</dd>
            </div>
            <div>
              <dt>Out</dt>
              <dd>{money(h.currency, h.out)}</dd>
            </div>
            <div>
              <dt>Closing (books)</dt>
              <dd>{money(h.currency, h.closing)}</dd>
            </div>
            <div>
              <dt>Bank or chain says</dt>
              <dd>
                {h.source.kind === 'balance' ? (
                  <>
                    {money(h.currency, h.source.amount)} <span className="books-note">{sourceNote(h.source)}</span>
                  </>
                ) : (
                  'Not known'
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
