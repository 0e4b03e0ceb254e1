import { sql, type Kysely } from 'kysely';

/**
 * Bank line claims (decision 0032): what a statement line was taken for, before the event that
 * says so is appended: the order it pays (one line per order, one order per line) or a refund. Two
 * admins assigning one line, a match by reference racing an assignment, or one line offered to two
 * orders: the first claim wins, and the others are refused before anything is recorded. A claim
 * whose event was never appended (the process died between the two) is completed by the next match
 * of its line, or released when its order refuses it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table bank_line_claims (
      account_id uuid not null,
      line_key text not null,
      kind text not null check (kind in ('match', 'refund')),
      order_id uuid unique,
      claimed_at timestamptz not null default now(),
      primary key (account_id, line_key),
      check ((kind = 'match') = (order_id is not null))
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table bank_line_claims`.execute(db);
}
