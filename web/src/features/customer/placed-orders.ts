import type { Order } from './customer-api';

/** Longer than the projection ever lags in practice; after this the list speaks for itself. */
const KEEP_MS = 60_000;

const placed = new Map<string, { order: Order; at: number }>();

/**
 * Read-your-writes for My Orders: the list comes from the read model, which shows a new order a
 * moment after the placement answered. Orders this page placed are kept briefly and put in front
 * of any list that does not have them yet (docs/decisions/0018-live-updates.md).
 */
export function rememberPlaced(order: Order, now = Date.now()): void {
  placed.set(order._id, { order, at: now });
}

export function withPlaced(orders: Order[], now = Date.now()): Order[] {
  if (placed.size === 0) return orders;
  const listed = new Set(orders.map((o) => o._id));
  const missing: Order[] = [];
  for (const [id, entry] of placed) {
    if (listed.has(id) || now - entry.at > KEEP_MS) placed.delete(id);
    else missing.push(entry.order);
  }
  return missing.length === 0 ? orders : [...missing.reverse(), ...orders];
}
