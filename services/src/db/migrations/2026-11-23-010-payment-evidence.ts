import { sql, type Kysely } from 'kysely';

/**
 * Payment evidence seen on orders, per brand: UTRs, crypto transactions, proof images (their
 * sha-256, and a difference hash for the same picture re-saved). The same evidence on two orders
 * flags both (services/src/orders/evidence). Image hashes keep their 64 bits as a bigint too, so a
 * near match is one `bit_count` over the brand's images.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table payment_evidence (
      tenant_id text not null,
      kind text not null,
      value text not null,
      order_id uuid not null,
      ref_code text not null,
      dhash bigint,
      seen_at timestamptz not null default now(),
      primary key (tenant_id, kind, value, order_id)
    )`.execute(db);
  await sql`create index payment_evidence_images_idx on payment_evidence (tenant_id) include (dhash, order_id, ref_code, value) where kind = 'image-dhash'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table payment_evidence`.execute(db);
}
