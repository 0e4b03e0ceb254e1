import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys that heal (decision 0045). A claim is a lease: `claimed_at` is renewed while its
 * request runs, and a claim not renewed for a minute (its process died) may be taken over by a
 * retry, which then holds `claim_token`; only the holder records the answer. `request_id` names the
 * request the key stands for, the same across a takeover and new once the key expires (24 h): the
 * events a request appends carry it in their metadata, so a retry whose first run did append finds
 * its own events instead of acting twice. Expired keys are swept through `created_at`'s index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table idempotency_keys
      add column request_id uuid not null default gen_random_uuid(),
      add column claim_token uuid not null default gen_random_uuid(),
      add column claimed_at timestamptz not null default now()`.execute(db);
  await sql`update idempotency_keys set claimed_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys drop column request_id, drop column claim_token, drop column claimed_at`.execute(db);
}
