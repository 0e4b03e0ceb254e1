import { Fragment } from 'react';
import { formatCount, formatLag, rebuildProgress } from './projection-format';
import type { Projection } from './projections-api';
import { RebuildButton } from './rebuild-button';

const COLUMNS = 8;

/**
 * One row per projection: how far it has got, whether an instance runs it, a rebuild's progress;
 * under it, while it has one, the error that stops it (on a line of its own: messages are long).
 */
export function ProjectionsTable({ projections }: { projections: Projection[] }) {
  return (
    <div className="table-wrap">
      <table className="admin-table projections-table">
        <thead>
          <tr>
            <th scope="col">Projection</th>
            <th scope="col">Events applied</th>
            <th scope="col">Events behind</th>
            <th scope="col">Lag</th>
            <th scope="col">Instance</th>
            <th scope="col">Rebuilding</th>
            <th scope="col">Quarantined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projections.map((projection) => (
            <Fragment key={projection.name}>
              <tr className={projection.lastError ? 'with-error' : undefined}>
                <th scope="row">{projection.name}</th>
                <td className="nowrap">{formatCount(projection.eventsApplied)}</td>
                <td className="nowrap">{formatCount(projection.eventsBehind)}</td>
                <td className="nowrap">{formatLag(projection.lagMs)}</td>
                <td className="nowrap">
                  {projection.activePid === null ? (
                    <span className="badge admin-inactive">None</span>
                  ) : (
                    <span className="badge admin-default" title={`PostgreSQL backend pid ${projection.activePid}`}>
                      Active
                    </span>
                  )}
                </td>
                <td className="nowrap">
                  <Progress projection={projection} />
                </td>
                <td className="nowrap">{formatCount(projection.quarantined)}</td>
                <td>
                  <RebuildButton projection={projection} />
                </td>
              </tr>
              {projection.lastError && (
                <tr className="projection-error" aria-label={`Last error of ${projection.name}`}>
                  <td colSpan={COLUMNS}>
                    <span className="error">Last error: {projection.lastError}</span>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
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
