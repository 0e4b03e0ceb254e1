/**
 * The one way new lists page (`?cursor=&limit=` answering `{ items, nextCursor }`, newest first:
 * webhooks and their deliveries, a customer's notifications): the cursor is the last item's time and
 * id, opaque to the client. One that does not read back is bad input, never a 500.
 */
export interface PageCursor {
  at: Date;
  id: string;
}

import { sql, type SelectQueryBuilder } from 'kysely';
import { UUID } from './server-ids';

/** The times a cursor may name: what PostgreSQL's timestamptz holds comfortably (a year like -271821 made it fail, a 500: review 11, F3). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

export const encodeCursor = (at: Date, id: string): string => Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url');

export function decodeCursor(text: string): PageCursor | null {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const time = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(time.getTime()) || time.getTime() < EARLIEST || time.getTime() > LATEST) return null;
  return { at: time, id };
}

/** A page's answer from one more row than asked for: that extra row only says there is a next page. */
export function pageOf<Row extends { created_at: Date; id: string }, Item>(rows: readonly Row[], limit: number, json: (row: Row) => Item) {
  const items = rows.slice(0, limit);
  return { items: items.map(json), nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!.created_at, items.at(-1)!.id) : null };
}

/**
 * One page of a list on one table with `created_at` and `id` (webhook endpoints, their deliveries):
 * the rows after the cursor's time and id, newest first, and one more row than asked for (it only
 * says there is a next page: pageOf).
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, limit: number, cursor: PageCursor | null) {
  const after = cursor ? query.where(sql<boolean>`(created_at < ${cursor.at} or (created_at = ${cursor.at} and id < ${cursor.id}))`) : query;
  return after
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(limit + 1)
    .execute();
}
