import { sql, type Kysely } from 'kysely';

/**
 * The whole log, searchable by compliance: who (actor), from where (ip), what (type), which stream,
 * which brand, when. Each search is newest first on `seq`, so each filter has an index led by its
 * column and ending in `seq`.
 */
const SEARCHED = ['actor_id', 'ip', 'type', 'stream_id', 'tenant_id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_event_log (
      seq bigint generated always as identity primary key,
      event_id uuid not null unique,
      stream_id text not null,
      stream_position bigint not null,
      type text not null,
      tenant_id text not null,
      actor_id text not null,
      actor_role text not null,
      ip text,
      recorded_at timestamptz not null,
      data jsonb not null,
      metadata jsonb not null
    )`.execute(db);
  for (const column of SEARCHED) {
    await sql`create index ${sql.id(`rm_event_log_${column}_idx`)} on rm_event_log (${sql.ref(column)}, seq desc)`.execute(db);
  }
  await sql`create index rm_event_log_recorded_idx on rm_event_log (recorded_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_event_log`.execute(db);
}
