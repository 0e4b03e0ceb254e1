import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Histogram, type Registry } from 'prom-client';
import type { RequestObserver } from '../http/request-log';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * How long requests take, by route pattern (`/api/orders/:id`, never the path itself: an id per
 * series would grow without end), method and status class. Fed by the access-log middleware.
 */
export function requestDurations(registry: Registry): RequestObserver {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class, from arrival to the answer (a streamed body may still be flowing)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (c, seconds) => {
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    histogram.observe({ route: routeOf(c), method, status_class: `${Math.floor(c.res.status / 100)}xx` }, seconds);
  };
}

/**
 * The endpoint the request matched, even when a middleware answered for it (a 401 before
 * `/api/admin/orders/:id`); `unmatched` for an unknown /api path, `web` for the client's files and pages.
 */
export function routeOf(c: Context): string {
  const endpoint = matchedRoutes(c).find((route) => route.method !== 'ALL');
  if (endpoint) return endpoint.path;
  return c.req.path.startsWith('/api/') ? 'unmatched' : 'web';
}
