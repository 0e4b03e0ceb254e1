import { sql, type Kysely } from 'kysely';

/**
 * Server-side sessions (decision 0029): every bearer token names one (`sid`), and a session ended
 * here (signed out, revoked, or past its time) no longer opens the account.
 *
 * `sessions_changed` announces a session's end to every API process's cache of sessions
 * (identity/signed-in-sessions.ts), as `users_changed` does for users (migration 016): the row's id
 * when it is revoked, its expiry moves or it is deleted; an empty payload (every row) for TRUNCATE.
 * A new session needs no announcement (a cache keeps only sessions it has read), and neither does
 * `last_seen_at`, written every few minutes while a session is used.
 *
 * `users.password_set_by_other`: an admin chose the account's password (`POST /api/admin/users`).
 * A staff account with it cannot sign in by password until its holder sets their own with a code
 * sent to their phone. Existing accounts without a staff role get true (nobody can tell who chose
 * their password, and becoming staff is rare and the reset cheap); existing staff false.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sessions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      tenant_id text not null,
      method text not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      last_seen_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      ip text,
      user_agent text
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id, started_at desc)`.execute(db);
  await sql`
    create function sessions_changed_notify() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('sessions_changed', '');
      else
        perform pg_notify('sessions_changed', old.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_changed_row after update on sessions for each row
    when (old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at or old.user_id is distinct from new.user_id)
    execute function sessions_changed_notify()`.execute(db);
  await sql`create trigger sessions_deleted_row after delete on sessions for each row execute function sessions_changed_notify()`.execute(db);
  await sql`create trigger sessions_changed_truncate after truncate on sessions for each statement execute function sessions_changed_notify()`.execute(db);

  await sql`alter table users add column password_set_by_other boolean not null default false`.execute(db);
  await sql`update users set password_set_by_other = not (roles && array['admin', 'compliance']::text[])`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column password_set_by_other`.execute(db);
  await sql`drop table sessions`.execute(db);
  await sql`drop function sessions_changed_notify()`.execute(db);
}
