import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { emptyOrder, evolveOrder, resumeOrder, type OrderSnapshot, type OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '../schema/read-model-database';

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

/** Where an order read model keeps each order's last folded state: its table, and the columns of the order id and of the position it stood at. */
export interface StoredOrderStates {
  readonly table: keyof ReadModelDatabase & string;
  readonly orderId: string;
  readonly position: string;
  /** Which of an order's rows holds its last state, when it keeps several (the history's open one). */
  readonly latest?: RawBuilder<unknown>;
}

/** An order's state as a read model stored it, to fold its new events on from (foldOrderOn). */
export interface StoredOrder {
  view: OrderView;
  position: bigint;
}

/**
 * A batch's order events by order (eventsByOrder) and the states `from` stored for the orders it
 * continues (ordersBeyondTheirStart: none is read when all are new); null when it has no order event.
 * Not PREPARED: prepared, its plan was made once for any number of ids, and cost five times the one
 * made for the ids at hand (docs/performance.md).
 */
export async function readOrderBatch(
  read: Kysely<ReadModelDatabase>,
  events: readonly RecordedEvent[],
  from: StoredOrderStates,
): Promise<{ byOrder: Map<string, RecordedEvent[]>; stored: Map<string, StoredOrder> } | null> {
  const byOrder = eventsByOrder(events);
  if (byOrder.size === 0) return null;
  const ids = ordersBeyondTheirStart(byOrder);
  if (ids.length === 0) return { byOrder, stored: new Map() };
  const { rows } = await sql<{ order_id: string; view: OrderView; position: string }>`
    select ${sql.ref(from.orderId)} as order_id, view, ${sql.ref(from.position)} as position from ${sql.table(from.table)}
    where ${sql.ref(from.orderId)} in (${sql.join(ids)})${from.latest ? sql` and ${from.latest}` : sql``}`.execute(read);
  return { byOrder, stored: new Map(rows.map((r) => [r.order_id, { view: r.view, position: BigInt(r.position) }])) };
}

/**
 * The last folds of the events the projector saw most recently, by event id: the state each was
 * applied to and the state after. The order projections (the list, the history, the notifications)
 * fold the same new events, mostly from the same state (an order placed in the batch starts from
 * the one empty state, and each later event from the state the previous fold left); a transition is
 * pure and its snapshots immutable, so the second and third fold reuse the first's instead of running
 * the machine again (it was a seventh of the projector thread's samples: docs/performance.md, issue
 * 32). By id (and chain hash), not by event object: each runner reads the log at its own moment (gathering), so the
 * three are seldom handed the same objects. The oldest are forgotten past FOLDS_KEPT: while
 * customers place, the runners are tens of events apart; each fold kept holds its order's state
 * (about 4.5 KB, so some 5 MB in all). Runners further apart (catching up in batches of thousands)
 * fold for themselves, as before.
 */
const FOLDS_KEPT = 1_024;
const lastFolds = new Map<string, { hash: string; from: OrderSnapshot; to: OrderSnapshot }>();

function evolveOnce(snapshot: OrderSnapshot, event: RecordedEvent): OrderSnapshot {
  const seen = lastFolds.get(event.eventId);
  // The same id and chain hash: the same stored event (the hash covers its content).
  if (seen?.from === snapshot && seen.hash === event.hash) return seen.to;
  const to = evolveOrder(snapshot, { type: event.type, data: event.data } as OrderEvent);
  lastFolds.delete(event.eventId);
  lastFolds.set(event.eventId, { hash: event.hash, from: snapshot, to });
  if (lastFolds.size > FOLDS_KEPT) lastFolds.delete(lastFolds.keys().next().value!);
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
