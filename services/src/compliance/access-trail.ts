import { randomUUID } from 'node:crypto';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import { COMPLIANCE_ACCESSED, type ComplianceAccessed } from '@desk/machines/compliance/compliance.events';

/**
 * Records what a compliance officer opened before it is shown: a read that could not be recorded
 * is not answered (the error handler answers 503/500 for the store's failure), so the trail never
 * misses a look.
 */
export class AccessTrail {
  constructor(private readonly store: EventStore) {}

  async record(userId: string, access: ComplianceAccessed, metadata: EventMetadata): Promise<void> {
    await this.store.append(streamId('access', userId), [{ eventId: randomUUID(), type: COMPLIANCE_ACCESSED, data: access, metadata }], { expected: 'any' });
  }
}
