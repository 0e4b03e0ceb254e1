import { sql, type Kysely } from 'kysely';

/**
 * Customer limits in constant time: the INR each customer claimed per UTC day, kept by the claim
 * statement and by `release` in the same statements that add and remove the claims. The limit
 * check sums whole days from here (and from the orders projection's ledger of held INR), so it
 * no longer reads every claim of the customer's month. Filled from the claims already recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table customer_claim_days (
      user_id uuid not null,
      day date not null,
      claimed_inr numeric(24, 2) not null,
      primary key (user_id, day)
    )`.execute(db);
  await sql`
    insert into customer_claim_days (user_id, day, claimed_inr)
    select user_id, (claimed_at at time zone 'UTC')::date, sum(fiat_inr)
    from order_ref_codes where user_id is not null
    group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table customer_claim_days`.execute(db);
}
