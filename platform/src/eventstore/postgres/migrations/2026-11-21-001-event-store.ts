import { sql, type Kysely } from 'kysely';

/**
 * The PostgreSQL event store. Frozen: later changes go in new migrations.
 *
 * - The primary key (stream_id, stream_position) is the expected-version check: an append inserts
 *   right after the stream's last position, so of two racing appends one fails on the key
 *   (see pg-append-statement.ts). A separate streams table measured at a quarter of the append rate.
 * - es_events records `transaction_id` (xid8) so that global readers can skip past positions only
 *   once every transaction that could still commit below them has finished (docs/event-store.md).
 *   `global_position` is drawn from an identity but needs no index of its own: readers use
 *   (transaction_id, global_position), and every index costs each append.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table es_events (
      stream_id text not null,
      stream_position bigint not null,
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null,
      event_type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      constraint es_events_pkey primary key (stream_id, stream_position),
      constraint es_events_event_id_key unique (event_id)
    )`.execute(db);

  await sql`create index es_events_transaction_position_idx on es_events (transaction_id, global_position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table es_events`.execute(db);
}
