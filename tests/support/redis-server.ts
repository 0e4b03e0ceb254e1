import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';
import { testEnv } from './test.env';
import { waitFor } from './wait-for';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * REDIS_URL when given, else a throwaway redis-server on a free port (no persistence). A machine
 * without redis-server fails here, loudly: `.ci/run` installs it.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (testEnv.REDIS_URL) return { url: testEnv.REDIS_URL, stop: async () => undefined };
  return spawnRedis(await freePort());
}

/**
 * A redis-server of the test's own on `port`, whatever REDIS_URL says: for a test that stops it and
 * starts it again on the same port (a Redis outage).
 */
export async function spawnRedis(port: number): Promise<TestRedis> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) =>
    child.on('error', (error) =>
      reject(new Error(`redis-server could not start (${error.message}); install it (apt-get install redis-server) or set REDIS_URL`)),
    ),
  );
  const url = `redis://127.0.0.1:${port}`;
  await Promise.race([failed, untilRedisAnswers(url)]);
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Resolves once a Redis at `url` answers PING (a server just started takes a moment). */
export function untilRedisAnswers(url: string): Promise<true> {
  return waitFor('redis-server', async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  });
}
