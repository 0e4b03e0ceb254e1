import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageCursor } from '../http/page-cursor';

/**
 * One page of a list that pages newest first (http/page-cursor.ts): the rows after the cursor's
 * time and id, by `created_at` then `id`, descending, and one more row than asked for (it only says
 * there is a next page). For a query on one table with both columns: webhook endpoints, deliveries.
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, limit: number, cursor: PageCursor | null) {
  const after = cursor ? query.where(sql<boolean>`(created_at < ${cursor.at} or (created_at = ${cursor.at} and id < ${cursor.id}))`) : query;
  return after
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(limit + 1)
    .execute();
}
