import { describe } from 'vitest';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { eventLogProjection } from './event-log.projection';

const spec = readModelSpec(eventLogProjection);

describe('event-log read model', () => {
  it('keeps every event of every stream, with who, from where and which brand lifted into columns', async ({ readModels }) => {
    const placedId = crypto.randomUUID();
    const verifiedId = crypto.randomUUID();
    const then = await spec(readModels)
      .given({
        streamId: 'order-a',
        type: 'OrderPlaced',
        data: { refCode: 'ORD-1' },
        tenantId: 'zen',
        eventId: placedId,
        metadata: { actor: { id: 'customer-1', role: 'customer' }, ip: '198.51.100.4' },
        at: '2026-11-27T10:00:00.000Z',
      })
      .when({
        streamId: 'order-a',
        type: 'OrderVerified',
        data: { verifiedAt: '2026-11-27T10:05:00.000Z' },
        tenantId: 'zen',
        eventId: verifiedId,
        metadata: { actor: { id: 'admin-1', role: 'admin' }, ip: null },
        at: '2026-11-27T10:05:00.000Z',
      });
    await then.thenRows('rm_event_log', [
      {
        event_id: placedId,
        stream_id: 'order-a',
        stream_position: '0',
        type: 'OrderPlaced',
        tenant_id: 'zen',
        actor_id: 'customer-1',
        actor_role: 'customer',
        ip: '198.51.100.4',
        recorded_at: new Date('2026-11-27T10:00:00.000Z'),
        data: { refCode: 'ORD-1' },
        metadata: { actor: { id: 'customer-1', role: 'customer' }, tenantId: 'zen' },
      },
      { event_id: verifiedId, stream_position: '1', type: 'OrderVerified', actor_id: 'admin-1', actor_role: 'admin', ip: null },
    ]);
  });
});
