import { sql, type Kysely } from 'kysely';

/**
 * Every brand ever created, from the write side (decision 0030, second addendum of 2026-11-27): a row is
 * written before the brand's first event, so a change of the Global Settings is judged for every
 * brand whatever the tenants read model holds (a rebuild empties it: the second review's N1b). A
 * row whose first event then failed to append loads as no brand, and a deleted brand keeps its row
 * (it loads as deleted). Brands created before this table are added at the API's start from the
 * tenants read model (brand-registry.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table brand_registry (
      tenant_id text primary key,
      registered_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table brand_registry`.execute(db);
}
