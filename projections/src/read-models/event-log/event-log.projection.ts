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
    // As one JSON parameter, like the orders' rows (orders.projection.ts says why).
    const records = events.map((e) => {
      const meta = e.metadata as Partial<EventMetadata>;
      return {
        event_id: e.eventId,
        stream_id: e.streamId,
        stream_position: e.streamPosition.toString(),
        type: e.type,
        tenant_id: meta.tenantId ?? '',
        actor_id: meta.actor?.id ?? '',
        actor_role: meta.actor?.role ?? '',
        ip: meta.ip ?? null,
        recorded_at: e.recordedAt,
        data: e.data ?? null,
        metadata: e.metadata,
      };
    });
    // A JSON null reads back as SQL null: stored, as before, as the JSON null itself.
    const insert = sql`
      insert into rm_event_log (event_id, stream_id, stream_position, type, tenant_id, actor_id, actor_role, ip, recorded_at, data, metadata)
      select r.event_id, r.stream_id, r.stream_position, r.type, r.tenant_id, r.actor_id, r.actor_role, r.ip, r.recorded_at,
        coalesce(r.data, 'null'::jsonb), r.metadata
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(event_id uuid, stream_id text, stream_position bigint, type text,
        tenant_id text, actor_id text, actor_role text, ip text, recorded_at timestamptz, data jsonb, metadata jsonb)
      on conflict (event_id) do nothing`;
    return { writes: [{ name: 'event_log', table: 'rm_event_log', sql: insert }] };
  },
};
