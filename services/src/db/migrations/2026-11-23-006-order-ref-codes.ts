import { sql, type Kysely } from 'kysely';

/**
 * Order reference codes, claimed before an order is placed: the primary key makes a code unique at
 * write time, for every brand (admins search by it across brands). Codes issued before this table
 * (8 characters) cannot clash with the 10-character codes claimed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table order_ref_codes (
      ref_code text primary key,
      order_id uuid not null,
      claimed_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table order_ref_codes`.execute(db);
}
