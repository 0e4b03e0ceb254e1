import { sql, type Kysely } from 'kysely';

/**
 * The first answer to each POST sent with an Idempotency-Key, so a retried request returns it
 * again instead of acting twice. Scoped to the caller; the request's hash catches a key reused for
 * a different request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      request_hash text not null,
      status_code int,
      response_body text,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (scope, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
