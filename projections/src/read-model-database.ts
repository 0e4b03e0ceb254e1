import type { ProjectionCheckpointsTable, ProjectionDeadLettersTable } from './runtime/runtime.tables';
import type { StreamSummaryTable } from './read-models/stream-summary/stream-summary.tables';
import type { OrderCountsTable, OrdersTable } from './read-models/orders/orders.tables';
import type { TenantsTable } from './read-models/tenants/tenants.tables';

export type { ProjectionCheckpointsTable, ProjectionDeadLettersTable, StreamSummaryTable, OrdersTable, OrderCountsTable, TenantsTable };

/** Every table the projections own, for kysely: each read model declares its own beside its migrations. */
export interface ReadModelDatabase {
  rm_tenants: TenantsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_dead_letters: ProjectionDeadLettersTable;
  rm_stream_summary: StreamSummaryTable;
  rm_orders: OrdersTable;
  rm_order_counts: OrderCountsTable;
}
