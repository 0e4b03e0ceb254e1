import type { Infrastructure } from '@desk/platform/infrastructure';
import { startProjector, type Projector } from '@desk/projections/runtime/projector';
import { projections } from '@desk/projections/read-models/index';

export interface ProjectorSettings {
  PROJECTION_BATCH_SIZE: number;
  PROJECTION_POLL_MS: number;
  PROJECTION_STANDBY_RETRY_MS: number;
  PROJECTION_GATHER_MS: number;
}

/**
 * The pool a process running every projection needs: each runner holds a connection for its lock
 * while it runs, and the log's reads and the status queries need more. A pool of 10 (the default)
 * with ten projections left none to read the log with, and nothing was projected.
 */
export const projectorPoolSize = (configured: number): number => Math.max(configured, projections.length + 4);

/** Every registered projection on a process's infrastructure: what `npm start` and the projector run. */
export function startRegisteredProjections(infra: Infrastructure, settings: ProjectorSettings): Promise<Projector> {
  return startProjector({
    db: infra.db,
    connectionString: infra.connectionString,
    store: infra.eventStore,
    projections,
    batchSize: settings.PROJECTION_BATCH_SIZE,
    pollMs: settings.PROJECTION_POLL_MS,
    standbyRetryMs: settings.PROJECTION_STANDBY_RETRY_MS,
    gatherMs: settings.PROJECTION_GATHER_MS,
  });
}
