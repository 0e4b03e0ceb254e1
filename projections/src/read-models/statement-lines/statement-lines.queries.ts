import { sql, type Kysely } from 'kysely';
import { pageAndTotal } from '../paging';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import type { StatementLineOutcomesTable, StatementLinesTable } from '../../schema/statement-lines.tables';

/** What became of a line: the order it paid (with the order's reference code), or a mark for refund. */
export type LineOutcome = Omit<StatementLineOutcomesTable, 'account_id' | 'key'> & { order_ref_code: string | null };
export type StatementLineRow = Omit<StatementLinesTable, 'position'> & { outcome: LineOutcome | null };

/** Which lines: all, those with no outcome yet (the unmatched queue), matched to an order, marked for refund. */
export type LineState = 'all' | 'unmatched' | 'matched' | 'refund';

export interface LineFilters {
  state: LineState;
  direction: 'credit' | 'debit' | null;
}

type Db = Kysely<ReadModelDatabase>;

const LINE_COLUMNS = [
  'l.account_id',
  'l.key',
  'l.tenant_id',
  'l.statement_id',
  'l.booked_on',
  'l.value_on',
  'l.direction',
  'l.amount',
  'l.narration',
  'l.bank_reference',
  'l.balance_after',
  'l.channel',
  'l.reference',
  'l.payer_name',
  'l.reversal',
  'l.recorded_at',
  'l.reference_keys',
] as const;

/** Lines with their outcome (if any) and, for a match, the order's reference code. */
function linesWithOutcomes(db: Db, filters: LineFilters) {
  let query = db
    .selectFrom('rm_statement_lines as l')
    .leftJoin('rm_statement_line_outcomes as o', (join) => join.onRef('o.account_id', '=', 'l.account_id').onRef('o.key', '=', 'l.key'))
    .leftJoin('rm_orders as r', 'r.id', 'o.order_id');
  if (filters.state === 'unmatched') query = query.where('o.key', 'is', null);
  if (filters.state === 'matched') query = query.where('o.kind', '=', 'matched');
  if (filters.state === 'refund') query = query.where('o.kind', '=', 'refund');
  if (filters.direction) query = query.where('l.direction', '=', filters.direction);
  return query;
}

