import { sql, type Kysely } from 'kysely';

/**
 * Phones are kept in one canonical form (identity/canonical-phone.ts). Accounts made before that
 * are rewritten by identity/canonical-phones-fix.ts, which needs the event store for their trail
 * and so runs after the migrations, not in one:
 * - `phone_spellings`: the spellings an account of a number had before it was canonical, the ones
 *   rewritten and the ones kept (another account of the brand already had the number), so a search
 *   by the number still finds the orders recorded under them (orders keep what their events say);
 * - `data_fixes`: the fixes of stored data that have run, with what they found.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table phone_spellings (
      user_id uuid not null references users (id) on delete cascade,
      tenant_id text not null,
      spelling text not null,
      phone text not null,
      rewritten boolean not null,
      recorded_at timestamptz not null default now(),
      primary key (user_id, spelling)
    )`.execute(db);
  await sql`create index phone_spellings_phone_idx on phone_spellings (phone, tenant_id)`.execute(db);
  await sql`
    create table data_fixes (
      name text primary key,
      applied_at timestamptz not null default now(),
      summary jsonb not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table data_fixes`.execute(db);
  await sql`drop table phone_spellings`.execute(db);
}
