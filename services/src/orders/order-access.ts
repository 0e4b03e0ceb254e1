import type { OrderView } from '@desk/machines/order/order-state';
import type { UserRow } from '../identity/users.repository';
import { coversTenant, type AdminScope } from '../identity/admin-scope';
import { OrderNotFoundError } from './order-errors';

/**
 * Who may see and act on an order, decided here and nowhere else. An order outside the caller's
 * reach does not exist for them (404), so ids of other customers' or other brands' orders reveal
 * nothing.
 */

/** A customer acts only on their own orders. */
export function ownedBy(view: OrderView | null, user: UserRow): OrderView {
  if (!view || view.userId !== user.id) throw new OrderNotFoundError();
  return view;
}

/** An admin acts only on orders of the brands in their scope (an order, or its history). */
export function inAdminScope<T extends { tenantId: string }>(order: T | null | undefined, scope: AdminScope): T {
  if (!order || !coversTenant(scope, order.tenantId)) throw new OrderNotFoundError();
  return order;
}
