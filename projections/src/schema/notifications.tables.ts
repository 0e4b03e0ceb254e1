import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the customer notifications read model (migrations in read-models/notifications/). */
export interface NotificationsTable {
  /** The event's id: one event tells its customer at most one thing, and a replay makes the same id. */
  id: string;
  /** Insertion order: the SMS dispatcher follows it (a rebuild's rows come after every earlier one). */
  seq: Generated<string>;
  user_id: string;
  tenant_id: string;
  order_id: string;
  /** payment_verified, buy_completed, sell_completed, rejected, expired (customer-notices.ts). */
  kind: string;
  /** What the message says about the order: reference code, amounts, the transaction or UTR, the reason. */
  facts: unknown;
  /** When the event was recorded: the same after a rebuild. */
  created_at: ColumnType<Date, Date, never>;
}

/** Each order's state after the last event this projection folded, to fold the next one on from. */
export interface NotificationOrdersTable {
  order_id: string;
  stream_position: string;
  view: unknown;
}
