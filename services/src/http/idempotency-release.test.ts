import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { idempotency } from './idempotency';
import type { Claim, IdempotencyKeys } from './idempotency-keys';

/** Keys whose release fails `failures` times (the database still away), then works. */
function keysFailingRelease(failures: number) {
  const released: number[] = [];
  let attempts = 0;
  const keys = {
    claim: async (): Promise<Claim> => ({ requestId: 'request-1', token: 'token-1' }),
    renew: async () => true,
    complete: async () => undefined,
    release: async () => {
      attempts++;
      if (attempts <= failures) throw new Error('Connection terminated unexpectedly');
      released.push(Date.now());
    },
  } as unknown as IdempotencyKeys;
  return { keys, released, attempts: () => attempts };
}

function appAnswering(status: 200 | 503, keys: IdempotencyKeys) {
  return new Hono<{ Variables: { user: { id: string } } }>()
    .use(async (c, next) => {
      c.set('user', { id: 'customer-1' });
      await next();
    })
    .use(idempotency(undefined as never, keys))
    .post('/orders', (c) => c.json({ error: 'The service is briefly unavailable', code: 'unavailable' }, status));
}

const post = (app: ReturnType<typeof appAnswering>) =>
  app.request('/orders', { method: 'POST', headers: { 'idempotency-key': 'k-1', 'content-type': 'application/json' }, body: '{}' });

describe('a failed request gives its Idempotency-Key up', () => {
  it('tries the release again while the database is still away, without holding the answer', async () => {
    const { keys, released, attempts } = keysFailingRelease(2);
    const started = Date.now();
    const response = await post(appAnswering(503, keys));
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(400); // answered before the first retry's pause
    expect(released).toEqual([]);
    // Retried after 0.5 s and 1 s more: the third attempt frees the key.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(attempts()).toBe(3);
    expect(released).toHaveLength(1);
  });

  it('gives up after its retries: the claim then times out on its own', async () => {
    const { keys, released, attempts } = keysFailingRelease(99);
    await post(appAnswering(503, keys));
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(attempts()).toBe(5);
    expect(released).toEqual([]);
  }, 15_000);
});
