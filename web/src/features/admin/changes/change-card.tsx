import { formatDateTime } from '../../../lib/format-date-time';
import type { DeskChange } from './changes-api';
import { personName, STATUS_WORDS } from './change-status';
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
        <span className={`badge change-${change.status}`}>{STATUS_WORDS[change.status]}</span>
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
        <dl className="change-lines">
          {change.summary.map((line) => (
            <div className="change-line" key={`${line.what}:${line.before}:${line.after}`}>
              <dt>{line.what}</dt>
              <dd>
                <span className="visually-hidden">Before: </span>
                <span className="before">{line.before}</span>
              </dd>
              <dd>
                <span className="visually-hidden">After: </span>
                <span aria-hidden="true">→ </span>
                <span className="after">{line.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {change.qrImages.length > 0 && (
        <div>
          <h3 className="admin-subhead">QR codes customers would scan</h3>
          <div className="change-qr">
            {change.qrImages.map((qr) => (
              <figure key={`${qr.network}:${qr.address}`}>
                <img src={qr.qrCodeUrl} alt={`QR code for the ${qr.network} address ${qr.address}`} />
                <figcaption>
                  {qr.network} {qr.address}
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      )}
      {change.note && <p className="change-meta">Note: {change.note}</p>}
      {!ended && <ChangeActions change={change} mine={change.requestedBy?._id === meId} />}
    </article>
  );
}
