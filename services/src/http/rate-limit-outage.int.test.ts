import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/support/free-port';
import { RedisStore } from '../kv/redis-store';
import { RateLimiter } from '../kv/rate-limiter';
import { handleError } from '../api/error-handler';
import { DEFAULT_ROUTE_LIMITS } from './rate-limit-env';
import { rateLimit } from './rate-limit';
import { ProxyTrust } from './proxy-trust';

describe('the general rate limit while Redis is away (review 12 F3)', () => {
  it('lets the first request through within the command timeout, and the next ones at once', async () => {
    const store = RedisStore.connect(`redis://127.0.0.1:${await freePort()}`);
    try {
      const app = new Hono()
        .use(
          '/api/*',
          rateLimit(new RateLimiter(store), DEFAULT_ROUTE_LIMITS, async () => null, ProxyTrust.none()),
        )
        .get('/api/config', (c) => c.json({ ok: true }))
        .onError(handleError);
      const timed = async () => {
        const started = Date.now();
        const response = await app.request('/api/config');
        return { status: response.status, ms: Date.now() - started };
      };
      const first = await timed();
      expect(first.status).toBe(200);
      expect(first.ms).toBeLessThan(4_000); // before: about 15 s, through every reconnect attempt
      const next = await Promise.all([timed(), timed(), timed()]);
      expect(next.map((r) => r.status)).toEqual([200, 200, 200]);
      // At once: not the 2 s command timeout each (half of it, for a busy machine's late timers).
      expect(Math.max(...next.map((r) => r.ms))).toBeLessThan(1_000);
    } finally {
      await store.close();
    }
  }, 20_000);
});
