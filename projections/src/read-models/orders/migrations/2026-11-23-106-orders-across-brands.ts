import { sql, type Kysely } from 'kysely';

/**
 * Operator admins list every brand's orders at once. The first indexes all began with tenant_id,
 * so a list across brands sorted the whole table. Now:
 * - newest first across brands, and by status across brands: their own indexes;
 * - type, network and phone: one index each across brands (a brand's list filtered by one of them
 *   reads the brand's newest-first index and skips the few rows of other types);
 * - a brand's newest first, and a brand's status: the tenant-led indexes stay (brand admins' lists).
 */
const ACROSS_BRANDS = ['type', 'network', 'user_phone'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index rm_orders_all_created_idx on rm_orders (created_at desc, id desc)`.execute(db);
  await sql`create index rm_orders_all_status_idx on rm_orders (status, created_at desc, id desc)`.execute(db);
  for (const column of ACROSS_BRANDS) {
    await sql`drop index ${sql.id(`rm_orders_${column}_idx`)}`.execute(db);
    await sql`create index ${sql.id(`rm_orders_all_${column}_idx`)} on rm_orders (${sql.ref(column)}, created_at desc, id desc)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ACROSS_BRANDS) {
    await sql`drop index ${sql.id(`rm_orders_all_${column}_idx`)}`.execute(db);
    await sql`create index ${sql.id(`rm_orders_${column}_idx`)} on rm_orders (tenant_id, ${sql.ref(column)}, created_at desc, id desc)`.execute(db);
  }
  await sql`drop index rm_orders_all_status_idx`.execute(db);
  await sql`drop index rm_orders_all_created_idx`.execute(db);
}
