import { randomUUID } from 'node:crypto';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { WrongExpectedVersionError } from '@desk/platform/eventstore/event-store.errors';
import { streamId } from '@desk/platform/eventstore/stream-id';
import type { OrderEvent, OrderPlaced } from '@desk/machines/order/order.events';
import { emptyOrder, evolveOrder, foldOrder, orderView, OrderTransitionError, type OrderSnapshot, type OrderView } from '@desk/machines/order/order-state';
import { InvalidTransitionError, OrderNotFoundError } from './order-errors';

export const orderStream = (orderId: string): string => streamId('order', orderId);

/** The state after `event`, or the machine's refusal as a 409: one transition, not a check and a transition. */
function decideNext(snapshot: OrderSnapshot, event: OrderEvent): OrderSnapshot {
  try {
    return evolveOrder(snapshot, event);
  } catch (error) {
    if (error instanceof OrderTransitionError) throw new InvalidTransitionError(error.refusal);
    throw error;
  }
}

const MAX_ATTEMPTS = 4;

export interface LoadedOrder {
  snapshot: OrderSnapshot;
  view: OrderView | null;
  /** Revision of the stream's last event; null when the order does not exist. */
  revision: bigint | null;
}

/**
 * Decides and records order commands: the order is the fold of its stream through the machine,
 * a command's event is appended only if the machine accepts it, at the revision it was decided
 * against. When another command got there first, the order is reloaded and the command decided
 * again, so of two admins approving and rejecting at once exactly one wins and the other is told
 * the status it found.
 */
/** Called after an event is recorded (schedules or cancels the order's expiry job). Must not throw. */
export type AfterRecord = (event: OrderEvent, view: OrderView) => Promise<void>;

export class OrderStore {
  constructor(
    private readonly store: EventStore,
    private readonly afterRecord: AfterRecord = async () => undefined,
  ) {}

  async load(orderId: string): Promise<LoadedOrder> {
    const events = await this.store.readStream(orderStream(orderId));
    const snapshot = events.length === 0 ? emptyOrder() : foldOrder(events.map((e) => ({ type: e.type, data: e.data }) as OrderEvent));
    const last = events[events.length - 1];
    return { snapshot, view: orderView(snapshot), revision: last ? last.streamPosition : null };
  }

  /**
   * Records a new order. Its id is fresh, so there is nothing to load: the append's `no_stream`
   * expectation is the whole check (a clash would surface as WrongExpectedVersionError).
   */
  async create(event: OrderPlaced, metadata: EventMetadata): Promise<OrderView> {
    const next = decideNext(emptyOrder(), event);
    await this.store.append(orderStream(event.data.orderId), [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: { ...metadata, tenantId: event.data.tenantId } }], {
      expected: 'no_stream',
    });
    const view = orderView(next)!;
    await this.afterRecord(event, view);
    return view;
  }

  /**
   * `decide` sees the current order (null when it does not exist) and returns the event to record.
   * It may throw a DomainError to refuse on grounds the machine does not know (ownership, input).
   */
  async execute(
    orderId: string,
    metadata: EventMetadata,
    decide: (view: OrderView | null) => OrderEvent | Promise<OrderEvent>,
  ): Promise<OrderView> {
    for (let attempt = 1; ; attempt++) {
      const { snapshot, view, revision } = await this.load(orderId);
      const event = await decide(view);
      if (view === null && event.type !== 'OrderPlaced') throw new OrderNotFoundError();
      const next = decideNext(snapshot, event);
      // An order's events belong to the order's brand, whoever acts: an operator admin, a timer.
      const recorded = view ? { ...metadata, tenantId: view.tenantId } : metadata;
      try {
        await this.store.append(
          orderStream(orderId),
          [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: recorded }],
          { expected: revision === null ? 'no_stream' : revision },
        );
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      // Appended at the revision it was decided against, so the new state is exactly this.
      const after = orderView(next)!;
      await this.afterRecord(event, after);
      return after;
    }
  }
}
