import { sql, type Kysely } from 'kysely';

/**
 * When the webhooks' feed first read the log (decision 0039): events from before are never sent. A
 * restored desk (whose log positions are drawn afresh, so the feed's position is not backed up)
 * starts its feed again rather than sending its history to every endpoint.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_feed add column started_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_feed drop column started_at`.execute(db);
}