function selectLines(query: ReturnType<typeof linesWithOutcomes>) {
  return query.select([
    ...LINE_COLUMNS,
    'o.kind',
    'o.order_id',
    'o.order_tenant_id',
    'o.via',
    'o.flags',
    'o.note',
    'o.decided_by',
    'o.decided_at',
    'r.ref_code as order_ref_code',
  ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

function lineRow(row: Selected): StatementLineRow {
  const { kind, order_id, order_tenant_id, via, flags, note, decided_by, decided_at, order_ref_code, ...line } = row;
  const outcome: LineOutcome | null =
    kind === null || decided_at === null ? null : { kind, order_id, order_tenant_id, via, flags: flags ?? [], note, decided_by, decided_at, order_ref_code };
  return { ...line, outcome };
}

/** An account's lines, the latest booking day first (and within a day, the last recorded first), a page at a time. */
export async function statementLinesOf(
  db: Db,
  accountId: string,
  page: { page: number; limit: number },
  filters: LineFilters = { state: 'all', direction: null },
): Promise<{ lines: StatementLineRow[]; total: number }> {
  const query = linesWithOutcomes(db, filters).where('l.account_id', '=', accountId);
  const { rows, total } = await pageAndTotal(selectLines(query).orderBy('l.booked_on', 'desc').orderBy('l.position', 'desc'), query, page);
  return { lines: rows.map(lineRow), total };
}

/**
 * The unmatched queue: lines of the brands in scope (null: every brand) that pay no order and are
 * not marked for refund, the latest first, at most `limit`.
 */
export async function unmatchedLines(
  db: Db,
  tenantIds: readonly string[] | null,
  direction: 'credit' | 'debit' | null,
  limit: number,
): Promise<StatementLineRow[]> {
  let query = linesWithOutcomes(db, { state: 'unmatched', direction });
  if (tenantIds !== null) query = tenantIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('l.tenant_id', 'in', tenantIds);
  const rows = await selectLines(query).orderBy('l.booked_on', 'desc').orderBy('l.position', 'desc').limit(limit).execute();
  return rows.map(lineRow);
}

/** One line of an account with its outcome; null when the account holds no such line. */
export async function statementLine(db: Db, accountId: string, key: string): Promise<StatementLineRow | null> {
  const row = await selectLines(
    linesWithOutcomes(db, { state: 'all', direction: null }).where('l.account_id', '=', accountId).where('l.key', '=', key),
  ).executeTakeFirst();
  return row ? lineRow(row) : null;
}

/** Which lines to weigh for matching: one statement's, those carrying one of these keys, or every brand's. */
export interface AwaitingMatch {
  accountId?: string;
  statementId?: string;
  keys?: readonly string[];
}

/**
 * Lines with no outcome yet whose references some order carries (rm_payment_references): what the
 * matcher weighs (payment-match.ts). A page at a time, in (account, key) order after `after`.
 */
export async function linesAwaitingMatch(
  db: Db,
  where: AwaitingMatch,
  page: { after: { accountId: string; key: string } | null; limit: number },
): Promise<StatementLineRow[]> {
  let query = linesWithOutcomes(db, { state: 'unmatched', direction: null }).where(({ or, exists, selectFrom }) =>
    or([
      exists(
        selectFrom('rm_payment_references as p')
          .select('p.key')
          .where(sql<boolean>`p.key = any(l.reference_keys)`),
      ),
      // A reversal of a credit that pays an order, matched or assigned: found through that credit.
      sql<boolean>`l.reversal and exists (${paidCreditsLike()})`,
    ]),
  );
  if (where.accountId) query = query.where('l.account_id', '=', where.accountId);
  if (where.statementId) query = query.where('l.statement_id', '=', where.statementId);
  if (where.keys) query = query.where(sql<boolean>`l.reference_keys && ${sql.val([...where.keys])}::text[]`);
  if (page.after) query = query.where(sql<boolean>`(l.account_id, l.key) > (${page.after.accountId}::uuid, ${page.after.key})`);
  const rows = await selectLines(query).orderBy('l.account_id').orderBy('l.key').limit(page.limit).execute();
  return rows.map(lineRow);
}

/** The matched credits on the same account carrying one of the line `l`'s references (SQL, for a reversal). */
const paidCreditsLike = () => sql`
  select 1 from rm_statement_lines c join rm_statement_line_outcomes co on co.account_id = c.account_id and co.key = c.key
  where c.account_id = l.account_id and c.direction = 'credit' and co.kind = 'matched' and c.reference_keys && l.reference_keys`;

/** The orders paid by credits on this account that carry any of these reference keys (for the reversals of assigned credits). */
export async function ordersPaidByCreditsCarrying(db: Db, accountId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('rm_statement_lines as c')
    .innerJoin('rm_statement_line_outcomes as co', (join) => join.onRef('co.account_id', '=', 'c.account_id').onRef('co.key', '=', 'c.key'))
    .select('co.order_id')
    .distinct()
    .where('c.account_id', '=', accountId)
    .where('c.direction', '=', 'credit')
    .where('co.kind', '=', 'matched')
    .where(sql<boolean>`c.reference_keys && ${sql.val([...keys])}::text[]`)
    .execute();
  return rows.flatMap((row) => (row.order_id ? [row.order_id] : []));
}

/** Whether the read model holds this many lines of the statement yet (the matcher waits for the projection). */
export async function statementLinesHeld(db: Db, statementId: string): Promise<number> {
  const row = await db
    .selectFrom('rm_statement_lines')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('statement_id', '=', statementId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
