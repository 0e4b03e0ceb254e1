import { sql, type Kysely } from 'kysely';

/**
 * Customer limits without a lock held across round trips: each customer's claims are numbered, and
 * a claim is recorded only if the number is still the one its limit check read (optimistic
 * concurrency, one statement). A customer without a row has claimed nothing checked yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table customer_claim_heads (user_id uuid primary key, seq bigint not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table customer_claim_heads`.execute(db);
}
