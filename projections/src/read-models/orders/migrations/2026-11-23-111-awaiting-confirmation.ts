import { sql, type Kysely } from 'kysely';

/**
 * Four eyes: who asked for a completion still waiting for a second admin (null when none waits).
 * The admin list's "Awaiting second admin" filter reads the partial index, which holds only those
 * few orders. Orders projected before this column existed cannot have a request (the event is newer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rm_orders add column completion_requested_by text`.execute(db);
  await sql`create index rm_orders_awaiting_confirmation_idx on rm_orders (created_at desc, id desc) where completion_requested_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index rm_orders_awaiting_confirmation_idx`.execute(db);
  await sql`alter table rm_orders drop column completion_requested_by`.execute(db);
}
