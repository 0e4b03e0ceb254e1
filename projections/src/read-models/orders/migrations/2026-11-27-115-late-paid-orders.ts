import { sql, type Kysely } from 'kysely';

/**
 * When an order was paid late (OrderView `latePaidAt`): the customer limits count such an order
 * from its late payment, not its placement (customer-limits.ts `countsFrom`), so the check reads
 * the window's first, partial day by this column for those few orders (the partial index holds
 * only them). Rows projected before it have it null and count from their placement, as the
 * ledger rm_customer_usage_days does for them, until the orders read model is rebuilt
 * (`npm run projections -- rebuild orders`), which fills both from the events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rm_orders add column late_paid_at timestamptz`.execute(db);
  await sql`create index rm_orders_late_paid_idx on rm_orders (user_id, late_paid_at) where late_paid_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index rm_orders_late_paid_idx`.execute(db);
  await sql`alter table rm_orders drop column late_paid_at`.execute(db);
}
