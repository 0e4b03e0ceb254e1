import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { emptyOrder, evolveOrder, resumeOrder, type OrderSnapshot, type OrderView } from '@desk/machines/order/order-state';

const ORDER_STREAM = 'order-';

/** An event of an order's stream: what the order projections handle. */
export const isOrderEvent = (event: RecordedEvent): boolean => event.streamId.startsWith(ORDER_STREAM);

/** A batch's order events, by order id, each order's in stream order; other streams are left out. */
export function eventsByOrder(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const byOrder = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    if (!isOrderEvent(event)) continue;
    const id = event.streamId.slice(ORDER_STREAM.length);
    byOrder.set(id, [...(byOrder.get(id) ?? []), event]);
  }
  return byOrder;
}

/**
 * The orders of a batch that may have a stored state: those whose first event here is not their
 * stream's first. An order placed in this batch has none (its placement is applied once: the
 * checkpoint's compare-and-set sees to that, and a rebuild empties the tables), so a batch of new
 * orders, the common one while customers place, reads nothing before its statement.
 */
export function ordersBeyondTheirStart(byOrder: ReadonlyMap<string, readonly RecordedEvent[]>): string[] {
  return [...byOrder].filter(([, events]) => events[0]!.streamPosition > 0n).map(([orderId]) => orderId);
}

/**
 * Folds an order's new events through the machine, on from the state a read model stored (its view
 * and the position it stood at), calling `each` with the state after every event. Events already
 * applied are skipped. A gap means an earlier event of this order was quarantined: folding on would
 * build a state that skipped it, so the order's later events fail (and are quarantined) too.
 */
export function foldOrderOn(
  stored: { view: OrderView; position: bigint } | undefined,
  events: readonly RecordedEvent[],
  each?: (snapshot: OrderSnapshot, event: RecordedEvent) => void,
): { snapshot: OrderSnapshot; position: bigint } {
  let snapshot = stored ? resumeOrder(stored.view) : emptyOrder();
  let position = stored?.position ?? -1n;
  for (const event of events) {
    if (event.streamPosition <= position) continue;
    if (event.streamPosition !== position + 1n) {
      throw new Error(`${event.streamId}: event ${event.streamPosition} (${event.type}) follows position ${position}; an earlier event is missing`);
    }
    snapshot = evolveOrder(snapshot, { type: event.type, data: event.data } as OrderEvent);
    position = event.streamPosition;
    each?.(snapshot, event);
  }
  return { snapshot, position };
}
