import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import type { StatementLinesTable } from '../../schema/statement-lines.tables';

export type StatementLineRow = Omit<StatementLinesTable, 'position'>;

/** An account's lines, the latest booking day first (and within a day, the last recorded first), a page at a time. */
export async function statementLinesOf(
  db: Kysely<ReadModelDatabase>,
  accountId: string,
  page: { page: number; limit: number },
): Promise<{ lines: StatementLineRow[]; total: number }> {
  const query = db.selectFrom('rm_statement_lines').where('account_id', '=', accountId);
  const [rows, count] = await Promise.all([
    query
      .select([
        'account_id',
        'key',
        'tenant_id',
        'statement_id',
        'booked_on',
        'value_on',
        'direction',
        'amount',
        'narration',
        'bank_reference',
        'balance_after',
        'channel',
        'reference',
        'payer_name',
        'reversal',
        'recorded_at',
      ])
      .orderBy('booked_on', 'desc')
      .orderBy('position', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { lines: rows, total: Number(count.n) };
}
