import { sql, type Kysely } from 'kysely';

/**
 * Every bank statement line the desk holds (decision 0032), with what its narration says (the
 * channel, the UTR or RRN, the other party's name, a reversal: narration.ts), for the account's
 * lines page and, next, the matching of payments to orders (by reference) and the unmatched queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_statement_lines (
      account_id uuid not null,
      key text not null,
      tenant_id text not null,
      statement_id uuid not null,
      booked_on date not null,
      value_on date,
      direction text not null,
      amount numeric(24, 2) not null,
      narration text not null,
      bank_reference text,
      balance_after numeric(24, 2),
      channel text,
      reference text,
      payer_name text,
      reversal boolean not null,
      position bigint not null,
      recorded_at timestamptz not null,
      primary key (account_id, key)
    )`.execute(db);
  await sql`create index rm_statement_lines_account_idx on rm_statement_lines (account_id, booked_on desc, position desc)`.execute(db);
  await sql`create index rm_statement_lines_reference_idx on rm_statement_lines (tenant_id, reference) where reference is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table rm_statement_lines`.execute(db);
}
