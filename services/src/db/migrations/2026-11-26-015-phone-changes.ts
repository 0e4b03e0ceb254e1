import { sql, type Kysely } from 'kysely';

/**
 * Phones are kept in one canonical form (identity/canonical-phone.ts). Accounts made before that
 * are rewritten once by identity/canonical-phones-fix.ts, which needs the event store for their
 * trail and so runs after the migrations, not in one:
 * - `user_phone_changes`: each account's phone before and after, so a search by the canonical
 *   number still finds the orders recorded under the old spelling (orders keep what their events say);
 * - `data_fixes`: which one-time fixes have run, with what they found.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_phone_changes (
      user_id uuid not null references users (id) on delete cascade,
      tenant_id text not null,
      previous_phone text not null,
      phone text not null,
      changed_at timestamptz not null default now(),
      primary key (user_id, previous_phone)
    )`.execute(db);
  await sql`create index user_phone_changes_phone_idx on user_phone_changes (phone)`.execute(db);
  await sql`
    create table data_fixes (
      name text primary key,
      applied_at timestamptz not null default now(),
      summary jsonb not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table data_fixes`.execute(db);
  await sql`drop table user_phone_changes`.execute(db);
}
