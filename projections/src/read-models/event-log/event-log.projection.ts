import { sql } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { NO_WRITES, type Projection } from '../../runtime/projection';

/**
 * Every event of every stream, with who, from where and which brand lifted into columns so
 * compliance can search the whole log. One multi-row insert per batch; an event already here (a
 * batch applied again after a crash between commit and checkpoint cannot happen, but a rebuild
 * racing a live projector can) is skipped by its id.
 */
export const eventLogProjection: Projection = {
  name: 'event-log',
  tables: ['rm_event_log'],
  async writes(_read, events) {
    if (events.length === 0) return NO_WRITES;
    const meta = events.map((e) => e.metadata as Partial<EventMetadata>);
    const insert = sql`
      insert into rm_event_log (event_id, stream_id, stream_position, type, tenant_id, actor_id, actor_role, ip, recorded_at, data, metadata)
      select * from unnest(
        ${events.map((e) => e.eventId)}::uuid[], ${events.map((e) => e.streamId)}::text[],
        ${events.map((e) => e.streamPosition.toString())}::bigint[], ${events.map((e) => e.type)}::text[],
        ${meta.map((m) => m.tenantId ?? '')}::text[], ${meta.map((m) => m.actor?.id ?? '')}::text[],
        ${meta.map((m) => m.actor?.role ?? '')}::text[], ${meta.map((m) => m.ip ?? null)}::text[],
        ${events.map((e) => e.recordedAt)}::timestamptz[], ${events.map((e) => JSON.stringify(e.data ?? null))}::jsonb[],
        ${events.map((e) => JSON.stringify(e.metadata))}::jsonb[])
      on conflict (event_id) do nothing`;
    return { writes: [{ name: 'event_log', table: 'rm_event_log', sql: insert }] };
  },
};
