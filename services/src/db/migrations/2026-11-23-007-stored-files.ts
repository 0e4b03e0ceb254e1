import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files (payment proofs, logos, QR codes) kept in PostgreSQL when a server is configured:
 * every API replica reads what another stored, and a backup of the database holds them. Stored
 * uncompressed (images and PDFs are compressed already; PostgreSQL would only try and fail).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table stored_files (
      file_id uuid primary key,
      content_type text not null,
      size integer not null,
      bytes bytea not null,
      stored_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table stored_files alter column bytes set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table stored_files`.execute(db);
}
