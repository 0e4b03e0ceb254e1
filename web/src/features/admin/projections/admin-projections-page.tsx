import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHead } from '../ui/page-head';
import { projectionsApi, projectionsKey } from './projections-api';
import { ProjectionsTable } from './projections-table';
import { QuarantineTable } from './quarantine-table';
import '../admin-forms.css';
import './projections.css';

/** A rebuild or a catch-up moves by thousands of events a second: a quick refresh shows it move. */
export const PROJECTIONS_REFRESH_MS = 5_000;

/**
 * The read models' health for operator admins: how far each projection has got, whether an
 * instance runs it, rebuilds, and the events it quarantined.
 */
export function AdminProjectionsPage() {
  const projections = useQuery({ queryKey: projectionsKey, queryFn: projectionsApi.list, refetchInterval: PROJECTIONS_REFRESH_MS });
  const list = projections.data ?? [];
  const quarantining = list.filter((p) => p.quarantined > 0);
  return (
    <div className="admin-page">
      <PageHead title="Projections" note="The read models the lists and the dashboard are made from. Refreshed every 5 seconds." />

      <section className="card" aria-label="Projections">
        {projections.isPending ? (
          <p className="muted">Loading projections...</p>
        ) : projections.isError && !projections.data ? (
          <p role="alert" className="error">
            Failed to load projections
          </p>
        ) : (
          <>
            {/* The last answer stays on screen while a refresh fails. */}
            <ErrorAlert>{projections.isError && 'Refresh failed; showing the last answer'}</ErrorAlert>
            <ProjectionsTable projections={list} />
          </>
        )}
      </section>

      {projections.data &&
        (quarantining.length === 0 ? (
          <section className="card" aria-label="Quarantined events">
            <h2>Quarantined events</h2>
            <p className="muted">None: every event was applied.</p>
          </section>
        ) : (
          quarantining.map((projection) => <QuarantineTable key={projection.name} projection={projection} />)
        ))}
    </div>
  );
}
