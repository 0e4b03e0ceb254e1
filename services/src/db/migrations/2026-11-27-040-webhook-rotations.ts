import { sql, type Kysely } from 'kysely';

/**
 * The rotations of a webhook endpoint's secret made under an Idempotency-Key, by the request's id,
 * written in the rotation's own transaction: a row here is a rotation that committed. A re-run of
 * the request (its first run's answer lost) asks this table whether its first run rotated, which the
 * trail cannot tell: the trail's event is appended before the transaction commits, and another
 * request's later rotation looks the same on the row (review 18). Kept two days (a key lives one):
 * each keyed rotation prunes its endpoint's older rows through the primary key; deleted with the endpoint.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table webhook_rotations (
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      request_id uuid not null,
      rotated_at timestamptz not null default now(),
      primary key (endpoint_id, request_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_rotations`.execute(db);
}
