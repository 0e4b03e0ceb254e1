import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { LoggedEvent } from '@desk/projections/read-models/event-log/event-log.queries';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { withoutOtherBrandAccounts } from '../identity/other-brand-accounts';
import { eventActors, hiddenFrom, seenBy, staffIdsIn, withholdStaffIds } from '../identity/event-actors';

/**
 * Events of the log as compliance reads them: who (with phone and name), from where, when. As on
 * an order's history, a brand's officer sees the people of their brand; the operator's staff who
 * acted there keep their role but not their name, phone or address. `onlySeen` leaves their events
 * out: a search by address would otherwise say where they acted from, even unnamed.
 */
export async function loggedEventJson(users: Kysely<ServicesDatabase>, events: LoggedEvent[], reader: AdminScope, { onlySeen = false } = {}) {
  const metadataOf = (e: LoggedEvent) => e.metadata as Partial<EventMetadata>;
  const actors = await eventActors(
    users,
    events.flatMap((e) => [metadataOf(e).actor?.id ?? '', ...staffIdsIn(e.data)]),
  );
  const hidden = hiddenFrom(reader, actors);
  return events.flatMap((event) => {
    const metadata = metadataOf(event);
    const person = actors.get(metadata.actor?.id ?? '');
    const shown = seenBy(reader, person);
    if (onlySeen && !shown) return [];
    return {
      position: event.seq,
      streamId: event.streamId,
      streamPosition: event.streamPosition,
      eventId: event.eventId,
      type: event.type,
      recordedAt: event.recordedAt.toISOString(),
      acceptedAt: metadata.acceptedAt ?? null,
      tenantId: event.tenantId,
      actor: shown
        ? { id: metadata.actor?.id ?? null, role: metadata.actor?.role ?? null, phone: person?.phone ?? null, username: person?.username ?? null }
        : { id: null, role: metadata.actor?.role ?? null, phone: null, username: 'Operator' },
      ip: shown ? (metadata.ip ?? null) : null,
      // What the client said of itself: its browser and its own request id, shown as reported.
      userAgent: shown ? (metadata.userAgent ?? null) : null,
      clientRequestId: shown ? (metadata.clientRequestId ?? null) : null,
      correlationId: metadata.correlationId ?? null,
      data: withoutOtherBrandAccounts(event.type, withholdStaffIds(event.data, hidden), reader),
    };
  });
}
