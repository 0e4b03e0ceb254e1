import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { logger } from '@desk/platform/logging/logger';
import type { RequestObserver } from '../http/request-log';
import { requestDurations } from './http-metrics';
import { stateSamplers, type StateSources } from './state-gauges';

export interface Metrics {
  /** For the access-log middleware: each answered request into the duration histogram. */
  observeRequest: RequestObserver;
  /** Reads the state gauges now, then the whole registry in Prometheus' text format. */
  scrape(): Promise<string>;
  contentType: string;
}

/**
 * A process's metrics in a registry of its own (not prom-client's global one, so tests and several
 * apps in one process never collide): Node's defaults (CPU, memory, event loop lag, GC), HTTP
 * durations, and the state gauges. A source that cannot be read within `sampleTimeoutMs` (the
 * database down) loses its series for that scrape and counts a failure; the rest is still answered.
 */
export function createMetrics(sources: StateSources, { sampleTimeoutMs = 5_000 } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const failures = new Counter({
    name: 'desk_metrics_sample_failures_total',
    help: 'Scrapes where a source (db_pool, job_queue, projections) could not be read; its series were left out',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const samplers = stateSamplers(registry, sources);

  return {
    observeRequest: requestDurations(registry),
    contentType: registry.contentType,
    async scrape() {
      await Promise.all(
        samplers.map(async (sampler) => {
          try {
            await withTimeout(sampler.refresh(), sampleTimeoutMs);
          } catch (error) {
            sampler.clear();
            failures.inc({ source: sampler.source });
            logger.warn('metrics source unreadable', { source: sampler.source, error: (error as Error).message });
          }
        }),
      );
      return registry.metrics();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
