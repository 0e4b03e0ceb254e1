import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../platform/src/eventstore/event-store';
import type { EventMetadata } from '../../platform/src/eventstore/event-metadata';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actor: { id: 'user-1', role: 'customer' },
    tenantId: 'default',
    ip: '203.0.113.7',
    userAgent: 'vitest',
    correlationId: randomUUID(),
    causationId: null,
    acceptedAt: new Date().toISOString(),
    ...overrides,
  };
}

export function testEvent(type = 'TestEventHappened', data: unknown = { n: 1 }, overrides: Partial<NewEvent> = {}): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: testMetadata(), ...overrides };
}

export function testEvents(count: number, type = 'TestEventHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, n) => testEvent(type, { n }));
}

export function uniqueStream(category = 'test'): string {
  return `${category}-${randomUUID()}`;
}
