import type { Infrastructure } from '@desk/platform/infrastructure';
import { startProjector, type Projector } from '@desk/projections/runtime/projector';
import { projections } from '@desk/projections/read-models/index';

export interface ProjectorSettings {
  PROJECTION_BATCH_SIZE: number;
  PROJECTION_POLL_MS: number;
  PROJECTION_STANDBY_RETRY_MS: number;
  PROJECTION_GATHER_MS: number;
}

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
