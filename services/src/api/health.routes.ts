import { Hono } from 'hono';
import type pg from 'pg';
import type { EventStore } from '@desk/platform/eventstore/event-store';

export interface HealthDeps {
  pool: pg.Pool;
  eventStore: EventStore;
}

/** Liveness and readiness for load balancers and compose health checks: 503 when the database is unreachable. */
export function healthRoutes({ pool, eventStore }: HealthDeps) {
  return new Hono().get('/health', async (c) => {
    try {
      await pool.query('select 1');
      return c.json({ status: 'ok' as const, eventStore: eventStore.kind }, 200);
    } catch {
      return c.json({ status: 'unavailable' as const, eventStore: eventStore.kind }, 503);
    }
  });
}
