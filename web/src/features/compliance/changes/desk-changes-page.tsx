import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '../ui/page-title';
import { deskChangesApi, deskChangesKeys, type ComplianceDeskChange } from './desk-changes-api';
import { DeskChangeItem } from './desk-change-item';
import { ChangesFailure } from './operator-only';
import './desk-changes.css';

/**
 * `/compliance/changes`: the changes to the desk's own rules that wait for a second admin (oldest
 * first), then the recent ones and how they ended (decision 0030). Read only. It does not poll as
 * the admin's screen does: every read lands on the officer's access trail, so it reads when opened
 * (and when the window regains focus, as every compliance page does).
 */
export function DeskChangesPage() {
  const changes = useQuery({ queryKey: deskChangesKeys.all, queryFn: deskChangesApi.list });
  const pending = changes.data?.filter((c) => c.status === 'pending') ?? [];
  const ended = changes.data?.filter((c) => c.status !== 'pending') ?? [];
  return (
    <section className="stack compliance-screen">
      <PageTitle
        title="Desk changes"
        note="Changes to the desk's own rules (controls, rates past the re-quote band, staff roles, where customers pay) take effect only when a second admin confirms them: those waiting, then the recent ones and how they ended."
      />
      {changes.isPending && <p className="muted">Loading desk changes...</p>}
      <ChangesFailure error={changes.error} fallback="Failed to load the desk changes" />
      {changes.data && (
        <>
          <ChangeSection
            id="changes-waiting"
            title={`Waiting for a second admin (${pending.length})`}
            changes={pending}
            empty="Nothing is waiting for a second admin."
          />
          <ChangeSection id="changes-recent" title="Recent" changes={ended} empty="No change has ended yet (confirmed, declined, withdrawn or out of date)." />
        </>
      )}
    </section>
  );
}

function ChangeSection({ id, title, changes, empty }: { id: string; title: string; changes: ComplianceDeskChange[]; empty: string }) {
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {changes.length === 0 ? <p className="card muted">{empty}</p> : changes.map((change) => <DeskChangeItem key={change._id} change={change} />)}
    </section>
  );
}
