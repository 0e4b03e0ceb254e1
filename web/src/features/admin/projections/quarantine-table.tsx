import { formatDateTime } from '../../../lib/format-date-time';
import { formatCount } from './projection-format';
import type { Projection } from './projections-api';

/**
 * The events a projection stepped past because applying them kept failing, newest first (the
 * server sends the latest 20). Each stays out of the read model until a rebuild tries it again.
 */
export function QuarantineTable({ projection }: { projection: Projection }) {
  const { name, quarantined, quarantine } = projection;
  return (
    <section className="card" aria-label={`Quarantined events of ${name}`}>
      <h2>Quarantined events: {name}</h2>
      <p className="muted">
        {quarantined > quarantine.length ? `The latest ${quarantine.length} of ${formatCount(quarantined)}.` : `${formatCount(quarantined)} in all.`} A rebuild tries them again.
      </p>
      <div className="table-wrap">
        <table className="admin-table projections-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Stream</th>
              <th scope="col">Position</th>
              <th scope="col">Error</th>
              <th scope="col">Attempts</th>
              <th scope="col">Quarantined</th>
            </tr>
          </thead>
          <tbody>
            {quarantine.map((event) => (
              <tr key={event.position}>
                <td className="nowrap" title={`Event ${event.eventId}`}>
                  {event.type}
                </td>
                <td className="admin-mono">{event.streamId}</td>
                <td className="nowrap" title={`Global position ${event.position}`}>
                  {event.streamPosition}
                </td>
                <td className="quarantine-error">{event.error}</td>
                <td>{event.attempts}</td>
                <td className="nowrap">{formatDateTime(event.quarantinedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
