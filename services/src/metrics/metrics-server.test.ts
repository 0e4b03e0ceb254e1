import { afterAll, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from './metrics';
import { metricsRoutes, startMetricsServer } from './metrics-server';
import { freePort } from '../../../tests/support/free-port';

const TOKEN = 'scrape-token-0123456789abcdef';

function metrics(): Metrics {
  return createMetrics({
    pool: { totalCount: 1, idleCount: 1, waitingCount: 0 },
    queue: { kind: 'in-process', depth: async () => ({ waiting: 0, delayed: 0, active: 0 }) },
    projections: async () => [],
  });
}

describe('the metrics endpoint', () => {
  const app = metricsRoutes(metrics(), TOKEN);

  it('is refused without the bearer token, or with another', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await app.request('/metrics', { headers });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toContain('# TYPE');
    }
  });

  it('answers Prometheus text to the token', async () => {
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('# TYPE desk_db_pool_connections gauge');
  });

  it('serves nothing else', async () => {
    expect((await app.request('/', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  describe('on its own listener', () => {
    let server: { close(): Promise<void> } | undefined;
    afterAll(() => server?.close());

    it('listens on the given host and port', async () => {
      const port = await freePort();
      server = startMetricsServer(metrics(), { port, host: '127.0.0.1', token: TOKEN });
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const answered = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answered.status).toBe(200);
      expect(await answered.text()).toContain('process_cpu_user_seconds_total');
    });
  });
});
