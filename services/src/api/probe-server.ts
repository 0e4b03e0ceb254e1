import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { logger } from '@desk/platform/logging/logger';
import { Draining } from '@desk/platform/process/draining';
import { probeRoutes } from './health.routes';
import { readinessCheck, type ReadinessDeps } from './readiness';

export interface ProbeSettings {
  HEALTH_PORT?: number | undefined;
  HEALTH_HOST: string;
}

export interface ProbeServer {
  /** /readyz answers 503 from now on (call first thing on SIGTERM). */
  drain(): void;
  close(): Promise<void>;
}

/**
 * /livez and /readyz for a process with no HTTP port of its own (the projector, the worker), on
 * HEALTH_PORT: what an orchestrator's probe asks for the cost of one fetch, where `npm run
 * projections -- status` started a second process. Without HEALTH_PORT nothing listens.
 */
export function startProbeServer(settings: ProbeSettings, deps: ReadinessDeps): ProbeServer {
  if (settings.HEALTH_PORT === undefined) return { drain: () => undefined, close: async () => undefined };
  const drain = new Draining();
  const readiness = readinessCheck({ ...deps, draining: () => drain.draining });
  const app = new Hono().route('/', probeRoutes({ eventStore: deps.eventStore, readiness }));
  app.notFound((c) => c.json({ error: 'Not found', code: 'not_found' }, 404));
  const server = serve({ fetch: app.fetch, port: settings.HEALTH_PORT, hostname: settings.HEALTH_HOST }) as Server;
  logger.info('health probes listening', { host: settings.HEALTH_HOST, port: settings.HEALTH_PORT });
  return {
    drain: () => drain.begin(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
