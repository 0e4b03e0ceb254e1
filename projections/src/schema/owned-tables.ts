import type { ReadModelDatabase } from './read-model-database';

// A record over every key of ReadModelDatabase: a table added there without being listed here does
// not compile, so a backup can never start copying a new read model by accident.
const OWNED: Record<keyof ReadModelDatabase, true> = {
  rm_tenants: true,
  rm_stream_summary: true,
  rm_orders: true,
  rm_order_counts: true,
  rm_customer_usage_days: true,
  rm_event_log: true,
  rm_order_history: true,
  rm_order_changes: true,
  rm_desk_changes: true,
  rm_statement_lines: true,
  rm_statement_line_outcomes: true,
  rm_payment_references: true,
  rm_ledger_entries: true,
  rm_ledger_days: true,
  rm_ledger_orders: true,
  rm_ledger_transfers: true,
  rm_ledger_rates: true,
  rm_ledger_statements: true,
  rm_notifications: true,
  rm_notification_orders: true,
  projection_checkpoints: true,
  projection_dead_letters: true,
};

/**
 * Every table the projections own: the read models, rebuilt from the events, and the runtime's
 * checkpoints and quarantine, which a rebuild resets. Backups leave them out (services/src/ops/backup).
 */
export const PROJECTION_OWNED_TABLES: readonly string[] = Object.keys(OWNED);
