import { sql } from 'kysely';
import { evolveTenant } from '@desk/machines/tenants/tenant.events';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import { NO_WRITES, type Projection } from '../../runtime/projection';
import { foldStreamStates } from '../stream-states';

const TENANT_STREAM = 'tenant-';
const isTenantEvent = (event: RecordedEvent) => event.streamId.startsWith(TENANT_STREAM);

/** Tenants for the admin list and for resolving a request's host: each stream's folded state. */
export const tenantsProjection: Projection = {
  name: 'tenants',
  tables: ['rm_tenants'],
  handles: isTenantEvent,
  async writes(read, events) {
    const rows = await foldStreamStates(read, { table: 'rm_tenants', streamPrefix: TENANT_STREAM, evolve: evolveTenant }, events);
    if (rows.length === 0) return NO_WRITES;
    const upsert = sql`
      insert into rm_tenants (id, domain, deleted, state, created_at)
      select * from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.state.domain)}::text[], ${rows.map((r) => r.state.deleted)}::boolean[],
        ${rows.map((r) => JSON.stringify(r.state))}::jsonb[], ${rows.map((r) => r.state.createdAt)}::timestamptz[])
      on conflict (id) do update set domain = excluded.domain, deleted = excluded.deleted, state = excluded.state`;
    return { writes: [{ name: 'tenants', table: 'rm_tenants', sql: upsert }] };
  },
};
