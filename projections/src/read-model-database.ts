import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the projection runtime's tables and every read model. */
export interface ProjectionCheckpointsTable {
  name: string;
  position: string | null;
  events_applied: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  last_event_at: Date | null;
  rebuild_started_at: Date | null;
  rebuild_total: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  last_error: string | null;
  updated_at: Generated<Date>;
}

/** An event a projection stepped past after it kept failing (quarantined): runtime/dead-letter-store.ts. */
export interface ProjectionDeadLettersTable {
  projection: string;
  position: string;
  event_id: string;
  stream_id: string;
  stream_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  event_type: string;
  error: string;
  attempts: number;
  first_failed_at: Date;
  quarantined_at: Generated<Date>;
}

export interface StreamSummaryTable {
  stream_id: string;
  category: string;
  event_count: ColumnType<string, string | number, string | number>;
  last_event_type: string;
  last_stream_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  first_recorded_at: Date;
  last_recorded_at: Date;
}

export interface OrdersTable {
  id: string;
  ref_code: string;
  tenant_id: string;
  user_id: string;
  user_phone: string;
  type: string;
  method: string;
  network: string;
  status: string;
  fiat_amount: string;
  crypto_amount: string;
  proof_count: number;
  payment_due_at: Date;
  created_at: Date;
  updated_at: Date;
  version: string;
  /** The machine's view of the order (OrderView), what the API's order JSON is made from. */
  view: unknown;
}

export interface OrderCountsTable {
  tenant_id: string;
  status: string;
  type: string;
  network: string;
  orders: string;
  fiat_total: string;
}

export interface TenantsTable {
  id: string;
  domain: string | null;
  deleted: boolean;
  /** The tenant's folded state (TenantState). */
  state: unknown;
  created_at: Date;
}

export interface ReadModelDatabase {
  rm_tenants: TenantsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_dead_letters: ProjectionDeadLettersTable;
  rm_stream_summary: StreamSummaryTable;
  rm_orders: OrdersTable;
  rm_order_counts: OrderCountsTable;
}
