import { sql, type Kysely } from 'kysely';
import type { DayLine } from '@desk/machines/ledger/bank-day-balance';
import type { LedgerCurrency } from '@desk/machines/ledger/ledger-accounts';
import type { ReadModelDatabase } from '../../schema/read-model-database';

type Db = Kysely<ReadModelDatabase>;

/** An account of a brand on a day: its balance before the day, and the day's own movements (opening balances apart). */
export interface AccountDay {
  account: string;
  currency: LedgerCurrency;
  /** Debits less credits of every day before. */
  before: string;
  /** Debits less credits of the day's opening balance postings (a bank account's balance before its first line). */
  opening: string;
  /** The day's other debits and credits. */
  debit: string;
  credit: string;
}

/**
 * Every account of the brand with a balance before the day or an entry on it. Days before are read
 * from the day totals (one row per account and day), the day itself from its entries.
 */
export async function accountsOnDay(db: Db, tenantId: string, day: string): Promise<AccountDay[]> {
  const { rows } = await sql<AccountDay>`
    with before as (
      select account, currency, sum(debit - credit) as net from rm_ledger_days where tenant_id = ${tenantId} and day < ${day}::date group by account, currency
    ), today as (
      select account, currency,
        sum(case when kind = 'opening_balance' then debit - credit else 0 end) as opening,
        sum(case when kind = 'opening_balance' then 0 else debit end) as debit,
        sum(case when kind = 'opening_balance' then 0 else credit end) as credit
      from rm_ledger_entries where tenant_id = ${tenantId} and day = ${day}::date group by account, currency
    )
    select account, currency, coalesce(b.net, 0)::text as before, coalesce(t.opening, 0)::text as opening,
      coalesce(t.debit, 0)::text as debit, coalesce(t.credit, 0)::text as credit
    from before b full join today t using (account, currency)
    order by account, currency`.execute(db);
  return rows;
}

/** The brand's debits and credits per currency, every day up to and including `day`: equal when the books balance. */
export async function bookTotals(db: Db, tenantId: string, day: string): Promise<{ currency: LedgerCurrency; debits: string; credits: string }[]> {
  const { rows } = await sql<{ currency: LedgerCurrency; debits: string; credits: string }>`
    select currency, sum(debit)::text as debits, sum(credit)::text as credits
    from rm_ledger_days where tenant_id = ${tenantId} and day <= ${day}::date group by currency order by currency`.execute(db);
  return rows;
}

/** What a bank account's statements say up to a day: the lines of the latest day with balances, and the latest stated closing balance. */
export interface StatementSource {
  accountId: string;
  /** The latest day on or before the day asked whose lines give balances, and those lines. */
  lineDay: string | null;
  lines: DayLine[];
  /** The latest closing balance a statement states on or before the day. */
  closing: { on: string; amount: string } | null;
}

export async function statementSources(db: Db, accountIds: readonly string[], day: string): Promise<StatementSource[]> {
  if (accountIds.length === 0) return [];
  const ids = [...accountIds];
  const [lines, closings] = await Promise.all([
    sql<{ account_id: string; booked_on: string; position: string; direction: 'credit' | 'debit'; amount: string; balance_after: string | null }>`
      with latest as (
        select account_id, max(booked_on) as booked_on from rm_statement_lines
        where account_id = any(${ids}::uuid[]) and booked_on <= ${day}::date and balance_after is not null group by account_id
      )
      select l.account_id, l.booked_on::text as booked_on, l.position::text as position, l.direction, l.amount::text as amount,
        l.balance_after::text as balance_after
      from rm_statement_lines l join latest using (account_id, booked_on)`.execute(db),
    sql<{ account_id: string; closing_on: string; closing_amount: string }>`
      select distinct on (account_id) account_id, closing_on::text as closing_on, closing_amount::text as closing_amount from rm_ledger_statements
      where account_id = any(${ids}::uuid[]) and closing_on <= ${day}::date and closing_amount is not null
      order by account_id, closing_on desc, position desc`.execute(db),
  ]);
  return ids.map((accountId) => {
    const own = lines.rows.filter((row) => row.account_id === accountId);
    const closing = closings.rows.find((row) => row.account_id === accountId);
    return {
      accountId,
      lineDay: own[0]?.booked_on ?? null,
      lines: own.map((row) => ({ position: Number(row.position), direction: row.direction, amount: row.amount, balanceAfter: row.balance_after })),
      closing: closing ? { on: closing.closing_on, amount: closing.closing_amount } : null,
    };
  });
}

/** One posting line as the CSV export writes it. */
export interface LedgerEntryRow {
  seq: string;
  day: string;
  kind: string;
  account: string;
  currency: LedgerCurrency;
  debit: string;
  credit: string;
  order_id: string | null;
  order_ref_code: string | null;
  bank_account_id: string | null;
  line_key: string | null;
  tx_hash: string | null;
  event_id: string;
  recorded_at: Date;
}

/**
 * A brand's entries from one day to another (both included), by day and then in the order they were
 * booked, a page at a time (each resumes after the last row's day and seq): what the CSV export streams.
 */
export async function* iterateLedgerEntries(db: Db, tenantId: string, range: { from: string; to: string }, pageSize = 1_000): AsyncGenerator<LedgerEntryRow> {
  let after: { day: string; seq: string } | null = null;
  for (;;) {
    const page = await entriesAfter(db, tenantId, range, after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = { day: last.day, seq: last.seq };
  }
}

async function entriesAfter(db: Db, tenantId: string, range: { from: string; to: string }, after: { day: string; seq: string } | null, limit: number) {
  const { rows } = await sql<LedgerEntryRow>`
    select e.seq::text as seq, e.day::text as day, e.kind, e.account, e.currency, e.debit::text as debit, e.credit::text as credit, e.order_id,
      o.ref_code as order_ref_code, e.bank_account_id, e.line_key, e.tx_hash, e.event_id, e.recorded_at
    from rm_ledger_entries e left join rm_orders o on o.id = e.order_id
    where e.tenant_id = ${tenantId} and e.day between ${range.from}::date and ${range.to}::date
      ${after === null ? sql`` : sql`and (e.day, e.seq) > (${after.day}::date, ${after.seq}::bigint)`}
    order by e.day, e.seq
    limit ${limit}`.execute(db);
  return rows;
}
