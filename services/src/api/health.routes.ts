import type pg from 'pg';
import { z } from 'zod';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { answer, declare, routes } from '../http/openapi-route';

export interface HealthDeps {
  pool: pg.Pool;
  eventStore: EventStore;
}

const EVENT_STORE = z.enum(['postgres', 'eventstoredb']).describe('Which event store the server runs on');

export const healthDeclarations = {
  health: declare({
    method: 'get',
    path: '/health',
    tag: 'public',
    access: 'public',
    summary: 'Liveness and readiness: 503 when the database is unreachable',
    answers: { 200: answer('Ready: the database answers', z.object({ status: z.literal('ok'), eventStore: EVENT_STORE })) },
    refuses: {
      503: "unavailable: the database does not answer. Also `status: 'unavailable'` and `eventStore`; `Retry-After` says in how many seconds to ask again",
    },
  }),
};

/** How long a load balancer should wait before asking again while the database is away. */
const RETRY_AFTER_SECONDS = '5';

/** Liveness and readiness for load balancers and compose health checks: 503 when the database is unreachable. */
export function healthRoutes({ pool, eventStore }: HealthDeps) {
  return routes().openapi(healthDeclarations.health, async (c) => {
    try {
      await pool.query('select 1');
      return c.json({ status: 'ok' as const, eventStore: eventStore.kind }, 200);
    } catch {
      c.header('retry-after', RETRY_AFTER_SECONDS);
      // The one error shape, with the fields the check answered before it.
      const body = { error: 'The database is unreachable', code: 'unavailable', status: 'unavailable' as const, eventStore: eventStore.kind };
      return c.json(body, 503);
    }
  });
}
