import { sql, type Kysely } from 'kysely';

/**
 * Announces on `users_changed` (the channel every API process's cache of signed-in users listens
 * on, identity/signed-in-users.ts) every change to a users row, whoever makes it: the API, the ops CLI, or SQL typed by
 * hand. Each row updated or deleted is announced by its id when its transaction commits; TRUNCATE
 * with an empty payload, which means every row. A new row needs no announcement, since a cache
 * keeps only rows it has read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function users_changed_notify() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('users_changed', '');
      else
        perform pg_notify('users_changed', old.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_changed_row after update or delete on users for each row execute function users_changed_notify()`.execute(db);
  await sql`create trigger users_changed_truncate after truncate on users for each statement execute function users_changed_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_changed_truncate on users`.execute(db);
  await sql`drop trigger users_changed_row on users`.execute(db);
  await sql`drop function users_changed_notify()`.execute(db);
}
