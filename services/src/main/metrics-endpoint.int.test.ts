import { afterAll, describe, expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { it } from '../../../tests/support/app-fixtures';
import { freePort } from '../../../tests/support/free-port';
import { createApp } from '../api/app';
import { startMetricsEndpoint } from './metrics-endpoint';

const TOKEN = 'int-test-scrape-token-42';

describe('the metrics endpoint of an API process', () => {
  let port: number;
  let endpoint: ReturnType<typeof startMetricsEndpoint>;
  it.beforeAll(async ({ t }) => {
    port = await freePort();
    endpoint = startMetricsEndpoint({ METRICS_PORT: port, METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN }, t.deps);
  });
  afterAll(async () => {
    await endpoint?.close();
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('reports every projection, the job queue and the pool from the real runtime', async () => {
    const text = await scrape();
    for (const projection of ['orders', 'tenants', 'stream-summary'])
      expect(text).toMatch(new RegExp(`^desk_projection_events_behind\\{projection="${projection}"\\} \\d+$`, 'm'));
    expect(text).toMatch(/^desk_job_queue_jobs\{queue="in-process",state="delayed"\} \d+$/m);
    expect(text).toMatch(/^desk_db_pool_connections [1-9]\d*$/m);
    expect(text).not.toContain('desk_metrics_sample_failures_total{');
  });

  it('times the requests of the app it was given, by route pattern', async ({ t }) => {
    const app = createApp({ ...t.deps, observeRequest: endpoint.observeRequest });
    const token = await t.adminToken();
    for (let i = 0; i < 2; i++) await app.request(`/api/admin/orders/${randomUUID()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await scrape()).toMatch(/^http_request_duration_seconds_count\{route="\/api\/admin\/orders\/:id",method="GET",status_class="4xx"\} 2$/m);
  });

  it('is not served on the public port', async ({ t }) => {
    const response = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await response.text()).not.toContain('# TYPE');
    expect((await t.call('GET', '/api/metrics')).status).toBe(404);
  });

  it('measures and serves nothing without METRICS_PORT', async ({ t }) => {
    const off = startMetricsEndpoint({ METRICS_HOST: '127.0.0.1' }, t.deps);
    expect(off.observeRequest).toBeUndefined();
    await off.close();
  });
});
