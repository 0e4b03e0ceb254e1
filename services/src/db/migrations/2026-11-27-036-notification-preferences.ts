import { sql, type Kysely } from 'kysely';

/**
 * A customer's choice about the optional SMS (payment verified, order expired); no row: they are
 * sent. The essential ones (an order completed or rejected) are not the customer's to turn off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notification_preferences (
      user_id uuid primary key references users (id) on delete cascade,
      optional_sms boolean not null,
      changed_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table notification_preferences`.execute(db);
}
