import { findProjections } from '@desk/projections/read-models/index';
import { projectionStatuses } from '@desk/projections/runtime/projection-status';
import type { ProjectionsControl } from '../api/admin-projections.routes';
import { rebuildProjection } from '@desk/projections/runtime/rebuild';
import type { Infrastructure } from '@desk/platform/infrastructure';
import type { JobQueue } from '../jobs/job-queue';
import { logger } from '@desk/platform/logging/logger';

/** The projection runtime as the admin API and the job worker use it. */
export function projectionsControl(infra: Infrastructure, queue: JobQueue, batchSize: number): ProjectionsControl {
  return {
    status: () => projectionStatuses(infra.db, infra.eventStore, findProjections()),
    async requestRebuild(name, requestedBy) {
      findProjections(name);
      // One queued rebuild per projection at a time: the job id is the projection's name.
      await queue.add('projection.rebuild', { projection: name, requestedBy }, { jobId: `rebuild-${name}-${Math.floor(Date.now() / 1000)}`, attempts: 3 });
    },
    async rebuildNow(name) {
      const [projection] = findProjections(name);
      // Outside the request path's statement bound: a reset empties whole tables, a replay may run its batches here (decision 0061).
      const longWork = infra.longWork ?? infra;
      // The resets and a replay run here take turns; following a projector's replay does not (review 18).
      await rebuildProjection({
        db: longWork.db,
        store: longWork.eventStore,
        projection: projection!,
        batchSize,
        write: (line) => logger.info(line),
        inTurn: (work) => inTurn(longWork, work),
      });
    },
  };
}

/** Each process's rebuilds, in the order they were asked for: one queue per long-work pool. */
const rebuilds = new WeakMap<object, Promise<unknown>>();

/**
 * One rebuild at a time per process (review 17, F4). A replay with no projector holding the
 * projection keeps one connection for its locks and batches and reads the log on a second, and the
 * long-work pool has two: two rebuilds at once (BullMQ's worker runs several jobs at a time in
 * `npm start`; two admins) each held one and waited for another until the connect bound failed
 * them, leaving a projection reset and part-filled. The next rebuild waits here instead, for as long
 * as the one before it takes, without holding a connection.
 */
function inTurn<T>(pool: object, work: () => Promise<T>): Promise<T> {
  const turn = (rebuilds.get(pool) ?? Promise.resolve()).then(work);
  rebuilds.set(
    pool,
    turn.catch(() => undefined),
  );
  return turn;
}
