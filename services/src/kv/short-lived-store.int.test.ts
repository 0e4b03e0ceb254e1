import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ShortLivedStore } from './short-lived-store';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import { startTestRedis, type TestRedis } from '../../../tests/support/redis-server';

function contract(name: string, open: () => Promise<ShortLivedStore>, close: () => Promise<void>) {
  describe(`short-lived store: ${name}`, () => {
    let store: ShortLivedStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(close);
    const key = () => `test:${randomUUID()}`;

    it('stores, reads and deletes with an expiry', async () => {
      const k = key();
      await store.set(k, 'v', 60_000);
      expect(await store.get(k)).toBe('v');
      expect(await store.ttl(k)).toBeGreaterThan(59_000);
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
      expect(await store.ttl(k)).toBe(0);
    });

    it('expires keys', async () => {
      const k = key();
      await store.set(k, 'v', 30);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await store.get(k)).toBeNull();
    });

    it('sets if absent exactly once under parallel calls', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 10 }, () => store.setIfAbsent(k, 'x', 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('counts atomically under parallel increments, with the window set on the first', async () => {
      const k = key();
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.increment(k, 60_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await store.ttl(k)).toBeGreaterThan(59_000);
    });

    it('takes a count back, keeping its window, never below zero and never for a key gone', async () => {
      const k = `dec-${Date.now()}`;
      await Promise.all(Array.from({ length: 3 }, () => store.increment(k, 60_000)));
      await Promise.all([store.decrement(k), store.decrement(k)]);
      expect(await store.get(k)).toBe('1');
      expect(await store.ttl(k)).toBeGreaterThan(50_000);
      await store.decrement(k);
      await store.decrement(k);
      expect(await store.get(k)).toBe('0');
      await store.decrement(`${k}-absent`);
      expect(await store.get(`${k}-absent`)).toBeNull();
    });

    it('renews and deletes a key only while it holds the value given', async () => {
      const k = key();
      await store.set(k, 'mine', 1_000);
      expect(await store.expireIfEqual(k, 'theirs', 60_000)).toBe(false);
      expect(await store.ttl(k)).toBeLessThanOrEqual(1_000);
      expect(await store.expireIfEqual(k, 'mine', 60_000)).toBe(true);
      expect(await store.ttl(k)).toBeGreaterThan(59_000);
      expect(await store.deleteIfEqual(k, 'theirs')).toBe(false);
      expect(await store.get(k)).toBe('mine');
      expect(await store.deleteIfEqual(k, 'mine')).toBe(true);
      expect(await store.get(k)).toBeNull();
      expect(await store.expireIfEqual(k, 'mine', 60_000)).toBe(false);
      expect(await store.get(k)).toBeNull();
      expect(await store.deleteIfEqual(k, 'mine')).toBe(false);
    });
  });
}

let redis: TestRedis;
let redisStore: RedisStore;
contract(
  'memory',
  async () => new MemoryStore(),
  async () => undefined,
);
contract(
  'redis',
  async () => {
    redis = await startTestRedis();
    redisStore = RedisStore.connect(redis.url);
    return redisStore;
  },
  async () => {
    await redisStore.close();
    await redis.stop();
  },
);
