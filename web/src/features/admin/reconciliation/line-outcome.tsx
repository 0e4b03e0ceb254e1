import { Link } from 'react-router';
import { BANK_FLAG_WORDS } from './payment-badge-words';
import type { StatementLine } from './reconciliation-api';
import './payment-badge.css';

/**
 * What became of a statement line: the order it pays (a link, with what to look at), marked for
 * refund (with the admin's note), or waiting for a match. Words and colour, as the payment badge.
 */
export function LineOutcome({ line }: { line: Pick<StatementLine, 'match' | 'refund'> }) {
  if (line.match) {
    const { match } = line;
    return (
      <div className="line-outcome">
        <Link to={`/admin/orders/${match.orderId}`}>{match.refCode}</Link>
        <ul className="payment-badges-inline" aria-label={`About the match to ${match.refCode}`}>
          <li className={`payment-badge ${match.flags.length === 0 ? 'ok' : 'waiting'}`}>
            <span aria-hidden="true">{match.flags.length === 0 ? '✓' : '…'}</span> {match.via === 'assigned' ? 'Assigned by an admin' : 'Matched by reference'}
          </li>
          {match.flags.map((flag) => (
            <li key={flag} className="payment-badge problem" title={BANK_FLAG_WORDS[flag]?.about}>
              <span aria-hidden="true">!</span> {BANK_FLAG_WORDS[flag]?.about ?? flag.replaceAll('_', ' ')}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (line.refund) {
    return (
      <div className="line-outcome">
        <span className="payment-badge problem">
          <span aria-hidden="true">↩</span> Marked for refund
        </span>
        {line.refund.note && <span className="line-note">{line.refund.note}</span>}
      </div>
    );
  }
  return (
    <span className="payment-badge neutral">
      <span aria-hidden="true">–</span> Not matched yet
    </span>
  );
}
