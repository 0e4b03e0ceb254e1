import { sql, type Kysely } from 'kysely';

/** Read model of the desk-changes projection: the pending-changes screen, pending first, then recent. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_desk_changes (
      id text primary key,
      kind text not null,
      tenant_id text,
      status text not null,
      requested_by text not null,
      requested_at timestamptz not null,
      ended_at timestamptz,
      state jsonb not null
    )`.execute(db);
  await sql`create index rm_desk_changes_pending_idx on rm_desk_changes (requested_at) where status = 'pending'`.execute(db);
  await sql`create index rm_desk_changes_ended_idx on rm_desk_changes (ended_at) where status <> 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_desk_changes`.execute(db);
}
