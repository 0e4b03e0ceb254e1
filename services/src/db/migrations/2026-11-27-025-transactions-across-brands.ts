import { sql, type Kysely } from 'kysely';

/**
 * A crypto transaction is looked for on every brand's orders (review 9, N3): the primary key leads
 * with the brand, so the hash gets an index of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index payment_evidence_transactions_idx on payment_evidence (value) include (tenant_id, order_id, ref_code) where kind = 'crypto'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_evidence_transactions_idx`.execute(db);
}
