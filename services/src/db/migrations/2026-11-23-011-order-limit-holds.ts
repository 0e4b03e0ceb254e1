import { sql, type Kysely } from 'kysely';

/**
 * Customer limits: each reference code claimed for an order also records whose order it is and its
 * INR, written (serialised per customer, see 012) before the order is appended. The limit check counts these
 * for orders the read model does not show yet, so two orders placed at once cannot both slip under
 * a limit while the projection catches up. Codes claimed before this column have no customer; their
 * orders are counted from the read model.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table order_ref_codes add column user_id uuid, add column fiat_inr numeric`.execute(db);
  await sql`create index order_ref_codes_user_idx on order_ref_codes (user_id, claimed_at) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index order_ref_codes_user_idx`.execute(db);
  await sql`alter table order_ref_codes drop column user_id, drop column fiat_inr`.execute(db);
}
