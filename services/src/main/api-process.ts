import type { Server } from 'node:http';
import type { Kysely } from 'kysely';
import { serve } from '@hono/node-server';
import { Draining, drainAndClose } from '@desk/platform/process/draining';
import { createApp, type AppDeps } from '../api/app';
import { isProbe } from '../api/health.routes';
import type { ServicesDatabase } from '../db/services-database';
import type { RequestObserver } from '../http/request-log';
import { startIdempotencySweep } from '../jobs/idempotency-sweep';
import { startExpirySweeper } from '../orders/expiry-sweeper';
import { startOrphanClaimSweeper } from '../orders/orphan-claims';
import { startMatchingSweep } from '../reconciliation/matching-jobs';
import { startMetricsEndpoint, type MetricsSettings } from './metrics-endpoint';

// What every process serving the API (`start:api`, and `npm start` with everything) runs beside it.

/** The periodic sweeps: orders past their time, limit claims no order took, expired idempotency keys, payment matching. */
export function startApiSweeps(deps: AppDeps, db: Kysely<ServicesDatabase>): { stop(): Promise<void> } {
  const sweeps = [
    startExpirySweeper(deps.orders.db, deps.orders.commands),
    startOrphanClaimSweeper(deps.orders.eventStore, deps.orders.claims),
    startIdempotencySweep(db),
    startMatchingSweep(deps.reconciliation.matcher),
  ];
  return {
    stop: async () => {
      for (const sweep of sweeps) await sweep.stop();
    },
  };
}

export interface ServeSettings {
  PORT: number;
  HOST: string;
  SHUTDOWN_DELAY_MS: number;
  SHUTDOWN_TIMEOUT_MS: number;
}

/**
 * The API on its port, drained on the way out (platform/src/process/draining.ts): from `close()` on,
 * /readyz answers 503 while the requests running finish; open live streams are ended first (their
 * clients resume on another replica), as they would otherwise hold the drain open.
 */
export function serveApi(deps: AppDeps, env: ServeSettings, observeRequest?: RequestObserver): { close(): Promise<void> } {
  const drain = new Draining(isProbe);
  const server = serve({ fetch: createApp({ ...deps, observeRequest, drain }).fetch, port: env.PORT, hostname: env.HOST }) as Server;
  drain.track(server);
  return {
    close: async () => {
      drain.begin();
      await deps.live.hub.close();
      await drainAndClose(server, drain, { minimumMs: env.SHUTDOWN_DELAY_MS, maximumMs: env.SHUTDOWN_TIMEOUT_MS });
    },
  };
}

/**
 * The API as a process runs it: its sweeps, its metrics port (with METRICS_PORT) and the drained
 * server. `close()` stops them the other way round: the server drained first, then what it kept of
 * who is signed in, the metrics port and the sweeps; the process then stops what it runs beside.
 */
export function startApiProcess(deps: AppDeps, db: Kysely<ServicesDatabase>, env: ServeSettings & MetricsSettings): { close(): Promise<void> } {
  const sweeps = startApiSweeps(deps, db);
  const metrics = startMetricsEndpoint(env, deps);
  // From SIGTERM on, /readyz answers 503 while the requests running finish.
  const api = serveApi(deps, env, metrics.observeRequest);
  return {
    close: async () => {
      await api.close();
      await deps.users.close();
      await deps.sessions.close();
      await metrics.close();
      await sweeps.stop();
    },
  };
}
