import { sql, type RawBuilder } from 'kysely';

/**
 * customer_claim_days (migration 013), kept by the statements that add and remove claims so it
 * always equals the claims it sums. Each fragment is one data-modifying CTE body, run in the
 * statement that changes order_ref_codes: `from` names the CTE returning the claims changed
 * (user_id, fiat_inr, claimed_at).
 */
export const claimDaysSql = {
  /** Adds the new claims to their customer's days. */
  add: (from: string): RawBuilder<unknown> => sql`
    insert into customer_claim_days as d (user_id, day, claimed_inr)
    select user_id, (claimed_at at time zone 'UTC')::date, fiat_inr from ${sql.table(from)} where user_id is not null
    on conflict (user_id, day) do update set claimed_inr = d.claimed_inr + excluded.claimed_inr`,
  /** Takes the claims given up off their customer's days. */
  remove: (from: string): RawBuilder<unknown> => sql`
    update customer_claim_days d set claimed_inr = d.claimed_inr - g.fiat_inr
    from ${sql.table(from)} g where d.user_id = g.user_id and d.day = (g.claimed_at at time zone 'UTC')::date`,
};
