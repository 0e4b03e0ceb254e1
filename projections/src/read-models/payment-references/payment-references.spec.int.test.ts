import { describe } from 'vitest';
import { completed, proof } from '@desk/machines/order/order.fixtures';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { specOrder } from '../../testing/order-spec-events';
import { paymentReferencesProjection } from './payment-references.projection';

const spec = readModelSpec(paymentReferencesProjection);

describe('payment-references read model', () => {
  it("files every reference an order was given under its look-up keys: the customer's proofs and the payout's UTR", async ({ readModels }) => {
    const sell = specOrder('sell');
    const then = await spec(readModels)
      .given(sell.placed, { ...sell.then(proof({ reference: 'UTR 4242 4242 4242' })), at: '2026-11-27T10:03:00.000Z' })
      .when(sell.then(completed({ bankUtr: 'UTR123456789' })));
    await then.thenRows('rm_payment_references', [
      {
        key: '424242424242',
        order_id: sell.id,
        tenant_id: 'zen',
        source: 'customer',
        reference: 'UTR 4242 4242 4242',
        recorded_at: new Date('2026-11-27T10:03:00.000Z'),
      },
      { key: 'UTR123456789', order_id: sell.id, source: 'payout', reference: 'UTR123456789' },
    ]);
  });

  /**
   * One reference sent twice for an order (a proof sent again with the same UTR) is filed once, with
   * the first proof's time, however the events were batched: the projector met them in two batches,
   * a rebuild in one, and the chaos run's rebuild check found the two builds disagreeing.
   */
  it('files a reference sent twice once, with its first time', async ({ readModels }) => {
    const buy = specOrder('buy');
    const then = await spec(readModels)
      .given(buy.placed, { ...buy.then(proof({ reference: 'UTR 4242 4242 4242' })), at: '2026-11-27T10:00:00.000Z' })
      .when({ ...buy.then(proof({ reference: 'UTR 4242 4242 4242', submittedAt: '2026-11-27T10:05:00.000Z' })), at: '2026-11-27T10:05:00.000Z' });
    await then.thenRows('rm_payment_references', [{ key: '424242424242', order_id: buy.id, recorded_at: new Date('2026-11-27T10:00:00.000Z') }]);
  });

  it('files nothing for a reference too short to match, nor for events that bring none', async ({ readModels }) => {
    const buy = specOrder('buy');
    const then = await spec(readModels)
      .given(buy.placed)
      .when(buy.then(proof({ reference: 'UTR1' })));
    await then.thenNoRow('rm_payment_references', { order_id: buy.id });
  });
});
