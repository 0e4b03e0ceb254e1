/**
 * How statuses read to people, and which of them are still in play. Shared by the customer and
 * admin screens so the two never label or count an order differently.
 */
import type { OrderStatus } from './order.events';

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  fiat_received: 'Payment Received',
  crypto_sent: 'Processing',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Older records spell crypto_sent with a dash; both mean the same status. */
const LEGACY_ALIASES: ReadonlyMap<string, OrderStatus> = new Map([['crypto-sent', 'crypto_sent']]);

/** Statuses the customer dashboard counts as pending: the order still needs someone to act. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'fiat_received', 'approved', 'crypto_sent'];

function knownStatus(status: string): OrderStatus | null {
  if (Object.hasOwn(ORDER_STATUS_LABELS, status)) return status as OrderStatus;
  return LEGACY_ALIASES.get(status) ?? null;
}

/** The label for a status; an unknown status is shown as it is rather than hidden. */
export function statusLabel(status: string): string {
  const known = knownStatus(status);
  return known === null ? status : ORDER_STATUS_LABELS[known];
}

export function isOpenStatus(status: string): boolean {
  const known = knownStatus(status);
  return known !== null && OPEN_STATUSES.includes(known);
}
