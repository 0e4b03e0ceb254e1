import type { CommandHandler } from '@desk/platform/eventstore/command-handler';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { streamId } from '@desk/platform/eventstore/stream-id';
import type { OrderEvent, OrderPlaced } from '@desk/machines/order/order.events';
import { orderView, type OrderSnapshot, type OrderView } from '@desk/machines/order/order-state';
import { orderEvolver } from '@desk/machines/order/order.decide';

export const orderStream = (orderId: string): string => streamId('order', orderId);

export interface LoadedOrder {
  snapshot: OrderSnapshot;
  view: OrderView | null;
  /** Revision of the stream's last event; null when the order does not exist. */
  revision: bigint | null;
}

/** Called after an event is recorded (schedules or cancels the order's expiry job). Must not throw. */
export type AfterRecord = (event: OrderEvent, view: OrderView) => Promise<void>;
/** Called once a command's events are recorded, with all of them in order (order-follow-ups.ts). Must not throw. */
export type AfterCommand = (events: readonly OrderEvent[], view: OrderView) => Promise<void>;

/**
 * Orders through the one command handler: an order is the fold of its stream through the machine,
 * and a command's events are appended only when the machine accepts them, at the revision they were
 * decided against (a lost race is decided again). An order's events belong to the order's brand,
 * whoever acts (an operator admin, a timer): its tenant is stamped on their metadata.
 */
export class OrderStore {
  constructor(
    private readonly handler: CommandHandler,
    private readonly afterCommand: AfterCommand = async () => undefined,
  ) {}

  async load(orderId: string): Promise<LoadedOrder> {
    const { state, revision } = await this.handler.load(orderEvolver, orderStream(orderId));
    return { snapshot: state, view: orderView(state), revision };
  }

  /** Records a new order: its id is fresh, so nothing is loaded (a clash would be WrongExpectedVersionError). */
  async create(event: OrderPlaced, metadata: EventMetadata): Promise<OrderView> {
    const { state } = await this.handler.start(orderEvolver, orderStream(event.data.orderId), [event], { ...metadata, tenantId: event.data.tenantId });
    const view = orderView(state)!;
    await this.afterCommand([event], view);
    return view;
  }

  /** `decide` sees the order as it stands and returns what to record; it refuses by throwing. */
  async execute(orderId: string, metadata: EventMetadata, decide: (snapshot: OrderSnapshot) => OrderEvent[] | Promise<OrderEvent[]>): Promise<OrderView> {
    const { state, events } = await this.handler.handle(orderEvolver, orderStream(orderId), decide, (before) => ({
      ...metadata,
      tenantId: orderView(before)?.tenantId ?? metadata.tenantId,
    }));
    const view = orderView(state)!;
    if (events.length > 0) await this.afterCommand(events, view);
    return view;
  }
}
