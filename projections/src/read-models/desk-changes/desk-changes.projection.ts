import { sql } from 'kysely';
import { DESK_CHANGE_STREAM_PREFIX, evolveDeskChange } from '@desk/machines/desk-changes/desk-change.events';
import { streamStateProjection } from '../stream-states';

/** Changes to the desk's rules (decision 0030): each request's folded state, with its status lifted out for the lists. */
export const deskChangesProjection = streamStateProjection(
  'desk-changes',
  { table: 'rm_desk_changes', streamPrefix: DESK_CHANGE_STREAM_PREFIX, evolve: evolveDeskChange },
  (rows) => sql`
      insert into rm_desk_changes (id, kind, tenant_id, status, requested_by, requested_at, ended_at, state)
      select * from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.state.request.change.kind)}::text[],
        ${rows.map((r) => r.state.request.tenantId)}::text[], ${rows.map((r) => r.state.status)}::text[],
        ${rows.map((r) => r.state.request.requestedBy)}::text[], ${rows.map((r) => r.state.request.requestedAt)}::timestamptz[],
        ${rows.map((r) => r.state.endedAt)}::timestamptz[], ${rows.map((r) => JSON.stringify(r.state))}::jsonb[])
      on conflict (id) do update set status = excluded.status, ended_at = excluded.ended_at, state = excluded.state`,
);
