import { DataTable } from '../../../components/data-table';
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
        {quarantined > quarantine.length ? `The latest ${quarantine.length} of ${formatCount(quarantined)}.` : `${formatCount(quarantined)} in all.`} A rebuild
        tries them again.
      </p>
      <DataTable
        className="admin-table projections-table"
        rows={quarantine}
        rowKey={(event) => String(event.position)}
        columns={[
          { header: 'Type', className: 'nowrap', title: (event) => `Event ${event.eventId}`, cell: (event) => event.type },
          { header: 'Stream', className: 'admin-mono', cell: (event) => event.streamId },
          { header: 'Position', className: 'nowrap', title: (event) => `Global position ${event.position}`, cell: (event) => event.streamPosition },
          { header: 'Error', className: 'quarantine-error', cell: (event) => event.error },
          { header: 'Attempts', cell: (event) => event.attempts },
          { header: 'Quarantined', className: 'nowrap', cell: (event) => formatDateTime(event.quarantinedAt) },
        ]}
      />
    </section>
  );
}
