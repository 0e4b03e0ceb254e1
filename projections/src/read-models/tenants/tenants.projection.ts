import { sql } from 'kysely';
import { evolveTenant, type TenantEvent, type TenantState } from '@desk/machines/tenants/tenant.events';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import { NO_WRITES, type Projection } from '../../runtime/projection';

const TENANT_STREAM = 'tenant-';
const isTenantEvent = (event: RecordedEvent) => event.streamId.startsWith(TENANT_STREAM);

/** Tenants for the admin list and for resolving a request's host: each stream's folded state. */
export const tenantsProjection: Projection = {
  name: 'tenants',
  tables: ['rm_tenants'],
  handles: isTenantEvent,
  async writes(read, events) {
    const mine = events.filter(isTenantEvent);
    if (mine.length === 0) return NO_WRITES;
    const ids = [...new Set(mine.map((e) => e.streamId.slice(TENANT_STREAM.length)))];
    const stored = await read.selectFrom('rm_tenants').select(['id', 'state']).where('id', 'in', ids).execute();
    const states = new Map<string, TenantState | null>(stored.map((r) => [r.id, r.state as TenantState]));
    for (const event of mine) {
      const id = event.streamId.slice(TENANT_STREAM.length);
      states.set(id, evolveTenant(states.get(id) ?? null, { type: event.type, data: event.data } as TenantEvent));
    }
    const rows = [...states].flatMap(([id, state]) => (state ? [{ id, state }] : []));
    if (rows.length === 0) return NO_WRITES;
    const upsert = sql`
      insert into rm_tenants (id, domain, deleted, state, created_at)
      select * from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.state.domain)}::text[], ${rows.map((r) => r.state.deleted)}::boolean[],
        ${rows.map((r) => JSON.stringify(r.state))}::jsonb[], ${rows.map((r) => r.state.createdAt)}::timestamptz[])
      on conflict (id) do update set domain = excluded.domain, deleted = excluded.deleted, state = excluded.state`;
    return { writes: [{ name: 'tenants', table: 'rm_tenants', sql: upsert }] };
  },
};
