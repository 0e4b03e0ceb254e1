import type { AppDeps } from '../api/app';
import type { RequestObserver } from '../http/request-log';
import { createMetrics } from '../metrics/metrics';
import { startMetricsServer } from '../metrics/metrics-server';

export interface MetricsSettings {
  METRICS_PORT?: number | undefined;
  METRICS_HOST: string;
  METRICS_TOKEN?: string | undefined;
}

/**
 * With METRICS_PORT: this API process's metrics, fed by its requests (`observeRequest`, for
 * createApp) and served on their own listener. Without it: nothing is measured or served.
 */
export function startMetricsEndpoint(env: MetricsSettings, deps: AppDeps): { observeRequest?: RequestObserver; close(): Promise<void> } {
  if (env.METRICS_PORT === undefined) return { close: async () => undefined };
  const metrics = createMetrics({ pool: deps.pool, queue: deps.queue, projections: () => deps.projections.status() });
  const server = startMetricsServer(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN });
  return { observeRequest: metrics.observeRequest, close: () => server.close() };
}
