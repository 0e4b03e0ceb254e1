import { sql, type Kysely } from 'kysely';

/**
 * Accounts. Not event-sourced: an account is reference data for orders, which copy what they need
 * (the phone) into their own events. A phone is unique within a tenant: one person may hold an
 * account with two brands.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key,
      tenant_id text not null,
      username text,
      phone text not null,
      password_hash text not null,
      roles text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint users_tenant_phone_key unique (tenant_id, phone)
    )`.execute(db);
  await sql`create index users_created_at_idx on users (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table users`.execute(db);
}
