import type { Context } from 'hono';
import { z } from 'zod';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { answer, declare, routes } from '../http/openapi-route';
import { unreadyReason, type Readiness } from './readiness';

export interface HealthDeps {
  eventStore: Pick<EventStore, 'kind'>;
  /** The stores' answers and the drain (readiness.ts), shared by every probe route. */
  readiness: () => Promise<Readiness>;
}

const EVENT_STORE = z.enum(['postgres', 'eventstoredb']).describe('Which event store the server runs on');
const STATE = z.enum(['up', 'down', 'timeout']);
const STORES = z
  .object({ database: STATE.optional(), eventstore: STATE.optional(), redis: STATE.optional() })
  .describe('Each store this process uses (redis only with REDIS_URL): `up`, `down` (refused or failed) or `timeout` (no answer in 2 s)');
const READY = z.object({ status: z.literal('ok'), eventStore: EVENT_STORE, stores: STORES });
const UNAVAILABLE =
  "unavailable: a store does not answer, or the process is shutting down. Also `status: 'unavailable'`, `eventStore`, `stores` (which failed) and `draining`; `Retry-After` says in how many seconds to ask again";
const probe = { tag: 'health', access: 'public', method: 'get' } as const;

export const probeDeclarations = {
  livez: declare({
    ...probe,
    path: '/livez',
    summary: 'Liveness: the process serves requests (no store is asked)',
    description: "At the server's root, not under /api. 200 while the process answers at all, draining included: restart it only when this fails.",
    answers: { 200: answer('The process serves', z.object({ status: z.literal('ok') })) },
  }),
  readyz: declare({
    ...probe,
    path: '/readyz',
    summary: 'Readiness: every store this process uses answers, and it is not shutting down',
    description:
      "At the server's root, not under /api, whatever the Host. 503 while the read-model PostgreSQL, the event store or Redis (when configured) does not answer within 2 s, and from the moment the process begins to drain on SIGTERM.",
    answers: { 200: answer('Ready: every store answers', READY) },
    refuses: { 503: UNAVAILABLE },
  }),
};

export const healthDeclarations = {
  health: declare({
    ...probe,
    path: '/health',
    summary: 'Readiness, as /readyz answers it (kept for the clients that ask here)',
    answers: { 200: answer('Ready: every store answers', READY) },
    refuses: { 503: UNAVAILABLE },
  }),
};

/** How long a load balancer should wait before asking again while a store is away or the process drains. */
const RETRY_AFTER_SECONDS = '5';

async function ready(c: Context, { eventStore, readiness }: HealthDeps) {
  const state = await readiness();
  // Never cached: a probe must reach the process each time.
  c.header('cache-control', 'no-store');
  if (state.ready) return c.json({ status: 'ok' as const, eventStore: eventStore.kind, stores: state.stores }, 200);
  c.header('retry-after', RETRY_AFTER_SECONDS);
  const body = {
    error: unreadyReason(state),
    code: 'unavailable',
    status: 'unavailable' as const,
    eventStore: eventStore.kind,
    stores: state.stores,
    draining: state.draining,
  };
  return c.json(body, 503);
}

/** /livez and /readyz, mounted at the server's root (before the web client, the tenant's host, the limits). */
export function probeRoutes(deps: HealthDeps) {
  return routes()
    .openapi(probeDeclarations.livez, (c) => c.json({ status: 'ok' as const }, 200, { 'cache-control': 'no-store' }))
    .openapi(probeDeclarations.readyz, (c) => ready(c, deps));
}

/** /api/health: the same readiness, where clients of the first releases ask (docs/api.md). */
export function healthRoutes(deps: HealthDeps) {
  return routes().openapi(healthDeclarations.health, (c) => ready(c, deps));
}

/** The probes' paths: never counted as work that holds a drain open, never rate-limited. */
export const PROBE_PATHS: readonly string[] = ['/livez', '/readyz', '/api/health'];
export const isProbe = (url: string): boolean => PROBE_PATHS.includes(url.split('?')[0]!);
