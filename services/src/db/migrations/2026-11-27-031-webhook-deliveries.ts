import { sql, type Kysely } from 'kysely';

/**
 * The webhooks' outbox (decision 0039): one delivery per endpoint and event (its id is the one the
 * receiver sees on every attempt), its body as first built (every retry sends the same bytes), its
 * state and when it is next due; each attempt with what came back. `webhook_feed` holds how far the
 * feed has read the event log: moved in the transaction that writes the deliveries it read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table webhook_deliveries (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      tenant_id text not null,
      event_id uuid not null,
      event_type text not null,
      order_id uuid,
      body text not null,
      state text not null check (state in ('pending', 'retrying', 'delivered', 'failed')),
      attempts integer not null default 0,
      round_attempts integer not null default 0,
      manual boolean not null default false,
      next_attempt_at timestamptz,
      sending_until timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (endpoint_id, event_id)
    )`.execute(db);
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state in ('pending', 'retrying')`.execute(db);
  await sql`
    create table webhook_attempts (
      id bigint generated always as identity primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      number integer not null,
      manual boolean not null default false,
      attempted_at timestamptz not null,
      duration_ms integer not null,
      status_code integer,
      error text,
      response_excerpt text not null default '',
      unique (delivery_id, number)
    )`.execute(db);
  await sql`
    create table webhook_feed (
      id integer primary key check (id = 1),
      position text,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_feed`.execute(db);
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
}
