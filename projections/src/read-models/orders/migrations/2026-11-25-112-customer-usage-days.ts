import { sql, type Kysely } from 'kysely';

/**
 * rm_customer_usage_days: the orders projection's ledger for the customer limits. Per customer and
 * UTC day (of the order's creation):
 * - held_inr: INR of their orders created that day that still hold money;
 * - shown_inr: INR of the claims (services' customer_claim_days) whose orders the lists show, so a
 *   day's claims not shown yet are `claimed - shown`.
 * The limit check sums whole days from here instead of reading the customer's month of orders.
 *
 * Filled from the rows already projected, so the lists need no replay: held by the predicate the
 * check used until now (this copy is frozen with the migration), shown from the claims whose orders
 * rm_orders holds (a claim's amount and time are its order's placement amount and time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_customer_usage_days (
      user_id uuid not null,
      day date not null,
      held_inr numeric(24, 2) not null,
      shown_inr numeric(24, 2) not null,
      primary key (user_id, day)
    )`.execute(db);
  await sql`
    insert into rm_customer_usage_days (user_id, day, held_inr, shown_inr)
    select user_id, day, sum(held), sum(shown) from (
      select user_id, (created_at at time zone 'UTC')::date as day, fiat_amount as held, 0 as shown
      from rm_orders
      where status not in ('rejected', 'cancelled') and (status <> 'expired' or coalesce((view->>'latePayment')::boolean, false))
      union all
      select c.user_id, (c.claimed_at at time zone 'UTC')::date, 0, c.fiat_inr
      from order_ref_codes c join rm_orders o on o.id = c.order_id
      where c.user_id is not null
    ) as usage
    group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_customer_usage_days`.execute(db);
}
