import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventStore, GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { emptyOrder, evolveOrder, orderView, type OrderView } from '@desk/machines/order/order-state';
import { logger } from '@desk/platform/logging/logger';
import type { WebhookDb } from './webhook-database';
import { webhookTypeOf, type WebhookEventType } from './webhook-event-types';
import { deliveryBody } from './webhook-payload';

const ORDER_STREAM = 'order-';
/** Only one process reads the feed at a time: the others find the lock taken and leave it. */
const FEED_LOCK = 'webhook-feed';

interface Subscriber {
  id: string;
  tenant_id: string;
  event_types: string[];
  created_at: Date;
}

/** A delivery the feed wrote, to be sent now. */
export interface NewDelivery {
  id: string;
}

/**
 * The event log read into deliveries (decision 0039): each order event a brand's enabled endpoint
 * subscribes to (and that happened after the endpoint was registered) becomes one delivery row, its
 * body built from the order as it stood right after the event. The rows and the move of the feed's
 * position commit together, so a batch is read into deliveries once; `(endpoint, event)` is unique
 * besides, so even a second reading would write nothing twice. Not a projection: the deliveries'
 * states and attempts are history a rebuild must never wipe (and a rebuild must never resend).
 */
/** How long a catch-up waits for events an open transaction holds back, and how often it looks again. */
const HELD_BACK_WAIT_MS = 2_000;
const HELD_BACK_RETRY_MS = 25;

export class WebhookFeed {
  constructor(
    private readonly db: WebhookDb,
    private readonly store: EventStore,
    private readonly batchSize = 500,
  ) {}

  /**
   * Reads until caught up; answers the deliveries written, for the caller to queue. Nothing readable
   * is not the same as nothing left: a committed event stays unreadable while an older transaction
   * is still open, so an empty read with events after it waits a moment and reads again.
   */
  async catchUp(): Promise<NewDelivery[]> {
    const written: NewDelivery[] = [];
    const giveUpAt = Date.now() + HELD_BACK_WAIT_MS;
    for (;;) {
      const batch = await this.readBatch();
      if (!batch) return written;
      written.push(...batch.deliveries);
      if (batch.events === this.batchSize) continue;
      if (batch.events > 0 || Date.now() > giveUpAt || !(await this.store.hasEventsAfter(batch.position))) return written;
      await new Promise((resolve) => setTimeout(resolve, HELD_BACK_RETRY_MS));
    }
  }

  /** One batch, or null when another process holds the feed. */
  private async readBatch(): Promise<{ events: number; position: GlobalPosition | null; deliveries: NewDelivery[] } | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: lock } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${FEED_LOCK})) as locked`.execute(trx);
      if (!lock[0]?.locked) return null;
      await trx
        .insertInto('webhook_feed')
        .values({ id: 1, position: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const feed = await trx.selectFrom('webhook_feed').select(['position', 'started_at']).where('id', '=', 1).executeTakeFirstOrThrow();
      const events = await this.store.readAll(feed.position as GlobalPosition | null, this.batchSize);
      if (events.length === 0) return { events: 0, position: feed.position as GlobalPosition | null, deliveries: [] };
      const subscribers = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'tenant_id', 'event_types', 'created_at'])
        .where('enabled', '=', true)
        .execute();
      // Events from before the feed first ran (a restored desk's history) are passed over, never sent.
      const since = events.filter((event) => event.recordedAt >= feed.started_at);
      const rows = subscribers.length === 0 ? [] : await this.deliveriesFor(since, subscribers);
      const deliveries =
        rows.length === 0
          ? []
          : await trx
              .insertInto('webhook_deliveries')
              .values(rows)
              .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
              .returning('id')
              .execute();
      await trx
        .updateTable('webhook_feed')
        .set({ position: events.at(-1)!.globalPosition, updated_at: new Date() })
        .where('id', '=', 1)
        .execute();
      return { events: events.length, position: events.at(-1)!.globalPosition, deliveries };
    });
  }

  private async deliveriesFor(events: readonly RecordedEvent[], subscribers: readonly Subscriber[]) {
    const orders = new OrderHistories(this.store);
    const rows = [];
    for (const event of events) {
      const type = event.streamId.startsWith(ORDER_STREAM) ? webhookTypeOf(event.type) : null;
      if (!type) continue;
      const tenantId = event.metadata.tenantId;
      const wanting = subscribers.filter((s) => s.tenant_id === tenantId && s.event_types.includes(type) && s.created_at <= event.recordedAt);
      if (wanting.length === 0) continue;
      const order = await orders.after(event).catch((error: Error) => {
        // An order whose history does not fold is the projections' quarantine's to report; held
        // here, it would stop every brand's webhooks behind it.
        logger.error('webhook feed skipped an event whose order does not fold', { eventId: event.eventId, error: error.message });
        return null;
      });
      if (!order) continue;
      for (const endpoint of wanting) rows.push(deliveryRow(endpoint.id, type, event, order));
    }
    return rows;
  }
}

function deliveryRow(endpointId: string, type: WebhookEventType, event: RecordedEvent, order: OrderView) {
  const id = randomUUID();
  return {
    id,
    endpoint_id: endpointId,
    tenant_id: order.tenantId,
    event_id: event.eventId,
    event_type: type,
    order_id: order.orderId,
    body: deliveryBody(id, type, event, order),
    state: 'pending' as const,
    next_attempt_at: new Date(),
  };
}

/** Orders as they stood after a given event of theirs: each order's stream read once per batch. */
class OrderHistories {
  private readonly streams = new Map<string, Promise<RecordedEvent[]>>();

  constructor(private readonly store: EventStore) {}

  async after(event: RecordedEvent): Promise<OrderView | null> {
    let stream = this.streams.get(event.streamId);
    if (!stream) this.streams.set(event.streamId, (stream = this.store.readStream(event.streamId)));
    let snapshot = emptyOrder();
    for (const earlier of await stream) {
      if (earlier.streamPosition > event.streamPosition) break;
      snapshot = evolveOrder(snapshot, { type: earlier.type, data: earlier.data } as OrderEvent);
    }
    return orderView(snapshot);
  }
}
