/**
 * An order command while Redis is away: the order is recorded and answered, and its follow-up jobs
 * (here its expiry) reach the queue once Redis is back. Before, BullMQ held the command's add until
 * Redis returned, and the command's answer with it (the chaos helper's finding, decision 0058).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, json } from '../../../tests/support/test-app';
import { freePort } from '../../../tests/support/free-port';
import { spawnRedis } from '../../../tests/support/redis-server';
import { waitFor } from '../../../tests/support/wait-for';
import { QUEUE_NAME } from '../jobs/bull-queue';

const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', method: 'bank' };

describe('order follow-up jobs while Redis is away', () => {
  it('answers the placed order, and schedules its expiry once Redis is back', async () => {
    const port = await freePort();
    let redis = await spawnRedis(port);
    const t = await createTestApp({ REDIS_URL: redis.url });
    try {
      const token = await createCustomer(t, '+919877700001');
      await redis.stop();

      const placing = json(t.call('POST', '/api/orders/fiat-to-crypto', { token, body: BUY }));
      const answered = await Promise.race([placing, sleep(20_000).then(() => null)]);
      // Before: no answer until Redis was back (here, never: it comes back only after this).
      expect(answered).toMatchObject({ status: 201, body: { order: { status: 'pending' } } });
      const orderId = answered!.body.order._id as string;

      redis = await spawnRedis(port);
      const look = new Redis(redis.url);
      try {
        // BullMQ keeps a job as a hash under bull:<queue>:<job id>; the expiry's id is expire-<order>.
        await waitFor('the expiry job in Redis', async () => (await look.exists(`bull:${QUEUE_NAME}:expire-${orderId}`)) === 1, 20_000);
      } finally {
        look.disconnect();
      }
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});
