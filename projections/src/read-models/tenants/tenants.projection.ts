import { sql } from 'kysely';
import { evolveTenant } from '@desk/machines/tenants/tenant.events';
import { streamStateProjection } from '../stream-states';

/** Tenants for the admin list and for resolving a request's host: each stream's folded state. */
export const tenantsProjection = streamStateProjection(
  'tenants',
  { table: 'rm_tenants', streamPrefix: 'tenant-', evolve: evolveTenant },
  (rows) => sql`
      insert into rm_tenants (id, domain, deleted, state, created_at)
      select * from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.state.domain)}::text[], ${rows.map((r) => r.state.deleted)}::boolean[],
        ${rows.map((r) => JSON.stringify(r.state))}::jsonb[], ${rows.map((r) => r.state.createdAt)}::timestamptz[])
      on conflict (id) do update set domain = excluded.domain, deleted = excluded.deleted, state = excluded.state`,
);
