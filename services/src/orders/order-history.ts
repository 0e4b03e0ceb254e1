import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ServicesDatabase } from '../db/services-database';
import { orderStream } from './order-store';
import type { AdminScope } from '../identity/admin-scope';
import { withoutOtherBrandAccounts } from '../identity/other-brand-accounts';
import { eventActors, hiddenFrom, seenBy, staffIdsIn, withholdStaffIds } from '../identity/event-actors';

/** One event of an order's history as an admin reads it (orderHistory). */
export const historyEventJsonSchema = z.object({
  position: z.number().int().describe("The event's place in the order's stream"),
  type: z.string(),
  data: z.unknown().describe("The event's data (the operator's staff unnamed to a brand's admin)"),
  actor: z.object({
    id: z.string().nullable(),
    role: z.enum(['customer', 'admin', 'compliance', 'system']),
    phone: z.string().nullable(),
    username: z.string().nullable(),
  }),
  acceptedAt: z.string().describe('When the command was accepted (ISO 8601)'),
  recordedAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable().describe('The browser, as the client reported it'),
  clientRequestId: z.string().nullable().describe('The request id the client sent, as reported'),
  correlationId: z.string(),
  eventId: z.string(),
});
type HistoryEventJson = z.infer<typeof historyEventJsonSchema>;

/**
 * An order's full history for compliance: every event in order with who acted (and their phone),
 * when the command was accepted and recorded, from which IP and client, and what it changed.
 * Read from the event stream itself, the authoritative record, never from a projection. Null when
 * the order does not exist. A brand admin (`reader`) is not shown the operator's own staff: their
 * phone, name, address and client are left out, their role stays.
 */
export async function orderHistory(
  store: EventStore,
  users: Kysely<ServicesDatabase>,
  orderId: string,
  reader: AdminScope,
): Promise<{ tenantId: string; events: HistoryEventJson[] } | null> {
  const events = await store.readStream(orderStream(orderId));
  const placed = events[0]?.data as { tenantId?: string } | undefined;
  if (!placed?.tenantId) return null;
  const actors = await eventActors(
    users,
    events.flatMap((e) => [e.metadata.actor.id, ...staffIdsIn(e.data)]),
  );
  const hidden = hiddenFrom(reader, actors);
  const history = events.map((event) => {
    const actor = actors.get(event.metadata.actor.id);
    // A brand admin sees who of their brand acted; the operator's staff stay unnamed to them.
    const shown = seenBy(reader, actor);
    return {
      position: Number(event.streamPosition),
      type: event.type,
      data: withoutOtherBrandAccounts(event.type, withholdStaffIds(event.data, hidden), reader),
      actor: shown
        ? { id: event.metadata.actor.id, role: event.metadata.actor.role, phone: actor?.phone ?? null, username: actor?.username ?? null }
        : { id: null, role: event.metadata.actor.role, phone: null, username: 'Operator' },
      acceptedAt: event.metadata.acceptedAt,
      recordedAt: event.recordedAt.toISOString(),
      ip: shown ? event.metadata.ip : null,
      // What the client said of itself: its browser and its own request id, shown as reported.
      userAgent: shown ? event.metadata.userAgent : null,
      clientRequestId: shown ? (event.metadata.clientRequestId ?? null) : null,
      correlationId: event.metadata.correlationId,
      eventId: event.eventId,
    };
  });
  /** The order's brand, from its first event, so the caller can check the reader's scope. */
  return { tenantId: placed.tenantId, events: history };
}
