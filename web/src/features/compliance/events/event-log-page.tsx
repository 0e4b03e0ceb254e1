import { complianceApi } from '../compliance-api';
import { PageTitle } from '../ui/page-title';
import { useReadsEveryBrand } from '../ui/use-scope';
import { EventLogView } from './event-log-view';
import type { EventFilterKey } from './event-filters';

const KEYS: EventFilterKey[] = ['actorId', 'ip', 'type', 'stream', 'from', 'to'];

/** `/compliance/events`: the whole event log in scope, searched by who, from where, what, which stream and when. */
export function EventLogPage() {
  const byBrand = useReadsEveryBrand();
  return (
    <section className="stack compliance-screen">
      <PageTitle title="Event Log" note="Every event recorded, newest first. Open a row for its data and metadata." />
      <EventLogView name="events" keys={byBrand ? [...KEYS, 'tenantId'] : KEYS} load={complianceApi.events} label="Events" showBrand={byBrand} />
    </section>
  );
}
