import { sql, type Kysely } from 'kysely';

/**
 * The orphan-claim sweep (orphan-claims.ts) reads the customers' claims of a time range across
 * customers; their index is by customer first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index order_ref_codes_claimed_idx on order_ref_codes (claimed_at) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index order_ref_codes_claimed_idx`.execute(db);
}
