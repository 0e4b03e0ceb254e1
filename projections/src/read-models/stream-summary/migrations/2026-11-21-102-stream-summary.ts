import { sql, type Kysely } from 'kysely';

/** Read model of the stream-summary projection: one row per event stream. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_stream_summary (
      stream_id text primary key,
      category text not null,
      event_count bigint not null,
      last_event_type text not null,
      last_stream_position bigint not null,
      first_recorded_at timestamptz not null,
      last_recorded_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_stream_summary_category_idx on rm_stream_summary (category, last_recorded_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_stream_summary`.execute(db);
}
