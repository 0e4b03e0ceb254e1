import { sql, type Kysely } from 'kysely';

/**
 * `users.created_by`: the admin who made the account on the admin screens (`POST /api/admin/users`,
 * or the requester of a staff account a second admin confirmed); null for a sign-up, the admin CLI,
 * the start-up bootstrap and the seed (third review, F4). An admin who made a customer's account
 * chose its password and its phone was never proved: the four-eyes rule asks who made the account
 * (`accountMaker`), and such an account places no order until its holder sets their own password
 * with a code sent to the phone (decision 0029, third addendum).
 *
 * Existing accounts get null: nobody recorded who made them, so they are not held (the addendum
 * says so). No foreign key: the maker's account may be deleted, and the fact stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column created_by uuid`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column created_by`.execute(db);
}
