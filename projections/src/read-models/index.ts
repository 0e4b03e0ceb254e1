import type { Projection } from '../runtime/projection';
import { streamSummaryProjection } from './stream-summary/stream-summary.projection';
import { ordersProjection } from './orders/orders.projection';
import { tenantsProjection } from './tenants/tenants.projection';
import { eventLogProjection } from './event-log/event-log.projection';
import { orderHistoryProjection } from './order-history/order-history.projection';
import { deskChangesProjection } from './desk-changes/desk-changes.projection';
import { statementLinesProjection } from './statement-lines/statement-lines.projection';
import { paymentReferencesProjection } from './payment-references/payment-references.projection';
import { ledgerProjection } from './ledger/ledger.projection';
import { notificationsProjection } from './notifications/notifications.projection';

/** Every projection the projector runs, by name. New read models register here. */
export const projections: readonly Projection[] = [
  streamSummaryProjection,
  ordersProjection,
  tenantsProjection,
  eventLogProjection,
  orderHistoryProjection,
  deskChangesProjection,
  statementLinesProjection,
  paymentReferencesProjection,
  ledgerProjection,
  notificationsProjection,
];

export function findProjections(name?: string): Projection[] {
  if (!name) return [...projections];
  const found = projections.filter((p) => p.name === name);
  if (found.length === 0) {
    throw new Error(`Unknown projection "${name}". Known: ${projections.map((p) => p.name).join(', ')}`);
  }
  return found;
}
