import { Link } from 'react-router';
import { ChangeLines, ChangeStatusBadge } from '../../../components/desk-change/change-lines';
import { personName } from '../../../components/desk-change/desk-change-words';
import { formatInstant } from '../ui/as-of';
import type { ComplianceDeskChange } from './desk-changes-api';
import { changeTitle, endedHow } from './change-wording';

/** A list shows this many of a change's lines; its own page shows them all. */
const LINES_SHOWN = 3;

/** One change in the list: what it changes in words, its status, who asked and who ended it, when; its title opens it whole. */
export function DeskChangeItem({ change }: { change: ComplianceDeskChange }) {
  const titleId = `desk-change-${change._id}`;
  const hidden = change.summary.length - LINES_SHOWN;
  const ended = endedHow(change.status);
  return (
    <article className="card desk-change-item" aria-labelledby={titleId}>
      <div className="desk-change-head">
        <h3 id={titleId}>
          <Link to={`/compliance/changes/${change._id}`}>{changeTitle(change)}</Link>
        </h3>
        <ChangeStatusBadge status={change.status} />
      </div>
      <ChangeLines lines={change.summary.slice(0, LINES_SHOWN)} />
      {hidden > 0 && (
        <p className="muted">
          and {hidden} more line{hidden === 1 ? '' : 's'} on the change&apos;s own page
        </p>
      )}
      <p className="desk-change-meta">
        Asked by {personName(change.requestedBy)} on <time dateTime={change.requestedAt}>{formatInstant(change.requestedAt)}</time>
        {ended && change.endedAt && (
          <>
            ; {ended.toLowerCase()} by {personName(change.endedBy)} on <time dateTime={change.endedAt}>{formatInstant(change.endedAt)}</time>
          </>
        )}
      </p>
    </article>
  );
}
