/**
 * The order as a fold of its events, and the questions asked of it: what is it now (orderView),
 * may this event happen next (canApply), and if not, why (explainRefusal). Pure: the server uses
 * it to decide commands, the web client to show the order and its actions.
 */
import { initialTransition, transition } from 'xstate';
import type { OrderEvent, OrderStatus } from './order.events';
import { UNPLACED_ORDER, type OrderContext } from './order-context';
import { orderMachine, type OrderSnapshot } from './order.machine';
import { explainRefusal, type OrderRefusal } from './order-refusal';

export { explainRefusal, type OrderRefusal } from './order-refusal';
export { ORDER_STATUS_LABELS, OPEN_STATUSES, isOpenStatus, statusLabel } from './order-status';

export type { OrderSnapshot };
export type OrderView = Readonly<OrderContext & { status: OrderStatus }>;

/** An event the current state does not allow; carries the same refusal explainRefusal gives. */
export class OrderTransitionError extends Error {
  readonly code = 'invalid_transition';
  constructor(
    readonly refusal: OrderRefusal,
    message: string = refusal.message,
  ) {
    super(message);
    this.name = 'OrderTransitionError';
  }
}

// Snapshots are immutable (every transition returns a new one), so the starting state is built once.
let initial: OrderSnapshot | null = null;

/** The state before any event: the machine's `none` state. */
export function emptyOrder(): OrderSnapshot {
  initial ??= initialTransition(orderMachine)[0];
  return initial;
}

export function canApply(snapshot: OrderSnapshot, event: OrderEvent): boolean {
  return snapshot.can(event);
}

/** Applies one event; a refused event throws rather than being silently ignored as xstate would. */
export function evolveOrder(snapshot: OrderSnapshot, event: OrderEvent): OrderSnapshot {
  if (!snapshot.can(event)) throw new OrderTransitionError(explainRefusal(snapshot, event));
  return transition(orderMachine, snapshot, event)[0];
}

/**
 * Replays a stream. Stored events were accepted once, so a refusal here means the history or the
 * machine is wrong; it throws instead of returning a state that silently skipped an event.
 */
export function foldOrder(events: readonly OrderEvent[]): OrderSnapshot {
  return events.reduce((snapshot, event, index) => {
    if (snapshot.can(event)) return transition(orderMachine, snapshot, event)[0];
    const refusal = explainRefusal(snapshot, event);
    const message = `Stored order history does not fold: event ${index + 1} (${event.type}) was refused: ${refusal.message}`;
    throw new OrderTransitionError(refusal, message);
  }, emptyOrder());
}

/** The machine's state again from a stored view: read models fold on from where they stopped. */
export function resumeOrder(view: OrderView): OrderSnapshot {
  const { status, ...context } = view;
  // A view stored before a field existed gets the field's starting value.
  return orderMachine.resolveState({ value: status, context: { ...UNPLACED_ORDER, ...context } });
}

export function orderStatus(snapshot: OrderSnapshot): OrderStatus | null {
  return snapshot.value === 'none' ? null : snapshot.value;
}

/** A detached, frozen copy of the order with its status; null before the order was placed. */
export function orderView(snapshot: OrderSnapshot): OrderView | null {
  const status = orderStatus(snapshot);
  if (status === null) return null;
  const context = snapshot.context;
  return Object.freeze({
    ...context,
    status,
    rateSource: Object.freeze({ ...context.rateSource }),
    payoutBankAccount: context.payoutBankAccount && Object.freeze({ ...context.payoutBankAccount }),
    attachments: Object.freeze(context.attachments.map((attachment) => Object.freeze({ ...attachment }))),
    priceHistory: Object.freeze(context.priceHistory.map((revision) => Object.freeze({ ...revision }))),
  });
}
