import { sql } from 'kysely';
import type { Projection } from '../runtime/projection';
import { streamSummaryProjection } from '../read-models/stream-summary/stream-summary.projection';

/**
 * The stream summary, failing every batch that holds the event `poisonId`: the batch's rows first,
 * then a write the database refuses, so a half-applied batch would keep the rows. For the runtime's
 * quarantine tests.
 */
export function failingOn(poisonId: string): Projection {
  return {
    ...streamSummaryProjection,
    async writes(read, events) {
      const batch = await streamSummaryProjection.writes(read, events);
      if (!events.some((e) => e.eventId === poisonId)) return batch;
      return { writes: [...batch.writes, { name: 'boom', table: 'rm_stream_summary', sql: sql`insert into rm_stream_summary (stream_id) values (null)` }] };
    },
  };
}
