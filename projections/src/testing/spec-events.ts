import { randomUUID } from 'node:crypto';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';

/**
 * An event as a read-model spec states it: its stream, type and data in the catalogue's shapes
 * (docs/event-catalogue.md), and optionally its brand (`tenantId`, the metadata's), when it was
 * recorded (`at`) and its id. The harness gives it the positions the log would.
 */
export interface SpecEvent {
  streamId: string;
  type: string;
  data: unknown;
  tenantId?: string;
  at?: string;
  eventId?: string;
  metadata?: Partial<EventMetadata>;
}

/** A machine's event (`{ type, data }`, as its fixtures build them) on a stream. */
export const onStream = (streamId: string, event: { type: string; data: unknown }, extra: Partial<SpecEvent> = {}): SpecEvent => ({
  streamId,
  type: event.type,
  data: event.data,
  ...extra,
});

/** Where the specs' clock starts: each event without an `at` is recorded a second after the one before. */
const CLOCK_START = Date.parse('2026-11-27T10:00:00.000Z');

/**
 * The events as the log would hand them to a projection: each stream's positions from 0, global
 * positions in order, a recorded time (its `at`, else one second after the last), the metadata a
 * request would carry. Fixed ids and times, so every build of them is the same events.
 */
export function recordEvents(events: readonly SpecEvent[]): RecordedEvent[] {
  const next = new Map<string, bigint>();
  return events.map((event, n) => {
    const streamPosition = next.get(event.streamId) ?? 0n;
    next.set(event.streamId, streamPosition + 1n);
    const recordedAt = new Date(event.at ?? CLOCK_START + (n + 1) * 1_000);
    return {
      eventId: event.eventId ?? randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        actor: { id: 'spec-admin', role: 'admin' },
        tenantId: event.tenantId ?? 'default',
        ip: '203.0.113.7',
        userAgent: 'read-model spec',
        correlationId: randomUUID(),
        causationId: null,
        acceptedAt: recordedAt.toISOString(),
        ...event.metadata,
      },
      streamId: event.streamId,
      streamPosition,
      globalPosition: `1/${n + 1}` as GlobalPosition,
      recordedAt,
      hash: '',
    };
  });
}
