import { sql, type Kysely } from 'kysely';

/**
 * Each order's state after each of its events, with the interval it held: the order book as it
 * stood at any instant is the rows whose interval contains it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_order_history (
      order_id uuid not null,
      stream_position bigint not null,
      tenant_id text not null,
      status text not null,
      valid_from timestamptz not null,
      valid_to timestamptz,
      created_at timestamptz not null,
      view jsonb not null,
      primary key (order_id, stream_position)
    )`.execute(db);
  await sql`create index rm_order_history_valid_idx on rm_order_history (valid_from, valid_to)`.execute(db);
  await sql`create index rm_order_history_status_idx on rm_order_history (status, valid_from)`.execute(db);
  await sql`create index rm_order_history_open_idx on rm_order_history (order_id) where valid_to is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_order_history`.execute(db);
}
