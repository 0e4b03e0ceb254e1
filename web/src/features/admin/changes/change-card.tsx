import { formatDateTime } from '../../../lib/format-date-time';
import { ChangeLines, ChangeQrImages, ChangeStatusBadge } from '../../../components/desk-change/change-lines';
import { personName, STATUS_WORDS } from '../../../components/desk-change/desk-change-words';
import type { DeskChange } from './changes-api';
import { ChangeActions } from './change-actions';
import './changes.css';

interface ChangeCardProps {
  change: DeskChange;
  /** The signed-in admin: the requester withdraws, everyone else confirms or declines. */
  meId: string | undefined;
  /** A heading level that fits the page (a list of cards, or one card alone). */
  headingLevel?: 'h1' | 'h2';
}

/** One change to the desk's rules: what it changes (before → after), why it waits, who asked, and what the reader may do. */
export function ChangeCard({ change, meId, headingLevel = 'h2' }: ChangeCardProps) {
  const Heading = headingLevel;
  const titleId = `change-${change._id}`;
  const ended = change.status !== 'pending';
  return (
    <article className="card change-card" aria-labelledby={titleId}>
      <div className="change-head">
        <Heading id={titleId}>
          {change.title}
          {change.brand && `: ${change.brand.name}`}
        </Heading>
        <ChangeStatusBadge status={change.status} />
      </div>
      <p className="change-meta">
        Asked by {change.requestedBy?._id === meId ? 'you' : personName(change.requestedBy)} on {formatDateTime(change.requestedAt)}
        {ended &&
          change.endedAt &&
          `; ${STATUS_WORDS[change.status].toLowerCase()} by ${change.endedBy?._id === meId ? 'you' : personName(change.endedBy)} on ${formatDateTime(change.endedAt)}`}
      </p>
      <div>
        <h3 className="admin-subhead">Why it needs a second admin</h3>
        <ul className="change-reasons">
          {change.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="admin-subhead">What changes</h3>
        <ChangeLines lines={change.summary} />
      </div>
      {change.qrImages.length > 0 && (
        <div>
          <h3 className="admin-subhead">QR codes customers would scan</h3>
          <ChangeQrImages images={change.qrImages} />
        </div>
      )}
      {change.note && <p className="change-meta">Note: {change.note}</p>}
      {!ended && <ChangeActions change={change} mine={change.requestedBy?._id === meId} />}
    </article>
  );
}
