import { sql, type Kysely } from 'kysely';

/**
 * A customer's saved USDT wallets and bank accounts, which their orders copy from. At most one
 * default per customer and kind, kept by a partial unique index rather than by code alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_wallets (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      network text not null,
      address text not null,
      label text not null default '',
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint user_wallets_address_key unique (user_id, network, address)
    )`.execute(db);
  await sql`create unique index user_wallets_one_default on user_wallets (user_id) where is_default`.execute(db);

  await sql`
    create table user_bank_accounts (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      bank_name text not null,
      account_name text not null,
      account_number text not null,
      ifsc text not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_bank_accounts_user_idx on user_bank_accounts (user_id)`.execute(db);
  await sql`create unique index user_bank_accounts_one_default on user_bank_accounts (user_id) where is_default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table user_bank_accounts`.execute(db);
  await sql`drop table user_wallets`.execute(db);
}
