import type { Kysely } from 'kysely';
import type { EventStore } from '../eventstore/event-store';
import type { ServicesDatabase } from '../db/services-database';
import { orderStream } from './order-store';

/**
 * An order's full history for compliance: every event in order with who acted (and their phone),
 * when the command was accepted and recorded, from which IP and client, and what it changed.
 * Read from the event stream itself, the authoritative record, never from a projection. Null when
 * the order does not exist.
 */
export async function orderHistory(store: EventStore, users: Kysely<ServicesDatabase>, orderId: string) {
  const events = await store.readStream(orderStream(orderId));
  const placed = events[0]?.data as { tenantId?: string } | undefined;
  if (!placed?.tenantId) return null;
  const actorIds = [...new Set(events.map((e) => e.metadata.actor.id))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const phones = new Map(
    actorIds.length === 0
      ? []
      : (await users.selectFrom('users').select(['id', 'phone', 'username']).where('id', 'in', actorIds).execute()).map((u) => [u.id, u]),
  );
  const history = events.map((event) => ({
    position: Number(event.streamPosition),
    type: event.type,
    data: event.data,
    actor: {
      id: event.metadata.actor.id,
      role: event.metadata.actor.role,
      phone: phones.get(event.metadata.actor.id)?.phone ?? null,
      username: phones.get(event.metadata.actor.id)?.username ?? null,
    },
    acceptedAt: event.metadata.acceptedAt,
    recordedAt: event.recordedAt.toISOString(),
    ip: event.metadata.ip,
    userAgent: event.metadata.userAgent,
    correlationId: event.metadata.correlationId,
    eventId: event.eventId,
  }));
  /** The order's brand, from its first event, so the caller can check the reader's scope. */
  return { tenantId: placed.tenantId, events: history };
}
