import { complianceApi } from '../compliance-api';
import { PageTitle } from '../ui/page-title';
import { EventLogView } from './event-log-view';

/** `/compliance/access`: what compliance staff opened (ComplianceAccessed), by whom and when. */
export function AccessTrailPage() {
  return (
    <section className="stack compliance-screen">
      <PageTitle title="Access Trail" note="Everything compliance staff opened: what, the query, who, when and from where." />
      <EventLogView name="access" keys={['actorId', 'from', 'to']} load={complianceApi.access} label="Access events" showBrand={false} />
    </section>
  );
}
