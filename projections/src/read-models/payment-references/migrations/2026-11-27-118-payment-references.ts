import { sql, type Kysely } from 'kysely';

/**
 * The payment references orders carry, filed under their look-up keys (reference-match.ts
 * `referenceKeys`): a buy's UTRs as its customer typed them, a sell's payout UTR as the admin typed
 * it. The statement matcher looks a line's reference up here, any brand (decision 0032).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_payment_references (
      key text not null,
      order_id uuid not null,
      tenant_id text not null,
      source text not null,
      reference text not null,
      recorded_at timestamptz not null,
      primary key (key, order_id, source)
    )`.execute(db);
  await sql`create index rm_payment_references_order_idx on rm_payment_references (order_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_payment_references`.execute(db);
}
