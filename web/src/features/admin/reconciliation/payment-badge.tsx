import { formatInr } from '@desk/machines/pricing/pricing';
import { formatDateTime } from '../../../lib/format-date-time';
import { bankBadges, chainBadge, type Badge, type BankMatchView, type ChainCheckView } from './payment-badge-words';
import { formatDay } from './reconciliation-format';
import './payment-badge.css';

export type { BankMatchView, ChainCheckView } from './payment-badge-words';

interface PaymentBadgeProps {
  /** The admin order JSON's `bankMatch`: the statement line its money was matched to, or null. */
  bankMatch: BankMatchView | null;
  /** The admin order JSON's `chainCheck`: the last check of its transaction on the chain, or null. */
  chainCheck: ChainCheckView | null;
  /** On the order page: the line and the check in a sentence under the badges. In a list, the badges alone. */
  detailed?: boolean;
}

const SYMBOL = { ok: '✓', waiting: '…', problem: '!', neutral: '–' } as const;

function OneBadge({ badge }: { badge: Badge }) {
  return (
    <li className={`payment-badge ${badge.tone}`} title={badge.about}>
      <span aria-hidden="true">{SYMBOL[badge.tone]}</span> {badge.text}
    </li>
  );
}

/** What the statement line says, in a sentence: the account, the day, the amount, the reference and who paid. */
function lineSentence(match: BankMatchView): string {
  const parts = [`${match.accountLabel}, ${formatDay(match.bookedOn)}, ${formatInr(match.amount)}`];
  if (match.reference) parts.push(`reference ${match.reference}`);
  if (match.payerName) parts.push(`from ${match.payerName}`);
  parts.push(match.via === 'assigned' ? 'assigned by an admin' : 'matched by its reference');
  return parts.join('; ');
}

/** The last check on the chain in a sentence: the server's words where it gave them, with when it was checked. */
function chainSentence(check: ChainCheckView, badge: Badge): string {
  const said = check.words ?? `On chain: ${badge.about ?? badge.text}`;
  return `${said.replace(/\.$/, '')} (checked ${formatDateTime(check.checkedAt)}).`;
}

/**
 * An order's money, checked against its sources: the bank statement (matched, or what to look at)
 * and the chain (confirmed, confirming, or which mismatch). Colour, a symbol and words, never
 * colour alone; at AA contrast.
 */
export function PaymentBadge({ bankMatch, chainCheck, detailed = false }: PaymentBadgeProps) {
  const bank = bankBadges(bankMatch);
  const chain = chainBadge(chainCheck);
  const badges = [...bank, ...(chain ? [chain] : [])];
  const flagged = bank.filter((badge) => badge.tone === 'problem');
  return (
    <div className="payment-badges">
      <ul aria-label="Payment checks">
        {badges.map((badge) => (
          <OneBadge key={badge.text} badge={badge} />
        ))}
      </ul>
      {detailed && (
        <div className="payment-badge-detail">
          {bankMatch && <p>Statement line: {lineSentence(bankMatch)}.</p>}
          {flagged.map((badge) => (
            <p key={badge.text}>{badge.about}.</p>
          ))}
          {chainCheck && chain && <p>{chainSentence(chainCheck, chain)}</p>}
        </div>
      )}
    </div>
  );
}
