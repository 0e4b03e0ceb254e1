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
 * The last fold of each event the projector holds: the state it was applied to and the state after.
 * The order projections (the list, the history, the notifications) are handed the same event objects
 * when their reads coincide (shared-tail-reads.ts), as they do while customers place, and each folds
 * the batch's orders from the same state; a transition is pure and its snapshots immutable, so the
 * second and third fold reuse the first's instead of running the machine again (it was a seventh of
 * the projector thread's samples: docs/performance.md, issue 32). Keyed weakly: an event no runner
 * holds any more is forgotten with it.
 */
const lastFold = new WeakMap<RecordedEvent, { from: OrderSnapshot; to: OrderSnapshot }>();

function evolveOnce(snapshot: OrderSnapshot, event: RecordedEvent): OrderSnapshot {
  const seen = lastFold.get(event);
  if (seen?.from === snapshot) return seen.to;
  const to = evolveOrder(snapshot, { type: event.type, data: event.data } as OrderEvent);
  lastFold.set(event, { from: snapshot, to });
  return to;
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
    snapshot = evolveOnce(snapshot, event);
    position = event.streamPosition;
    each?.(snapshot, event);
  }
  return { snapshot, position };
}
