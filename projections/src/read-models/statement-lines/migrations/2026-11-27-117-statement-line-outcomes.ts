import { sql, type Kysely } from 'kysely';

/**
 * What became of a statement line (decision 0032): the order it paid (matched by reference, or
 * assigned by an admin) or an admin's mark for refund. A row of its own, not columns of the line:
 * a line and its outcome may arrive in one batch, and a batch's writes all see the tables as they
 * were before it. The unmatched queue is the lines with no outcome.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_statement_line_outcomes (
      account_id uuid not null,
      key text not null,
      kind text not null,
      order_id uuid,
      order_tenant_id text,
      via text,
      flags text[] not null default '{}',
      note text,
      decided_by text,
      decided_at timestamptz not null,
      primary key (account_id, key)
    )`.execute(db);
  await sql`create index rm_statement_line_outcomes_order_idx on rm_statement_line_outcomes (order_id) where order_id is not null`.execute(db);
  // The look-up keys of the references a line carries (reference-match.ts `referenceKeys`): an
  // order's reference finds its lines by them. Lines recorded before have none until the read
  // model is rebuilt (npm run projections -- rebuild statement-lines).
  await sql`alter table rm_statement_lines add column reference_keys text[] not null default '{}'`.execute(db);
  await sql`create index rm_statement_lines_reference_keys_idx on rm_statement_lines using gin (reference_keys)`.execute(db);
  await sql`create index rm_statement_lines_statement_idx on rm_statement_lines (statement_id)`.execute(db);
  // The unmatched queue: a brand's lines, newest first.
  await sql`create index rm_statement_lines_tenant_idx on rm_statement_lines (tenant_id, booked_on desc, position desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index rm_statement_lines_tenant_idx`.execute(db);
  await sql`alter table rm_statement_lines drop column reference_keys`.execute(db);
  await sql`drop table rm_statement_line_outcomes`.execute(db);
}
