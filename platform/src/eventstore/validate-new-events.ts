import { z } from 'zod';
import type { NewEvent } from './event-store';
import { eventMetadataSchema } from './event-metadata';
import { InvalidEventError } from './event-store.errors';

const newEventSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1).max(200),
  data: z.unknown(),
  metadata: eventMetadataSchema,
});
const batchSchema = z.array(newEventSchema).min(1);

/**
 * Shared by every adapter so that a malformed event (no actor, no tenant, a non-uuid id) is refused
 * the same way everywhere, before anything is written.
 */
export function validateNewEvents(streamId: string, events: readonly NewEvent[]): void {
  if (streamId.length === 0 || streamId.startsWith('$')) {
    throw new InvalidEventError(`Invalid stream id "${streamId}"`, { streamId });
  }
  const parsed = batchSchema.safeParse(events);
  if (!parsed.success) {
    throw new InvalidEventError('Events refused by the store', z.treeifyError(parsed.error));
  }
  const ids = new Set(events.map((e) => e.eventId.toLowerCase()));
  if (ids.size !== events.length) {
    throw new InvalidEventError('The same event id appears twice in one append', { streamId });
  }
}
