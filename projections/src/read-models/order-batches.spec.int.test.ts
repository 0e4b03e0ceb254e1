import { describe, expect } from 'vitest';
import { completed, proof, rejected, verified } from '@desk/machines/order/order.fixtures';
import { readModelTest as it } from '../testing/read-model-test';
import { readModelSpec } from '../testing/read-model-spec';
import { ORDERS_SPEC_OPTIONS, specOrder } from '../testing/order-spec-events';
import { ordersProjection } from './orders/orders.projection';
import { orderHistoryProjection } from './order-history/order-history.projection';
import { notificationsProjection } from './notifications/notifications.projection';

/**
 * The order read models fold each order on from the state they stored (order-batches.ts): orders
 * interleaved in the log, some placed in the batch that continues them and some before it, build
 * the same rows however the log is cut into batches (the harness builds them three ways).
 */
describe('order batches', () => {
  const first = specOrder('buy', { fiatAmount: '1000' });
  const second = specOrder('sell');
  const late = specOrder('buy', { fiatAmount: '250' });
  const given = [first.placed, second.placed, first.then(proof())];
  const arriving = [late.placed, second.then(rejected()), first.then(verified()), late.then(proof()), first.then(completed({ cryptoReference: '0xdone' }))];

  it.for([
    {
      projection: ordersProjection,
      table: 'rm_orders',
      status: 'status',
      options: ORDERS_SPEC_OPTIONS,
    },
    { projection: orderHistoryProjection, table: 'rm_order_history', status: 'status', options: {} },
    { projection: notificationsProjection, table: 'rm_notification_orders', status: null, options: {} },
  ] as const)('$projection.name: folds interleaved orders on from their stored states', async ({ projection, table, status, options }, { readModels }) => {
    const then = await readModelSpec(
      projection,
      options,
    )(readModels)
      .given(...given)
      .when(...arriving);
    const views = (await then.rows(table)).filter((row) => row.valid_to === undefined || row.valid_to === null);
    const lastStatus = Object.fromEntries(views.map((row) => [(row.view as { orderId: string }).orderId, (row.view as { status: string }).status]));
    expect(lastStatus).toEqual({ [first.id]: 'completed', [second.id]: 'rejected', [late.id]: 'pending' });
    if (status) expect(views.map((row) => row[status])).toEqual(views.map((row) => (row.view as { status: string }).status));
  });
});
