import { sql, type Kysely } from 'kysely';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import type { NoticeFacts, NoticeKind } from './customer-notices';

export interface NotificationRow {
  id: string;
  seq: string;
  userId: string;
  tenantId: string;
  orderId: string;
  kind: NoticeKind;
  facts: NoticeFacts;
  createdAt: Date;
}

/** Where a page of a customer's notifications ends: the last row's time and id (newest first). */
export interface NotificationPosition {
  at: Date;
  id: string;
}

const columns = ['id', sql<string>`seq::text`.as('seq'), 'user_id', 'tenant_id', 'order_id', 'kind', 'facts', 'created_at'] as const;

type Selected = { id: string; seq: string; user_id: string; tenant_id: string; order_id: string; kind: string; facts: unknown; created_at: Date };
const toRow = (r: Selected): NotificationRow => ({
  id: r.id,
  seq: r.seq,
  userId: r.user_id,
  tenantId: r.tenant_id,
  orderId: r.order_id,
  kind: r.kind as NoticeKind,
  facts: r.facts as NoticeFacts,
  createdAt: r.created_at,
});

/** A customer's notifications, newest first, after `before` (the previous page's last) when given. */
export async function customerNotifications(
  db: Kysely<ReadModelDatabase>,
  userId: string,
  options: { before?: NotificationPosition | null; limit: number },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('rm_notifications').select(columns).where('user_id', '=', userId);
  if (options.before) query = query.where(sql<boolean>`(created_at, id) < (${options.before.at}::timestamptz, ${options.before.id}::uuid)`);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map(toRow);
}

/** One of the customer's notifications; null when there is none by that id, or it is someone else's. */
export async function customerNotification(db: Kysely<ReadModelDatabase>, userId: string, id: string): Promise<NotificationRow | null> {
  const row = await db.selectFrom('rm_notifications').select(columns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Of `ids`, those that are the customer's, with their times. */
export async function ownNotifications(db: Kysely<ReadModelDatabase>, userId: string, ids: readonly string[]): Promise<{ id: string; createdAt: Date }[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('rm_notifications').select(['id', 'created_at']).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

/** The time of the customer's newest notification (null: none yet). */
export async function newestNotificationAt(db: Kysely<ReadModelDatabase>, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('rm_notifications')
    .select(sql<Date | null>`max(created_at)`.as('newest'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.newest ?? null;
}

/** The ids of the customer's notifications made after `after` (all of them when null): the candidates for unread. */
export async function notificationIdsAfter(db: Kysely<ReadModelDatabase>, userId: string, after: Date | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('rm_notifications').select('id').where('user_id', '=', userId);
  if (after) query = query.where('created_at', '>', after);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Rows past `afterSeq` made at or after `since`, oldest first: the SMS dispatcher's next work. Rows
 * older than `since` (history a rebuild or a first build replays) are never texted.
 */
export async function notificationsToText(db: Kysely<ReadModelDatabase>, afterSeq: bigint, since: Date, limit: number): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('rm_notifications')
    .select(columns)
    .where('seq', '>', afterSeq.toString())
    .where('created_at', '>=', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** The newest row's seq (0: none): read before `notificationsToText`, a cursor may skip to it when that finds nothing. */
export async function newestNotificationSeq(db: Kysely<ReadModelDatabase>): Promise<bigint> {
  const row = await db
    .selectFrom('rm_notifications')
    .select(sql<string | null>`max(seq)::text`.as('newest'))
    .executeTakeFirst();
  return BigInt(row?.newest ?? 0);
}
