import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store';
import { RateLimiter, TooManyRequestsError } from './rate-limiter';

const LIMIT = { name: 'test-fail', max: 3, windowMs: 60_000 };
const message = (minutes: number) => `wait ${minutes} minute(s)`;

describe('attempts counted before their outcome', () => {
  it('refuses past the allowance, and an attempt refused is not counted', async () => {
    const limiter = new RateLimiter(new MemoryStore());
    await limiter.attempt(LIMIT, 's', message);
    await limiter.attempt(LIMIT, 's', message); // two failures, kept
    const last = await limiter.attempt(LIMIT, 's', message);
    expect(last.started).not.toBeNull(); // it would start the lock if it failed
    await expect(limiter.attempt(LIMIT, 's', message)).rejects.toBeInstanceOf(TooManyRequestsError);
    // The last one succeeded: with only two failures, the next attempt is allowed.
    await last.undo();
    const next = await limiter.attempt(LIMIT, 's', message);
    expect(next.started).not.toBeNull();
  });

  it('lets no more attempts through at once than one after another', async () => {
    const limiter = new RateLimiter(new MemoryStore());
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.attempt(LIMIT, 'burst', message)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof TooManyRequestsError)).toHaveLength(7);
  });
});
