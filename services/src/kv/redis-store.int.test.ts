import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@desk/platform/logging/logger';
import { freePort } from '../../../tests/support/free-port';
import { RedisStore } from './redis-store';

describe('a Redis store while Redis is away', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns once per outage instead of printing an unhandled error on every reconnect attempt', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = RedisStore.connect(`redis://127.0.0.1:${await freePort()}`);
    try {
      await expect(store.get('anything')).rejects.toThrow();
      // ioredis retries every few hundred milliseconds: wait for several attempts to have failed.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(warn.mock.calls.filter(([message]) => message === 'Redis is unreachable; retrying')).toHaveLength(1);
      expect(printed.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error event/);
    } finally {
      await store.close();
    }
  });
});
