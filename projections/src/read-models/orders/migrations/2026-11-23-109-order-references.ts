import { sql, type Kysely } from 'kysely';

/**
 * Compliance finds an order by the payment references on it: the customer's UTR or transaction
 * hash, the admin's completion UTR. UTRs compare upper-cased; transaction hashes lower-cased.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index rm_orders_bank_utr_idx on rm_orders ((upper(view->>'bankUtr')))`.execute(db);
  await sql`create index rm_orders_bank_reference_idx on rm_orders ((upper(view->>'bankReference')))`.execute(db);
  await sql`create index rm_orders_crypto_reference_idx on rm_orders ((lower(view->>'cryptoReference')))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index rm_orders_crypto_reference_idx`.execute(db);
  await sql`drop index rm_orders_bank_reference_idx`.execute(db);
  await sql`drop index rm_orders_bank_utr_idx`.execute(db);
}
