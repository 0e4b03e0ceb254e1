/**
 * Webhooks on BullMQ (Redis), as `npm run start:worker` runs them: each attempt one job, a retry a
 * delayed job, and no attempt doubled however often the same one is queued.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { giveDepositWallet } from '../../../tests/support/deposit-wallet';
import { startTestRedis } from '../../../tests/support/redis-server';
import { waitFor } from '../../../tests/support/wait-for';
import { BullQueue, startJobWorker } from '../jobs/bull-queue';
import type { JobHandlers } from '../jobs/job-queue';
import { verifySignature } from './verify-signature';
import { WebhookDispatch } from './webhook-dispatch';
import type { WebhookDb } from './webhook-database';

const it = withApp
  // A Redis of the file's own, stopped when the file ends.
  // eslint-disable-next-line no-empty-pattern
  .extend('redis', { scope: 'file' }, async ({}, { onCleanup }) => {
    const redis = await startTestRedis();
    onCleanup(() => redis.stop());
    return redis;
  })
  // The webhook dispatch on a BullMQ queue in that Redis, and a worker running its deliveries: closed
  // (the worker, then the queue) before Redis stops.
  .extend('dispatch', { scope: 'file' }, ({ t, redis }, { onCleanup }) => {
    const queue = new BullQueue(redis.url);
    const dispatch = new WebhookDispatch(t.database.db as unknown as WebhookDb, t.deps.webhooks.endpoints, queue, { production: false, retryDelaysMs: [500] });
    // The worker runs only this job here; the other jobs are the app's own in-process ones.
    const worker = startJobWorker(
      redis.url,
      { 'webhook.deliver': ({ deliveryId }: { deliveryId: string }) => dispatch.deliver(deliveryId) } as unknown as JobHandlers,
      4,
    );
    onCleanup(async () => {
      await worker.close();
      await queue.close();
    });
    return dispatch;
  });

describe('webhook deliveries through BullMQ', () => {
  it('sends a delivery, retries it after a failure as a delayed job, and never runs one attempt twice', async ({ t, admin, receiver, dispatch }) => {
    await giveDepositWallet(t);
    // The feed has started (as at a desk's start): it sends what happens from now.
    await t.deps.webhooks.feed.catchUp();
    const created = await json(t.call('POST', '/api/admin/webhooks', { token: admin, body: { url: `${receiver.url}/bull`, eventTypes: ['order.placed'] } }));
    const customer = await createCustomer(t, '+919600000041');
    const order = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: customer,
        body: { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' },
      }),
    );
    // The order's event may be held back a moment by another transaction still open (the store
    // shows events in commit order): read on until the feed has written its delivery.
    const delivery = await waitFor('the feed to write the delivery', async () => (await t.deps.webhooks.feed.catchUp())[0]);
    receiver.answerNext(502);
    // The first attempt queued three times over (a feed and two sweeps racing): it runs once.
    await Promise.all([dispatch.queueNew([delivery]), dispatch.queueNew([delivery]), dispatch.queueNew([delivery])]);
    const sent = await waitFor('the retry delivered', async () => (receiver.requests.length >= 2 ? receiver.requests : null), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.requests).toHaveLength(2);
    expect(sent.map((r) => r.headers['x-desk-delivery'])).toEqual([delivery.id, delivery.id]);
    expect(verifySignature(sent[1]!.body, sent[1]!.headers['x-desk-signature'] as string, created.body.secret)).toBe(true);
    expect(JSON.parse(sent[1]!.body).data.orderId).toBe(order.body.order._id);
    const attempts = await t.database.pool.query('select number, status_code from webhook_attempts where delivery_id = $1 order by number', [delivery.id]);
    expect(attempts.rows).toEqual([
      { number: 1, status_code: 502 },
      { number: 2, status_code: 200 },
    ]);
  });
});
