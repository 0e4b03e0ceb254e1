import { sql, type Kysely } from 'kysely';

/**
 * The password of a staff account waiting for a second admin (decision 0030): its argon2id hash,
 * kept here, never in an event, until the request is confirmed (the account is made with it),
 * declined, withdrawn or out of date (the row is deleted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table desk_change_passwords (
      change_id uuid primary key,
      password_hash text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table desk_change_passwords`.execute(db);
}
