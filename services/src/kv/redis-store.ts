import { Redis } from 'ioredis';
import { logger } from '@desk/platform/logging/logger';
import type { ShortLivedStore } from './short-lived-store';

// INCR and the window's expiry in one step, so a crash between them cannot leave a counter that never expires.
const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;
// DECR keeps the expiry; a key gone (its window over) is not brought back as -1.
const DECREMENT = `local n = tonumber(redis.call('GET', KEYS[1])) if n and n > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

// Compare and act in one step: another process may take the key between a GET and a PEXPIRE or DEL.
const EXPIRE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const DELETE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export class RedisStore implements ShortLivedStore {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'desk:',
  ) {}

  static connect(url: string): RedisStore {
    // commandTimeout: a Redis that is away fails a command within 2 s (a 503 to retry, or a rate
    // limit let through) instead of holding the request through every reconnect attempt (~15 s).
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: 2_000 });
    reportOutagesOnce(redis);
    return new RedisStore(redis);
  }

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async increment(key: string, ttlMs: number) {
    return Number(await this.redis.eval(INCREMENT, 1, this.prefix + key, ttlMs));
  }

  async decrement(key: string) {
    await this.redis.eval(DECREMENT, 1, this.prefix + key);
  }

  async ttl(key: string) {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  async delete(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
  }

  async expireIfEqual(key: string, value: string, ttlMs: number) {
    return Number(await this.redis.eval(EXPIRE_IF_EQUAL, 1, this.prefix + key, value, ttlMs)) === 1;
  }

  async deleteIfEqual(key: string, value: string) {
    return Number(await this.redis.eval(DELETE_IF_EQUAL, 1, this.prefix + key, value)) === 1;
  }

  async close() {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * Without an 'error' listener ioredis prints "Unhandled error event" on every reconnect attempt while
 * Redis is away; the commands themselves still fail to their callers (who answer or let the request
 * through). One warning per outage says it, and one line when it is back.
 */
function reportOutagesOnce(redis: Redis): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn('Redis is unreachable; retrying', { error: error.message });
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('Redis answers again');
  });
}
