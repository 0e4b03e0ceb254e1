import { sql, type Kysely } from 'kysely';

/**
 * Events a projection could not apply and stepped past (quarantined), so one bad event stops
 * holding up every brand's read model. One row per projection and event: `position` is the event
 * store's opaque global position, the checkpoint moved past it in the same transaction as the insert.
 * A rebuild deletes the projection's rows and tries those events again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table projection_dead_letters (
      projection text not null,
      position text not null,
      event_id text not null,
      stream_id text not null,
      stream_position bigint not null,
      event_type text not null,
      error text not null,
      attempts int not null,
      first_failed_at timestamptz not null,
      quarantined_at timestamptz not null default now(),
      primary key (projection, position)
    )`.execute(db);
  // Status shows the newest entries of one projection.
  await sql`create index projection_dead_letters_recent_idx on projection_dead_letters (projection, quarantined_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table projection_dead_letters`.execute(db);
}
