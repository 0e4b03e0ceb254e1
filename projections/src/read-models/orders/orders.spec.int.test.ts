import { describe, expect } from 'vitest';
import { completed, proof, rejected, verified } from '@desk/machines/order/order.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { ORDERS_SPEC_OPTIONS, specOrder } from '../../testing/order-spec-events';
import { ordersProjection } from './orders.projection';

const spec = readModelSpec(ordersProjection, ORDERS_SPEC_OPTIONS);

describe('orders read model', () => {
  it('keeps each order as the order machine folds it, with the columns the lists filter on lifted out', async ({ readModels }) => {
    const buy = specOrder('buy', { fiatAmount: '1000' });
    const then = await spec(readModels).given(buy.placed, buy.then(proof())).when(buy.then(verified()));
    const [row] = await then.rows('rm_orders');
    expect(row).toMatchObject({
      id: buy.id,
      ref_code: buy.refCode,
      tenant_id: 'zen',
      user_id: buy.userId,
      type: 'fiat_to_crypto',
      method: 'bank',
      network: 'TRC20',
      status: 'fiat_received',
      fiat_amount: '1000.00',
      proof_count: 1,
      version: '2',
    });
    expect(row!.view).toEqual(JSON.parse(JSON.stringify(buy.viewAfter(proof(), verified()))));
  });

  it('counts the orders and their rupees per brand, status, side and network, moving an order when its status changes', async ({ readModels }) => {
    const [first, second, sell] = [specOrder('buy', { fiatAmount: '1000' }), specOrder('buy', { fiatAmount: '500' }), specOrder('sell')];
    const then = await spec(readModels)
      .given(first.placed, second.placed, sell.placed)
      .when(first.then(proof()), first.then(completed({ cryptoReference: '0xdone' })), sell.then(rejected()));
    await then.thenRows(
      'rm_order_counts',
      [
        { tenant_id: 'zen', status: 'completed', type: 'fiat_to_crypto', network: 'TRC20', orders: '1', fiat_total: '1000.00' },
        { tenant_id: 'zen', status: 'pending', type: 'fiat_to_crypto', network: 'TRC20', orders: '1', fiat_total: '500.00' },
        { tenant_id: 'zen', status: 'rejected', type: 'crypto_to_fiat', network: 'TRC20', orders: '1', fiat_total: '8557.00' },
        // Built in two batches, the sell's pending count stays at zero (one batch never wrote it).
        { tenant_id: 'zen', status: 'pending', type: 'crypto_to_fiat', network: 'TRC20', orders: '0', fiat_total: '0.00' },
      ],
      'orders desc, status',
    );
  });

  it("keeps each customer's day of held and shown rupees for the limits: a rejected order holds nothing", async ({ readModels }) => {
    const kept = specOrder('buy', { fiatAmount: '1000' });
    const refused = specOrder('buy', { fiatAmount: '700', userId: kept.userId });
    const then = await spec(readModels).given(kept.placed, refused.placed).when(refused.then(rejected()));
    await then.thenRows('rm_customer_usage_days', [{ user_id: kept.userId, held_inr: '1000.00', shown_inr: '1700.00' }]);
  });

  it('announces each order a batch changed on the live feed, new ones as new', async ({ readModels }) => {
    const buy = specOrder('buy');
    const then = await spec(readModels).given(buy.placed).when(buy.then(proof()));
    // The given-then-when build: the placement's batch, then the proof's.
    await then.thenRows(
      'rm_order_changes',
      [
        { order_id: buy.id, status: 'pending', is_new: true },
        { order_id: buy.id, status: 'pending', is_new: false },
      ],
      'seq',
    );
  });
});
