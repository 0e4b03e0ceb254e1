import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import type { LoggedEvent } from '../compliance-api';
import { eventName } from '../../../lib/event-names';
import { actorText } from '../ui/actor';
import { formatInstant } from '../ui/as-of';
import { JsonView } from '../ui/json-view';
import { accessedView } from './access-views';
import './event-table.css';

interface EventTableProps {
  events: readonly LoggedEvent[];
  label: string;
  /** A brand's name by its id, when the table shows each event's brand (officers who read every brand). */
  brandName: ((tenantId: string | null) => string) | null;
}

/** Events newest first, one row each; a row opens below itself to show the event's data and metadata. */
export function EventTable({ events, label, brandName }: EventTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns: (Column<LoggedEvent> | false)[] = [
    {
      header: 'Details',
      hiddenHeader: true,
      cell: (e) => (
        <button
          type="button"
          className="btn link expand"
          aria-expanded={open.has(e.eventId)}
          aria-controls={`event-${e.eventId}`}
          onClick={() => toggle(e.eventId)}
        >
          <span aria-hidden="true">{open.has(e.eventId) ? '▾' : '▸'}</span>
          <span className="visually-hidden">
            {open.has(e.eventId) ? 'Hide' : 'Show'} the record of {eventName(e.type)} at position {String(e.position)}
          </span>
        </button>
      ),
    },
    { header: 'Recorded', cell: (e) => <time dateTime={e.recordedAt}>{formatInstant(e.recordedAt)}</time>, className: 'wrap' },
    {
      header: 'Event',
      cell: (e) => (
        <>
          <strong>{eventName(e.type)}</strong>
          {accessedView(e.type, e.data) && <span>: {accessedView(e.type, e.data)}</span>}
        </>
      ),
      title: (e) => e.type,
    },
    { header: 'Stream', cell: (e) => <code>{shortStream(e.streamId)}</code>, className: 'stream-cell', title: (e) => `${e.streamId} #${e.streamPosition}` },
    { header: 'Actor', cell: (e) => actorText(e.actor), title: (e) => e.actor.id ?? '', className: 'wrap' },
    { header: 'IP', cell: (e) => e.ip ?? '-' },
    brandName !== null && { header: 'Brand', cell: (e) => brandName(e.tenantId) },
  ];
  return (
    <DataTable
      rows={events}
      columns={columns}
      rowKey={(e) => e.eventId}
      label={label}
      className="compliance-table event-table"
      empty={<p className="empty muted">No events match these filters.</p>}
      below={(e, span) =>
        open.has(e.eventId) && (
          <tr id={`event-${e.eventId}`} className="event-expanded">
            <td colSpan={span}>
              <div className="event-panels">
                <div>
                  <h3>Data</h3>
                  <JsonView value={e.data} label={`Data of ${e.type}`} />
                </div>
                <div>
                  <h3>Metadata</h3>
                  <JsonView value={metadataOf(e)} label={`Metadata of ${e.type}`} />
                </div>
              </div>
            </td>
          </tr>
        )
      }
    />
  );
}

/** "order-<uuid>" is long and alike at a glance: its kind and the id's ends (the whole id is in the cell's title and the metadata). */
export const shortStream = (id: string) => (id.length <= 24 ? id : `${id.slice(0, id.indexOf('-') + 9)}…${id.slice(-6)}`);

const metadataOf = (e: LoggedEvent) => ({
  position: e.position,
  streamId: e.streamId,
  streamPosition: e.streamPosition,
  eventId: e.eventId,
  tenantId: e.tenantId,
  actor: e.actor,
  ip: e.ip,
  reportedUserAgent: e.userAgent,
  reportedRequestId: e.clientRequestId ?? null,
  correlationId: e.correlationId,
  acceptedAt: e.acceptedAt,
  recordedAt: e.recordedAt,
});
