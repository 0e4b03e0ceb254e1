import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';

type Db = Kysely<ServicesDatabase>;

/**
 * The password of a staff account waiting for a second admin: its argon2id hash, kept beside the
 * request (never in an event, which every auditor reads) until the request ends.
 *
 * Kept again over a row already there: the change's id is its request's (decision 0062), so a row
 * left by a first run whose change was never recorded (its append failed, and so did this row's
 * cleanup) is that same request's, with the same password (the key refuses another body). A plain
 * insert failed every retry under the key at the primary key (review 16's F4).
 */
export async function keepPassword(db: Db, changeId: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('desk_change_passwords')
    .values({ change_id: changeId, password_hash: passwordHash })
    .onConflict((oc) => oc.column('change_id').doUpdateSet({ password_hash: passwordHash }))
    .execute();
}

export async function keptPassword(db: Db, changeId: string): Promise<string | null> {
  const row = await db.selectFrom('desk_change_passwords').select('password_hash').where('change_id', '=', changeId).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function forgetPassword(db: Db, changeId: string): Promise<void> {
  await db.deleteFrom('desk_change_passwords').where('change_id', '=', changeId).execute();
}
