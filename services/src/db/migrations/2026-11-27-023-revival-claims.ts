import { sql, type Kysely } from 'kysely';

/**
 * Revival claims: a late payment that revives an order counts against its customer's limits from
 * the moment it is recorded, before the orders read model shows the order paid late (tens of
 * milliseconds later, or longer when a projector is behind). Recorded in the statement that checks
 * the customer's claim number, as a placement's claim is (customer-limits.ts `countRevival`), so a
 * placement or another revival at the same moment is counted after it. The usage counts a claim
 * until the orders read model shows its order paid late (its `late_paid_at`), then counts the order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table order_revival_claims (
      order_id uuid primary key,
      user_id uuid not null,
      fiat_inr numeric(24, 2) not null,
      claimed_at timestamptz not null
    )`.execute(db);
  await sql`create index order_revival_claims_user_idx on order_revival_claims (user_id, claimed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table order_revival_claims`.execute(db);
}
