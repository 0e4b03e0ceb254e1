import type { ColumnType } from 'kysely';

/** Kysely types of the order history read model (migrations in read-models/order-history/). */
export interface OrderHistoryTable {
  order_id: string;
  stream_position: ColumnType<string, string, never>;
  tenant_id: string;
  status: string;
  /** When the event that made this state was recorded. */
  valid_from: Date;
  /** When the next event was recorded; null while this is the order's state now. */
  valid_to: Date | null;
  created_at: Date;
  /** The machine's view of the order after the event (OrderView). */
  view: unknown;
}
