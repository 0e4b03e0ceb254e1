import { useCallback, useEffect, useState } from 'react';

/** Order id -> the status the customer last saw it in. */
export type SeenStatuses = Record<string, string>;

export interface StatusChange {
  orderId: string;
  refCode: string;
  from: string;
  to: string;
}

interface OrderStatusLike {
  _id: string;
  refCode: string;
  status: string;
}

const storageKey = (userId: string) => `customer.seen-order-statuses.${userId}`;

export function readSeen(userId: string): SeenStatuses | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as SeenStatuses) : null;
  } catch {
    return null;
  }
}

function writeSeen(userId: string, seen: SeenStatuses): void {
  localStorage.setItem(storageKey(userId), JSON.stringify(seen));
}

/**
 * Orders whose status differs from the one last seen. An order not seen yet is compared with
 * `pending` (every order starts there), so the customer's own new orders are not news, but one
 * that moved on before this device saw it is. Without any record (first visit) nothing is news.
 */
export function statusChanges(orders: readonly OrderStatusLike[], seen: SeenStatuses | null): StatusChange[] {
  if (!seen) return [];
  return orders
    .filter((o) => (seen[o._id] ?? 'pending') !== o.status)
    .map((o) => ({ orderId: o._id, refCode: o.refCode, from: seen[o._id] ?? 'pending', to: o.status }));
}

const withStatuses = (seen: SeenStatuses, orders: readonly OrderStatusLike[]) => ({ ...seen, ...Object.fromEntries(orders.map((o) => [o._id, o.status])) });

/** The bell's state for one user, kept in local storage so it survives reloads. */
export function useStatusChanges(userId: string, orders: readonly OrderStatusLike[] | undefined) {
  const [seen, setSeen] = useState<SeenStatuses | null>(() => readSeen(userId));

  useEffect(() => {
    // The first visit records where every order stands, so only later moves count as news.
    if (seen === null && orders) {
      const baseline = withStatuses({}, orders);
      writeSeen(userId, baseline);
      setSeen(baseline);
    }
  }, [seen, orders, userId]);

  const markSeen = useCallback(
    (which: readonly OrderStatusLike[]) => {
      setSeen((current) => {
        const next = withStatuses(current ?? {}, which);
        writeSeen(userId, next);
        return next;
      });
    },
    [userId],
  );

  return { changes: statusChanges(orders ?? [], seen), markSeen };
}
