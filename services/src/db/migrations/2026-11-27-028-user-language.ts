import { sql, type Kysely } from 'kysely';

/**
 * `users.language`: the language a person chose for the screens (decision 0036), 'en' or 'hi'; null
 * until they choose one, so a choice made on the landing before signing in is not overridden by a
 * default nobody chose. A preference, not a control: the API's own texts stay English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text check (language in ('en', 'hi'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column language`.execute(db);
}
