import { sql, type Kysely } from 'kysely';

/**
 * The desk's payout transactions (evidence kind `payout`) are looked for on every brand's orders
 * (review 9, N3; review 10, F1): the primary key leads with the brand, so they get an index of
 * their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index payment_evidence_transactions_idx on payment_evidence (value) include (tenant_id, order_id, ref_code) where kind = 'payout'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_evidence_transactions_idx`.execute(db);
}
