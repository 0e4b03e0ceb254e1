import { sql, type Kysely } from 'kysely';

/**
 * Audit exports asked for by compliance: who asked, what for, and the exact stream ranges chosen
 * then, so the file downloaded later holds exactly what was counted (events appended meanwhile are
 * not in it), and the link can be checked against its maker again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table compliance_exports (
      id uuid primary key,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      request jsonb not null,
      ranges jsonb not null,
      event_count integer not null,
      stream_count integer not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table compliance_exports`.execute(db);
}
