import { sql, type Kysely } from 'kysely';

/**
 * rm_order_changes: the orders projection's change feed. One row per order a batch changed, written
 * in the batch's transaction, so a row exists only once rm_orders shows the change. The API's live
 * streams read it after a NOTIFY and use `seq` as the SSE event id. Only the newest rows are kept
 * (see order-changes.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_order_changes (
      seq bigint generated always as identity primary key,
      order_id uuid not null,
      tenant_id text not null,
      user_id uuid not null,
      status text not null,
      ref_code text not null,
      is_new boolean not null,
      changed_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_order_changes`.execute(db);
}
