import { randomUUID } from 'node:crypto';
import type { OrderEvent, OrderPlaced } from '@desk/machines/order/order.events';
import { placed, placedSell } from '@desk/machines/order/order.fixtures';
import { foldOrder, orderView, type OrderView } from '@desk/machines/order/order-state';
import { onStream, type SpecEvent } from './spec-events';
import type { ReadModelSpecOptions } from './read-model-spec';

export interface SpecOrder {
  id: string;
  refCode: string;
  userId: string;
  tenantId: string;
  /** Its placement, as the read-model specs take events. */
  placed: SpecEvent;
  /** One of its later events (the order machine's fixtures build them). */
  then(event: OrderEvent): SpecEvent;
  /** The order's view after these of its events, as the order machine folds them. */
  viewAfter(...events: OrderEvent[]): OrderView;
}

/**
 * An order for the read-model specs: a placement from the order machine's fixtures (a buy, or a
 * sell), with a customer id of its own (the read models keep it as a uuid) and its brand.
 */
export function specOrder(side: 'buy' | 'sell', overrides: Partial<OrderPlaced['data']> = {}): SpecOrder {
  const placement = (side === 'buy' ? placed : placedSell)({ userId: randomUUID(), tenantId: 'zen', ...overrides });
  const { orderId: id, refCode, userId, tenantId } = placement.data;
  const streamId = `order-${id}`;
  return {
    id,
    refCode,
    userId,
    tenantId,
    placed: onStream(streamId, placement, { tenantId }),
    then: (event) => onStream(streamId, event, { tenantId }),
    viewAfter: (...events) => orderView(foldOrder([placement, ...events]))!,
  };
}

/**
 * The orders read model's spec options: the live feed's rows are one per order and batch, by design;
 * counts and usage days a batch brings to zero stay as rows at zero (one batch never wrote them).
 */
export const ORDERS_SPEC_OPTIONS: ReadModelSpecOptions = {
  batchDependent: ['rm_order_changes'],
  compared: {
    rm_order_counts: (row) => Number(row.orders) !== 0,
    rm_customer_usage_days: (row) => Number(row.held_inr) !== 0 || Number(row.shown_inr) !== 0,
  },
};
