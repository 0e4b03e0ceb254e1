import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChangeLines, ChangeQrImages, ChangeStatusBadge } from '../../../components/desk-change/change-lines';
import { Detail } from '../../../components/detail';
import { isNotFound } from '../../../lib/api';
import { NotFoundCard } from '../../../components/not-found-card';
import { formatInstant } from '../ui/as-of';
import { deskChangesApi, deskChangesKeys, type ComplianceDeskChange } from './desk-changes-api';
import { changeTitle, endedHow, noteLabel, personInFull } from './change-wording';
import { ChangesFailure } from './operator-only';
import './desk-changes.css';

/**
 * `/compliance/changes/:id`: one change to the desk's rules, whole: what it changes, why it waited,
 * who asked, who ended it and how. Read only. The breadcrumb leads back to the list (a link on the
 * page's background, as the timeline's "Back to Orders", falls short of AA contrast with a pale brand colour).
 */
export function DeskChangePage() {
  const { id = '' } = useParams();
  const change = useQuery({ queryKey: deskChangesKeys.one(id), queryFn: () => deskChangesApi.get(id) });
  return (
    <section className="stack compliance-screen">
      {change.isPending && <p className="muted">Loading the change...</p>}
      {isNotFound(change.error) ? <NotFoundCard title="Change not found" /> : <ChangesFailure error={change.error} fallback="Failed to load the change" />}
      {change.data && <DeskChangeWhole change={change.data} />}
    </section>
  );
}

function DeskChangeWhole({ change }: { change: ComplianceDeskChange }) {
  const ended = endedHow(change.status);
  return (
    <article className="stack desk-change-whole" aria-labelledby="desk-change-title">
      <div className="compliance-head">
        <div>
          <h1 id="desk-change-title">{changeTitle(change)}</h1>
          <p className="muted">
            Change <code>{change._id}</code>
          </p>
        </div>
        <ChangeStatusBadge status={change.status} />
      </div>
      <div className="card">
        <dl className="details desk-change-details">
          <Detail label="Asked by">{personInFull(change.requestedBy)}</Detail>
          <Detail label="Asked on">
            <time dateTime={change.requestedAt}>{formatInstant(change.requestedAt)}</time>
          </Detail>
          {ended && <Detail label={`${ended} by`}>{personInFull(change.endedBy)}</Detail>}
          {ended && change.endedAt && (
            <Detail label={`${ended} on`}>
              <time dateTime={change.endedAt}>{formatInstant(change.endedAt)}</time>
            </Detail>
          )}
          {change.note && <Detail label={noteLabel(change.status)}>{change.note}</Detail>}
        </dl>
      </div>
      <div className="card">
        <h2>What it changes</h2>
        <ChangeLines lines={change.summary} />
      </div>
      <div className="card">
        <h2>Why it needs a second admin</h2>
        <ul className="desk-change-reasons">
          {change.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      {change.qrImages.length > 0 && (
        <div className="card">
          <h2>QR codes customers would scan</h2>
          <ChangeQrImages images={change.qrImages} />
        </div>
      )}
    </article>
  );
}
