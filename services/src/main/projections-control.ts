import { findProjections } from '@desk/projections/read-models/index';
import { projectionStatus } from '@desk/projections/runtime/projection-status';
import type { ProjectionsControl } from '../api/admin-projections.routes';
import { rebuildProjection } from '@desk/projections/runtime/rebuild';
import type { Infrastructure } from '@desk/platform/infrastructure';
import type { JobQueue } from '../jobs/job-queue';
import { logger } from '@desk/platform/logging/logger';

/** The projection runtime as the admin API and the job worker use it. */
export function projectionsControl(infra: Infrastructure, queue: JobQueue, batchSize: number): ProjectionsControl {
  return {
    async status() {
      const statuses = [];
      for (const projection of findProjections()) statuses.push(await projectionStatus(infra.db, infra.eventStore, projection));
      return statuses;
    },
    async requestRebuild(name, requestedBy) {
      findProjections(name);
      // One queued rebuild per projection at a time: the job id is the projection's name.
      await queue.add('projection.rebuild', { projection: name, requestedBy }, { jobId: `rebuild-${name}-${Math.floor(Date.now() / 1000)}`, attempts: 3 });
    },
    async rebuildNow(name) {
      const [projection] = findProjections(name);
      // Outside the request path's statement bound: a reset empties whole tables, a replay may run its batches here (decision 0061).
      const { db, eventStore } = infra.longWork ?? infra;
      await rebuildProjection({ db, store: eventStore, projection: projection!, batchSize, write: (line) => logger.info(line) });
    },
  };
}
