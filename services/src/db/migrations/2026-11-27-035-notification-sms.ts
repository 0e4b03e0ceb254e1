import { sql, type Kysely } from 'kysely';

/**
 * Each customer notification's SMS (services/src/notifications): one row per notification id, the
 * claim that makes it sent once however many workers run the job, what was decided (sent, or why
 * not: opted out, over the hourly cap, no phone, no registered template) and the text as sent. Not a
 * read model: a rebuild of the notifications projection makes the same ids again, and finds them here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notification_sms (
      notification_id uuid primary key,
      user_id uuid not null,
      tenant_id text not null,
      kind text not null,
      status text not null check (status in ('sending', 'sent', 'opted_out', 'capped', 'no_phone', 'no_template')),
      phone text,
      text text,
      dlt_template_id text,
      dlt_entity_id text,
      sender_id text,
      decided_at timestamptz not null default now(),
      claimed_until timestamptz,
      attempts integer not null default 0,
      last_error text,
      sent_at timestamptz
    )`.execute(db);
  // The hourly cap counts a customer's messages sent or being sent.
  await sql`create index notification_sms_cap_idx on notification_sms (user_id, decided_at) where status in ('sending', 'sent')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table notification_sms`.execute(db);
}
