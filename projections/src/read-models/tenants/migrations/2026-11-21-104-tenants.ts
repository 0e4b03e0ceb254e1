import { sql, type Kysely } from 'kysely';

/** Read model of the tenants projection: the admin list, and domain -> tenant for every request. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_tenants (
      id text primary key,
      domain text,
      deleted boolean not null,
      state jsonb not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index rm_tenants_domain_idx on rm_tenants (domain) where not deleted`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_tenants`.execute(db);
}
