import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { testMetadata } from '../../../tests/support/event-factory';
import { cancelled, placed, verified } from '@desk/machines/order/order.fixtures';
import type { OrderEvent } from '@desk/machines/order/order.events';
import { orderView, OrderTransitionError } from '@desk/machines/order/order-state';
import { eventsByOrder, foldOrderOn, ordersBeyondTheirStart } from './order-batches';

let global = 0;
const event = (orderId: string, streamPosition: number): RecordedEvent => ({
  eventId: `e${++global}`,
  type: streamPosition === 0 ? 'OrderPlaced' : 'ProofSubmitted',
  data: {},
  metadata: testMetadata(),
  streamId: `order-${orderId}`,
  streamPosition: BigInt(streamPosition),
  globalPosition: `1/${global}` as GlobalPosition,
  recordedAt: new Date(),
  hash: '',
});

describe("a batch's orders", () => {
  it('are read from the read model only when the batch continues them: an order placed in it has nothing stored', () => {
    const byOrder = eventsByOrder([event('new', 0), event('new', 1), event('on', 3), event('other', 2), event('placed', 0)]);
    expect(ordersBeyondTheirStart(byOrder)).toEqual(['on', 'other']);
  });
});

describe("folding a batch's order events", () => {
  const recorded = (order: OrderEvent, streamPosition: number): RecordedEvent => ({ ...event('o', streamPosition), type: order.type, data: order.data });

  it('reuses the fold of another projection reading the same events from the same state, and folds afresh from another state', () => {
    const events = [recorded(placed(), 0), recorded(cancelled(), 1)];
    const first = foldOrderOn(undefined, events);
    // Another runner reads the same events at another moment: other objects, the same ids and hashes.
    const second = foldOrderOn(
      undefined,
      events.map((e) => ({ ...e })),
    );
    expect(second.snapshot).toBe(first.snapshot);
    // An id with another chain hash is not the same stored event: the machine runs.
    expect(foldOrderOn(undefined, [{ ...events[0]!, hash: 'another' }]).snapshot).not.toBe(first.snapshot);
    expect(orderView(second.snapshot)?.status).toBe('cancelled');
    // Resumed from a stored view (a read model's own row), the state is another object: the machine runs.
    const resumed = foldOrderOn({ view: orderView(foldOrderOn(undefined, events.slice(0, 1)).snapshot)!, position: 0n }, events);
    expect(resumed.snapshot).not.toBe(first.snapshot);
    expect(orderView(resumed.snapshot)).toEqual(orderView(first.snapshot));
  });

  it('refuses an event the order does not allow every time it is folded, not only the first', () => {
    const events = [recorded(placed(), 0), recorded(cancelled(), 1), recorded(verified(), 2)];
    expect(() => foldOrderOn(undefined, events)).toThrow(OrderTransitionError);
    expect(() => foldOrderOn(undefined, events)).toThrow(OrderTransitionError);
  });
});
