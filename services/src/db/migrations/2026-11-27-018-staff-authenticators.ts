import { sql, type Kysely } from 'kysely';

/**
 * Staff's authenticator apps (TOTP, RFC 6238) and recovery codes (decision 0029). The secret is kept
 * sealed (AES-256-GCM under a key derived from the token secret, identity/sealed-secret.ts), so a
 * dump of the database alone cannot mint codes; `last_step` is the last time step a code was
 * accepted for, so a code is good once. Recovery codes are kept as keyed hashes, each usable once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table staff_authenticators (
      user_id uuid primary key references users (id) on delete cascade,
      secret_sealed text not null,
      enrolled_at timestamptz not null,
      last_step bigint not null default 0
    )`.execute(db);
  await sql`
    create table staff_recovery_codes (
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table staff_recovery_codes`.execute(db);
  await sql`drop table staff_authenticators`.execute(db);
}
