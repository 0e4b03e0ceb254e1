import { useQuery } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { useMe } from '../../../lib/session';
import { PageHead } from '../ui/page-head';
import { changesApi, changesKeys } from './changes-api';
import { ChangeCard } from './change-card';
import '../admin-forms.css';
import './changes.css';

/** Another admin may ask while this page is open: it looks again this often. */
export const CHANGES_REFRESH_MS = 15_000;

/**
 * Pending changes: the changes to the desk's rules that wait for a second admin (oldest first),
 * then the recent ones and how they ended (docs/desk-changes.md).
 */
export function PendingChangesPage() {
  const changes = useQuery({ queryKey: changesKeys.all, queryFn: changesApi.list, refetchInterval: CHANGES_REFRESH_MS });
  const meId = useMe().data?._id;
  const pending = changes.data?.changes.filter((c) => c.status === 'pending') ?? [];
  const ended = changes.data?.changes.filter((c) => c.status !== 'pending') ?? [];
  return (
    <div className="admin-page">
      <PageHead
        title="Pending changes"
        note="Loosening a control, moving a rate past the band, staff roles and where customers pay take effect when a second admin confirms them."
      />
      <Loaded query={changes} loading="Loading changes..." failed="Failed to load the changes" failedCard>
        {() => (
          <>
            <section className="stack" aria-labelledby="waiting-title">
              <h2 id="waiting-title">Waiting ({pending.length})</h2>
              {pending.length === 0 ? (
                <p className="card admin-empty">Nothing is waiting for a second admin.</p>
              ) : (
                pending.map((change) => <ChangeCard key={change._id} change={change} meId={meId} />)
              )}
            </section>
            {ended.length > 0 && (
              <section className="stack" aria-labelledby="recent-title">
                <h2 id="recent-title">Recent</h2>
                {ended.map((change) => (
                  <ChangeCard key={change._id} change={change} meId={meId} />
                ))}
              </section>
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}
