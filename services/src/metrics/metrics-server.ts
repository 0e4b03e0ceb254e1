import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { serve } from '@hono/node-server';
import { logger } from '@desk/platform/logging/logger';
import type { Metrics } from './metrics';

export interface MetricsListen {
  port: number;
  host: string;
  /** When set, every scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

/**
 * GET /metrics, on a listener of its own: the public port (and the proxy in front of it) never
 * serves it, and Prometheus scrapes each process directly, as it must to tell processes apart.
 */
export function metricsRoutes(metrics: Metrics, token?: string) {
  const app = new Hono();
  if (token) app.use('/metrics', bearerAuth({ token }));
  return app.get('/metrics', async (c) => c.body(await metrics.scrape(), 200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }));
}

export function startMetricsServer(metrics: Metrics, { port, host, token }: MetricsListen): { close(): Promise<void> } {
  const server = serve({ fetch: metricsRoutes(metrics, token).fetch, port, hostname: host });
  logger.info('metrics listening', { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`, auth: token ? 'bearer' : 'none' });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
