import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { testMetadata } from '../../../tests/support/event-factory';
import { eventsByOrder, ordersBeyondTheirStart } from './order-batches';

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
