import type { ProjectionCheckpointsTable, ProjectionDeadLettersTable } from './runtime.tables';
import type { StreamSummaryTable } from './stream-summary.tables';
import type { OrderCountsTable, OrdersTable } from './orders.tables';
import type { TenantsTable } from './tenants.tables';

export type { ProjectionCheckpointsTable, ProjectionDeadLettersTable, StreamSummaryTable, OrdersTable, OrderCountsTable, TenantsTable };

/** Every table the projections own, for kysely: one file per read model (its migrations are in read-models/<name>/). */
export interface ReadModelDatabase {
  rm_tenants: TenantsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_dead_letters: ProjectionDeadLettersTable;
  rm_stream_summary: StreamSummaryTable;
  rm_orders: OrdersTable;
  rm_order_counts: OrderCountsTable;
}
