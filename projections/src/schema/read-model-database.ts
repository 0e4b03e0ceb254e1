import type { ProjectionCheckpointsTable, ProjectionDeadLettersTable } from './runtime.tables';
import type { StreamSummaryTable } from './stream-summary.tables';
import type { CustomerUsageDaysTable, OrderCountsTable, OrdersTable } from './orders.tables';
import type { TenantsTable } from './tenants.tables';
import type { EventLogTable } from './event-log.tables';
import type { OrderHistoryTable } from './order-history.tables';
import type { OrderChangesTable } from './order-changes.tables';
import type { DeskChangesTable } from './desk-changes.tables';
import type { PaymentReferencesTable, StatementLineOutcomesTable, StatementLinesTable } from './statement-lines.tables';
import type { NotificationOrdersTable, NotificationsTable } from './notifications.tables';
import type { LedgerDaysTable, LedgerEntriesTable, LedgerOrdersTable, LedgerRatesTable, LedgerStatementsTable, LedgerTransfersTable } from './ledger.tables';

export type {
  ProjectionCheckpointsTable,
  ProjectionDeadLettersTable,
  StreamSummaryTable,
  OrdersTable,
  OrderCountsTable,
  CustomerUsageDaysTable,
  TenantsTable,
  EventLogTable,
  OrderHistoryTable,
  OrderChangesTable,
  DeskChangesTable,
  StatementLinesTable,
};

/** Every table the projections own, for kysely: one file per read model (its migrations are in read-models/<name>/). */
export interface ReadModelDatabase {
  rm_tenants: TenantsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_dead_letters: ProjectionDeadLettersTable;
  rm_stream_summary: StreamSummaryTable;
  rm_orders: OrdersTable;
  rm_order_counts: OrderCountsTable;
  rm_customer_usage_days: CustomerUsageDaysTable;
  rm_event_log: EventLogTable;
  rm_order_history: OrderHistoryTable;
  rm_order_changes: OrderChangesTable;
  rm_desk_changes: DeskChangesTable;
  rm_statement_lines: StatementLinesTable;
  rm_statement_line_outcomes: StatementLineOutcomesTable;
  rm_payment_references: PaymentReferencesTable;
  rm_ledger_entries: LedgerEntriesTable;
  rm_ledger_days: LedgerDaysTable;
  rm_ledger_orders: LedgerOrdersTable;
  rm_ledger_transfers: LedgerTransfersTable;
  rm_ledger_rates: LedgerRatesTable;
  rm_ledger_statements: LedgerStatementsTable;
  rm_notifications: NotificationsTable;
  rm_notification_orders: NotificationOrdersTable;
}
