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
 * The pool a process running every projection needs: the group holds one connection for all their
 * locks while it runs, and the log's reads, the batch read ahead and the status queries need more.
 * Sized as when each projection held a connection of its own (a pool of 10 with ten projections then
 * left none to read the log with): room to spare costs nothing until used.
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
