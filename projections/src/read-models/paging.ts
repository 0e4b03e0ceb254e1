import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered list and the number of rows the list pages through, asked at once (two
 * statements, each on a connection of its own). `listed` is the list, its columns selected and its
 * order given; `filtered` the same rows before any column is selected, which are counted. Pages
 * count from 1.
 */
export async function pageAndTotal<DB, TB extends keyof DB, Row>(
  listed: SelectQueryBuilder<DB, TB, Row>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    listed
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The count's row type is lost in the builder's generics: it is the one column selected above.
  return { rows: rows as Row[], total: Number((count as { n: string }).n) };
}
