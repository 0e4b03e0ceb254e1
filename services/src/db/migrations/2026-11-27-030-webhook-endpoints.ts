import { sql, type Kysely } from 'kysely';

/**
 * A brand's webhook endpoints (decision 0039): where its order events are sent, which ones, and the
 * secrets that sign them, sealed (sealed-secret.ts) so a dump of the database alone cannot sign a
 * delivery. During a rotation's overlap the previous secret signs too, until `previous_valid_until`.
 * Who registered and changed an endpoint is on its `webhook-<id>` stream, not here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key,
      tenant_id text not null,
      url text not null,
      description text not null default '',
      event_types text[] not null,
      enabled boolean not null default true,
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_valid_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((previous_secret_sealed is null) = (previous_valid_until is null))
    )`.execute(db);
  await sql`create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_endpoints`.execute(db);
}
