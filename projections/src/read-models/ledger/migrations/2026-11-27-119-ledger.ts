import { sql, type Kysely } from 'kysely';

/**
 * The desk's books (issue 28, docs/ledger.md): one row per posting line (`rm_ledger_entries`), the
 * totals per brand, account, currency and day the daily position sums (`rm_ledger_days`), and what
 * the projection remembers between events: orders' terms from their placement, the chain transfers
 * it booked, the USDT/INR rate each settings revision set, and the statements imported (with the
 * balances they state, which the position compares with).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rm_ledger_entries (
      seq bigint generated always as identity unique,
      event_id uuid not null,
      line_no integer not null,
      tenant_id text not null,
      day date not null,
      kind text not null,
      account text not null,
      currency text not null,
      debit numeric not null,
      credit numeric not null,
      order_id uuid,
      bank_account_id uuid,
      line_key text,
      tx_hash text,
      stream_id text not null,
      recorded_at timestamptz not null,
      primary key (event_id, line_no)
    )`.execute(db);
  // A brand's entries by day (the CSV export), an account's entries of a day (the position), a line's booking (a refund's amount).
  await sql`create index rm_ledger_entries_day_idx on rm_ledger_entries (tenant_id, day, seq)`.execute(db);
  await sql`create index rm_ledger_entries_account_idx on rm_ledger_entries (tenant_id, account, currency, day)`.execute(db);
  await sql`create index rm_ledger_entries_line_idx on rm_ledger_entries (bank_account_id, line_key) where kind = 'statement_line'`.execute(db);
  await sql`
    create table rm_ledger_days (
      tenant_id text not null,
      account text not null,
      currency text not null,
      day date not null,
      debit numeric not null,
      credit numeric not null,
      entries integer not null,
      primary key (tenant_id, account, currency, day)
    )`.execute(db);
  await sql`
    create table rm_ledger_orders (
      order_id uuid primary key,
      tenant_id text not null,
      order_type text not null,
      method text not null,
      network text not null,
      rate text not null,
      base_rate text not null,
      fiat_amount text not null,
      crypto_amount text not null,
      fee_amount text not null
    )`.execute(db);
  await sql`
    create table rm_ledger_transfers (
      key text primary key,
      order_id uuid not null,
      tenant_id text not null,
      network text not null,
      tx_hash text not null,
      paid_by text not null,
      amount text not null,
      day date not null
    )`.execute(db);
  await sql`
    create table rm_ledger_rates (
      scope text not null,
      position bigint not null,
      usdt_inr text,
      primary key (scope, position)
    )`.execute(db);
  await sql`
    create table rm_ledger_statements (
      account_id uuid not null,
      statement_id uuid not null,
      tenant_id text not null,
      from_day date not null,
      to_day date not null,
      opening_on date,
      opening_amount numeric,
      closing_on date,
      closing_amount numeric,
      position bigint not null,
      primary key (account_id, statement_id)
    )`.execute(db);
  await sql`create index rm_ledger_statements_closing_idx on rm_ledger_statements (account_id, closing_on desc, position desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rm_ledger_statements', 'rm_ledger_rates', 'rm_ledger_transfers', 'rm_ledger_orders', 'rm_ledger_days', 'rm_ledger_entries']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
