import type { EventPage } from '../compliance-api';
import { Failure } from '../ui/failure';
import { EventFilters, type EventFilterKey } from './event-filters';
import { EventTable } from './event-table';
import { useEventLog } from './use-event-log';
import { useBrands } from '../ui/use-brands';

interface EventLogViewProps {
  name: 'events' | 'access';
  keys: readonly EventFilterKey[];
  load: (query: Record<string, string>) => Promise<EventPage>;
  label: string;
  showBrand: boolean;
}

/** Filters, the events newest first, and "Load older" while the log goes further back. */
export function EventLogView({ name, keys, load, label, showBrand }: EventLogViewProps) {
  const { filters, apply, log, events } = useEventLog(name, keys, load);
  const brands = useBrands(showBrand);
  return (
    <>
      <EventFilters key={JSON.stringify(filters)} keys={keys} values={filters} label={`${label} filters`} brands={brands.list} onApply={apply} />
      {log.isPending && <p className="muted">Loading events...</p>}
      <Failure error={log.error} fallback="Failed to load events" />
      {log.data && (
        <div className="card stack">
          <EventTable events={events} label={label} brandName={showBrand ? brands.nameOf : null} />
          <div className="row space-between">
            <span className="muted">
              {events.length} event{events.length === 1 ? '' : 's'} shown, newest first
            </span>
            {log.hasNextPage ? (
              <button type="button" className="btn secondary" disabled={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
                {log.isFetchingNextPage ? 'Loading...' : 'Load older'}
              </button>
            ) : (
              events.length > 0 && <span className="muted">The beginning of the log</span>
            )}
          </div>
        </div>
      )}
    </>
  );
}
