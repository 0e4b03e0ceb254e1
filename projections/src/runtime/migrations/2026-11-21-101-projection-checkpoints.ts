import { sql, type Kysely } from 'kysely';

/**
 * One row per projection: where it has read to, and what a rebuild in progress still has to do.
 * `position` is the event store's opaque global position (PostgreSQL: `<transaction_id>/<global_position>`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      name text primary key,
      position text,
      events_applied bigint not null default 0,
      last_event_at timestamptz,
      rebuild_started_at timestamptz,
      rebuild_total bigint,
      last_error text,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table projection_checkpoints`.execute(db);
}
