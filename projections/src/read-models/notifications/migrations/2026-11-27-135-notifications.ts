import { sql, type Kysely } from 'kysely';

/**
 * What each customer was told about their orders (the bell's items; the SMS dispatcher's work list),
 * and each order's folded state, to fold the next event on from. Numbered 135 (issue 30's
 * notifications range) so no other read model's migration takes the name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_notifications (
      id uuid primary key,
      seq bigint generated always as identity,
      user_id uuid not null,
      tenant_id text not null,
      order_id uuid not null,
      kind text not null,
      facts jsonb not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create unique index rm_notifications_seq_idx on rm_notifications (seq)`.execute(db);
  // The bell: a customer's newest first, paged by (created_at, id).
  await sql`create index rm_notifications_user_idx on rm_notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table rm_notification_orders (
      order_id uuid primary key,
      stream_position bigint not null,
      view jsonb not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_notification_orders`.execute(db);
  await sql`drop table rm_notifications`.execute(db);
}
