import { sql } from 'kysely';
import { streamCategory } from '@desk/platform/eventstore/stream-id';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import { NO_WRITES, type Projection } from '../../runtime/projection';

interface StreamDelta {
  count: number;
  lastType: string;
  lastPosition: bigint;
  firstAt: Date;
  lastAt: Date;
}

/** Folds one batch into a delta per stream, so the batch costs one upsert statement. */
function summarise(events: readonly RecordedEvent[]): Map<string, StreamDelta> {
  const deltas = new Map<string, StreamDelta>();
  for (const event of events) {
    const delta = deltas.get(event.streamId);
    if (!delta) {
      deltas.set(event.streamId, {
        count: 1,
        lastType: event.type,
        lastPosition: event.streamPosition,
        firstAt: event.recordedAt,
        lastAt: event.recordedAt,
      });
    } else {
      delta.count += 1;
      delta.lastType = event.type;
      delta.lastPosition = event.streamPosition;
      delta.lastAt = event.recordedAt;
    }
  }
  return deltas;
}

/**
 * One row per stream: how many events, the latest one, when it started and last moved. The
 * operators' view of the store (which streams are busy, which categories exist) and the read model
 * the runtime's crash test and benchmark measure.
 */
export const streamSummaryProjection: Projection = {
  name: 'stream-summary',
  tables: ['rm_stream_summary'],
  async writes(_read, events) {
    const deltas = [...summarise(events)];
    if (deltas.length === 0) return NO_WRITES;
    const ids = deltas.map(([id]) => id);
    const upsert = sql`
      insert into rm_stream_summary as s
        (stream_id, category, event_count, last_event_type, last_stream_position, first_recorded_at, last_recorded_at)
      select * from unnest(
        ${ids}::text[],
        ${ids.map(streamCategory)}::text[],
        ${deltas.map(([, d]) => d.count)}::bigint[],
        ${deltas.map(([, d]) => d.lastType)}::text[],
        ${deltas.map(([, d]) => d.lastPosition.toString())}::bigint[],
        ${deltas.map(([, d]) => d.firstAt)}::timestamptz[],
        ${deltas.map(([, d]) => d.lastAt)}::timestamptz[]
      )
      on conflict (stream_id) do update set
        event_count = s.event_count + excluded.event_count,
        last_event_type = excluded.last_event_type,
        last_stream_position = excluded.last_stream_position,
        last_recorded_at = excluded.last_recorded_at`;
    return { writes: [{ name: 'stream_summary', table: 'rm_stream_summary', sql: upsert }] };
  },
};
