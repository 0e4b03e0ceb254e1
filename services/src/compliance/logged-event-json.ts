import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import type { LoggedEvent } from '@desk/projections/read-models/event-log/event-log.queries';
import type { ServicesDatabase } from '../db/services-database';
import type { AdminScope } from '../identity/admin-scope';
import { withoutOtherBrandAccounts } from '../identity/other-brand-accounts';
import { eventActors, hiddenFrom, seenBy, staffIdsIn, withholdStaffIds } from '../identity/event-actors';

const ROLES = ['customer', 'admin', 'compliance', 'system'] as const;

/** Who acted, as compliance reads it: the operator's staff stay unnamed to a brand's officer (id null, username `Operator`). */
export const eventActorJsonSchema = z.object({
  id: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
});

/** One event of the log as compliance reads it (loggedEventJson). */
export const loggedEventJsonSchema = z.object({
  position: z.string().describe("The event's place in the whole log (a cursor for `before`)"),
  streamId: z.string(),
  streamPosition: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  recordedAt: z.iso.datetime(),
  acceptedAt: z.string().nullable().describe('When the command was accepted (ISO 8601)'),
  tenantId: z.string(),
  actor: eventActorJsonSchema,
  ip: z.string().nullable().describe('The address it came from; null when unnamed to the reader'),
  userAgent: z.string().nullable().describe('The browser, as the client reported it'),
  clientRequestId: z.string().nullable().describe('The request id the client sent, as reported'),
  correlationId: z.string().nullable(),
  data: z.unknown().describe("The event's data (staff the reader may not see left unnamed)"),
});
export type LoggedEventJson = z.infer<typeof loggedEventJsonSchema>;

/**
 * Events of the log as compliance reads them: who (with phone and name), from where, when. As on
 * an order's history, a brand's officer sees the people of their brand; the operator's staff who
 * acted there keep their role but not their name, phone or address. `onlySeen` leaves their events
 * out: a search by address would otherwise say where they acted from, even unnamed.
 */
export async function loggedEventJson(
  users: Kysely<ServicesDatabase>,
  events: LoggedEvent[],
  reader: AdminScope,
  { onlySeen = false } = {},
): Promise<LoggedEventJson[]> {
  const metadataOf = (e: LoggedEvent) => e.metadata as Partial<EventMetadata>;
  const actors = await eventActors(
    users,
    events.flatMap((e) => [metadataOf(e).actor?.id ?? '', ...staffIdsIn(e.data)]),
  );
  const hidden = hiddenFrom(reader, actors);
  return events.flatMap((event): LoggedEventJson[] => {
    const metadata = metadataOf(event);
    const person = actors.get(metadata.actor?.id ?? '');
    const shown = seenBy(reader, person);
    if (onlySeen && !shown) return [];
    const json: LoggedEventJson = {
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
    return [json];
  });
}
