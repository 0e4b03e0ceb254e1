/**
 * The one way the webhook lists page (`?cursor=&limit=` answering `{ items, nextCursor }`, newest
 * first): the cursor is the last item's time and id, opaque to the client. One that does not read
 * back is bad input, never a 500.
 */
export interface PageCursor {
  at: Date;
  id: string;
}

import { UUID } from '../http/server-ids';

export const encodeCursor = (last: { created_at: Date; id: string }): string =>
  Buffer.from(`${last.created_at.toISOString()}|${last.id}`, 'utf8').toString('base64url');

export function decodeCursor(text: string): PageCursor | null {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const time = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(time.getTime())) return null;
  return { at: time, id };
}

/** A page's answer from one more row than asked for: that extra row only says there is a next page. */
export function pageOf<Row extends { created_at: Date; id: string }, Item>(rows: readonly Row[], limit: number, json: (row: Row) => Item) {
  const items = rows.slice(0, limit);
  return { items: items.map(json), nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null };
}
