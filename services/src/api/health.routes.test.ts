import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { errorSchema } from '../http/openapi-route';
import { healthRoutes, isProbe, probeRoutes } from './health.routes';
import { readinessCheck } from './readiness';

const eventStore = { kind: 'postgres', readStream: async () => [] } as unknown as EventStore;
const pool = (query: () => Promise<unknown>) => ({ query }) as unknown as pg.Pool;
const up = pool(async () => ({ rows: [] }));

function probes(options: { database?: pg.Pool; draining?: () => boolean } = {}) {
  const readiness = readinessCheck({ pool: options.database ?? up, eventStore, draining: options.draining });
  return { root: probeRoutes({ eventStore, readiness }), api: healthRoutes({ eventStore, readiness }) };
}

describe('the health probes', () => {
  it('answers /livez 200 without asking any store', async () => {
    let asked = 0;
    const { root } = probes({ database: pool(async () => (asked += 1)) });
    const response = await root.request('/livez');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(asked).toBe(0);
  });

  it('answers /readyz and /api/health 200 with each store while every store answers', async () => {
    const { root, api } = probes();
    for (const response of [await root.request('/readyz'), await api.request('/health')]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok', eventStore: 'postgres', stores: { database: 'up', eventstore: 'up' } });
    }
  });

  it('answers 503 in the one error shape, with Retry-After and the store that failed, when the database does not answer', async () => {
    const { root, api } = probes({ database: pool(() => Promise.reject(new Error('connect ECONNREFUSED'))) });
    for (const response of [await root.request('/readyz'), await api.request('/health')]) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as { error: string };
      expect(body).toMatchObject({ code: 'unavailable', status: 'unavailable', eventStore: 'postgres', draining: false, stores: { database: 'down' } });
      expect(body.error).toMatch(/database/);
      expect(errorSchema.safeParse(body).success).toBe(true);
    }
  });

  it('answers /readyz 503 from the moment the process drains, while /livez stays 200', async () => {
    let draining = false;
    const { root } = probes({ draining: () => draining });
    expect((await root.request('/readyz')).status).toBe(200);
    draining = true;
    const response = await root.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'unavailable', draining: true, error: 'The server is shutting down' });
    expect((await root.request('/livez')).status).toBe(200);
  });

  it('names the probes, whatever their query, and nothing else', () => {
    expect(['/livez', '/readyz?x=1', '/api/health'].every(isProbe)).toBe(true);
    expect(['/api/orders', '/readyz/x', '/'].some(isProbe)).toBe(false);
  });
});
