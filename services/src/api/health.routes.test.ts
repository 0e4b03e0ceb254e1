import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { errorSchema } from '../http/openapi-route';
import { healthRoutes } from './health.routes';

const eventStore = { kind: 'postgres' } as EventStore;
const pool = (query: () => Promise<unknown>) => ({ query }) as unknown as pg.Pool;

describe('GET /health', () => {
  it('answers 200 ok while the database answers', async () => {
    const response = await healthRoutes({ pool: pool(async () => ({ rows: [] })), eventStore }).request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', eventStore: 'postgres' });
  });

  it('answers 503 in the one error shape, with Retry-After, when the database does not answer', async () => {
    const down = pool(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const response = await healthRoutes({ pool: down, eventStore }).request('/health');
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'unavailable', status: 'unavailable', eventStore: 'postgres' });
    expect(errorSchema.safeParse(body).success).toBe(true);
  });
});
