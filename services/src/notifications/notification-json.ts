import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { NotificationRow } from '@desk/projections/read-models/notifications/notifications.queries';
import type { ServicesDatabase } from '../db/services-database';
import { isRead, type ReadState } from './notification-reads';
import { NOTICE_KINDS } from './sms-templates';

const SMS_STATUSES = ['sending', 'sent', 'opted_out', 'capped', 'no_phone', 'no_template'] as const;

export const notificationJsonSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTICE_KINDS).describe('payment_verified, buy_completed (with txHash), sell_completed (with utr), rejected (with reason), expired'),
  orderId: z.uuid(),
  refCode: z.string(),
  orderType: z.enum(['buy', 'sell']),
  inr: z.string().describe('Whole rupees'),
  usdt: z.string(),
  network: z.string(),
  txHash: z.string().nullable().describe('buy_completed: the transaction that paid the customer'),
  utr: z.string().nullable().describe("sell_completed: the bank transfer's UTR"),
  reason: z.string().nullable().describe("rejected: the sentence the customer's order page shows"),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
  sms: z
    .enum(SMS_STATUSES)
    .nullable()
    .describe('What became of its SMS: sending, sent, or why not (opted_out, capped, no_phone, no_template); null: not texted (yet, or too old to be news)'),
});

export type NotificationJson = z.infer<typeof notificationJsonSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationJsonSchema).describe('Newest first'),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next (older) page; null: no more'),
  unread: z.number().int().describe('Unread notifications, counted up to 100'),
});

/** What GET /api/user/notifications answers (the web client's type). */
export type NotificationPageJson = z.infer<typeof notificationPageSchema>;

/** Each row's SMS outcome, by notification id. */
export async function smsStatuses(db: Kysely<ServicesDatabase>, ids: readonly string[]): Promise<Map<string, NotificationJson['sms']>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('notification_sms').select(['notification_id', 'status']).where('notification_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.notification_id, r.status]));
}

export function notificationJson(row: NotificationRow, state: ReadState, sms: NotificationJson['sms'] | undefined): NotificationJson {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    refCode: row.facts.ref,
    orderType: row.facts.orderType,
    inr: row.facts.inr,
    usdt: row.facts.usdt,
    network: row.facts.network,
    txHash: row.facts.txHash ?? null,
    utr: row.facts.utr ?? null,
    reason: row.facts.reason ?? null,
    createdAt: row.createdAt.toISOString(),
    read: isRead(state, row),
    sms: sms ?? null,
  };
}
