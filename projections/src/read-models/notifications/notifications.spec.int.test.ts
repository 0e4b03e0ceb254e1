import { describe } from 'vitest';
import { completed, proof, rejected, verified } from '@desk/machines/order/order.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { specOrder } from '../../testing/order-spec-events';
import { notificationsProjection } from './notifications.projection';

const spec = readModelSpec(notificationsProjection);

describe('notifications read model', () => {
  it('keeps one notice per telling event, its id the event’s, with the facts the message names', async ({ readModels }) => {
    const buy = specOrder('buy', { fiatAmount: '1000', cryptoAmount: '11.23' });
    const sell = specOrder('sell');
    const verifiedId = crypto.randomUUID();
    const completedId = crypto.randomUUID();
    const rejectedId = crypto.randomUUID();
    const then = await spec(readModels)
      .given(buy.placed, buy.then(proof()), sell.placed)
      .when(
        { ...buy.then(verified()), eventId: verifiedId, at: '2026-11-27T10:10:00.000Z' },
        { ...buy.then(completed({ cryptoReference: '0xdone' })), eventId: completedId },
        { ...sell.then(rejected()), eventId: rejectedId },
      );
    const facts = { ref: buy.refCode, orderType: 'buy', inr: '1000', usdt: '11.23', network: 'TRC20' };
    await then.thenRows(
      'rm_notifications',
      [
        {
          id: verifiedId,
          user_id: buy.userId,
          tenant_id: 'zen',
          order_id: buy.id,
          kind: 'payment_verified',
          facts,
          created_at: new Date('2026-11-27T10:10:00.000Z'),
        },
        { id: completedId, order_id: buy.id, kind: 'buy_completed', facts: { ...facts, txHash: '0xdone' } },
        { id: rejectedId, user_id: sell.userId, order_id: sell.id, kind: 'rejected', facts: { orderType: 'sell' } },
      ],
      'seq',
    );
    // Each order's state, for the next batch to fold on from.
    await then.thenRows(
      'rm_notification_orders',
      [
        { order_id: buy.id, stream_position: '3', view: { status: 'completed' } },
        { order_id: sell.id, stream_position: '1', view: { status: 'rejected' } },
      ].sort((a, b) => a.order_id.localeCompare(b.order_id)),
    );
  });

  it('tells nothing of a placement or a proof', async ({ readModels }) => {
    const buy = specOrder('buy');
    const then = await spec(readModels).given(buy.placed).when(buy.then(proof()));
    await then.thenNoRow('rm_notifications', { order_id: buy.id });
  });
});
