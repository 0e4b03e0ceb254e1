import { sql, type Kysely } from 'kysely';

/**
 * What a customer has read in the bell: "mark all read" moves `read_through` to their newest
 * notification's time; notifications read one by one after it are rows of `notification_reads`
 * (dropped when a later "mark all" covers them). Kept here, not in the read model, so a rebuild of
 * the notifications does not make everything unread again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notification_read_marks (
      user_id uuid primary key references users (id) on delete cascade,
      read_through timestamptz not null
    )`.execute(db);
  await sql`
    create table notification_reads (
      user_id uuid not null references users (id) on delete cascade,
      notification_id uuid not null,
      notified_at timestamptz not null,
      read_at timestamptz not null default now(),
      primary key (user_id, notification_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table notification_reads`.execute(db);
  await sql`drop table notification_read_marks`.execute(db);
}
