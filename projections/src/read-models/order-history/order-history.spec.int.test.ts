import { describe } from 'vitest';
import { proof, verified } from '@desk/machines/order/order.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { specOrder } from '../../testing/order-spec-events';
import { orderHistoryProjection } from './order-history.projection';

const spec = readModelSpec(orderHistoryProjection);

describe('order-history read model', () => {
  it("keeps each order's state after each of its events, held from that event's time until the next one's", async ({ readModels }) => {
    const buy = specOrder('buy');
    const then = await spec(readModels)
      .given({ ...buy.placed, at: '2026-11-27T10:00:00.000Z' }, { ...buy.then(proof()), at: '2026-11-27T10:03:00.000Z' })
      .when({ ...buy.then(verified()), at: '2026-11-27T10:10:00.000Z' });
    await then.thenRows('rm_order_history', [
      {
        order_id: buy.id,
        stream_position: '0',
        tenant_id: 'zen',
        status: 'pending',
        valid_from: new Date('2026-11-27T10:00:00.000Z'),
        valid_to: new Date('2026-11-27T10:03:00.000Z'),
        view: { orderId: buy.id, status: 'pending', proofCount: 0 },
      },
      {
        stream_position: '1',
        status: 'pending',
        valid_from: new Date('2026-11-27T10:03:00.000Z'),
        valid_to: new Date('2026-11-27T10:10:00.000Z'),
        view: { proofCount: 1 },
      },
      { stream_position: '2', status: 'fiat_received', valid_from: new Date('2026-11-27T10:10:00.000Z'), valid_to: null },
    ]);
  });
});
