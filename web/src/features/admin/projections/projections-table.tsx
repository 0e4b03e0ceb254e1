import { DataTable } from '../../../components/data-table';
import { formatBehind, formatCount, formatLag, rebuildProgress } from './projection-format';
import type { Projection } from './projections-api';
import { RebuildButton } from './rebuild-button';

/**
 * One row per projection: how far it has got, whether an instance runs it, a rebuild's progress;
 * under it, while it has one, the error that stops it (on a line of its own: messages are long).
 */
export function ProjectionsTable({ projections }: { projections: Projection[] }) {
  return (
    <DataTable
      className="admin-table projections-table"
      rows={projections}
      rowKey={(projection) => projection.name}
      rowClassName={(projection) => (projection.lastError ? 'with-error' : undefined)}
      columns={[
        { header: 'Projection', rowHeader: true, cell: (projection) => projection.name },
        { header: 'Events applied', className: 'nowrap', cell: (projection) => formatCount(projection.eventsApplied) },
        { header: 'Events behind', className: 'nowrap', cell: formatBehind },
        { header: 'Lag', className: 'nowrap', cell: (projection) => formatLag(projection.lagMs) },
        { header: 'Instance', className: 'nowrap', cell: (projection) => <Instance projection={projection} /> },
        { header: 'Rebuilding', className: 'nowrap', cell: (projection) => <Progress projection={projection} /> },
        { header: 'Quarantined', className: 'nowrap', cell: (projection) => formatCount(projection.quarantined) },
        { header: 'Actions', hiddenHeader: true, kind: 'actions', cell: (projection) => <RebuildButton projection={projection} /> },
      ]}
      below={(projection, columns) =>
        projection.lastError && (
          <tr className="projection-error" aria-label={`Last error of ${projection.name}`}>
            <td colSpan={columns}>
              <span className="error">Last error: {projection.lastError}</span>
            </td>
          </tr>
        )
      }
    />
  );
}

function Instance({ projection }: { projection: Projection }) {
  if (projection.activePid === null) return <span className="badge admin-inactive">None</span>;
  return (
    <span className="badge admin-default" title={`${projection.activeInstance ?? 'unnamed process'}, PostgreSQL backend pid ${projection.activePid}`}>
      Active
    </span>
  );
}

function Progress({ projection }: { projection: Projection }) {
  const progress = rebuildProgress(projection);
  if (!progress) return <>-</>;
  return (
    <>
      <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label={`Rebuild of ${projection.name}`} />
      {formatCount(progress.done)} / {formatCount(progress.total)} ({progress.percent}%)
    </>
  );
}
