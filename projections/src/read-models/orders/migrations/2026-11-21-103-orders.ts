import { sql, type Kysely } from 'kysely';

/**
 * Read models of the orders projection.
 * - rm_orders: one row per order: the machine's view (`view`) plus the columns lists filter and
 *   sort on. Each index serves the admin list with one filter, newest first, paged.
 * - rm_order_counts: order count and INR total per (tenant, status, type, network), so list totals
 *   and dashboard figures never count 200,000 rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_orders (
      id uuid primary key,
      ref_code text not null unique,
      tenant_id text not null,
      user_id uuid not null,
      user_phone text not null,
      type text not null,
      method text not null,
      network text not null,
      status text not null,
      fiat_amount numeric(20, 2) not null,
      crypto_amount numeric(20, 2) not null,
      proof_count int not null,
      payment_due_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version bigint not null,
      view jsonb not null
    )`.execute(db);
  for (const column of ['', 'status', 'type', 'network', 'user_phone']) {
    const name = column ? `rm_orders_${column}_idx` : 'rm_orders_created_idx';
    const key = column ? sql`tenant_id, ${sql.ref(column)}, created_at desc, id desc` : sql`tenant_id, created_at desc, id desc`;
    await sql`create index ${sql.id(name)} on rm_orders (${key})`.execute(db);
  }
  await sql`create index rm_orders_user_idx on rm_orders (user_id, created_at desc)`.execute(db);
  await sql`create index rm_orders_due_idx on rm_orders (payment_due_at) where status = 'pending' and proof_count = 0`.execute(db);

  await sql`
    create table rm_order_counts (
      tenant_id text not null,
      status text not null,
      type text not null,
      network text not null,
      orders bigint not null,
      fiat_total numeric(24, 2) not null,
      primary key (tenant_id, status, type, network)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_order_counts`.execute(db);
  await sql`drop table rm_orders`.execute(db);
}
