import { sql, type Kysely } from 'kysely';

/** Tokens issued before the last password change stop working (a stolen session ends with the change). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column password_changed_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column password_changed_at`.execute(db);
}
