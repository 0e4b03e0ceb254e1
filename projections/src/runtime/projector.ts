import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PROJECTION_RESET_CHANNEL } from './checkpoint-store';
import { listenToChannel } from '@desk/platform/db/pg-listen';
import { SharedTailReads } from './shared-tail-reads';

export interface ProjectorOptions {
  db: Kysely<ReadModelDatabase>;
  /** The read-model database, for the LISTEN that hears rebuild resets. */
  connectionString: string;
  store: EventStore;
  projections: readonly Projection[];
  batchSize: number;
  pollMs: number;
  standbyRetryMs: number;
  /** RunnerOptions.gatherMs. */
  gatherMs?: number;
}

export interface Projector {
  stop(): Promise<void>;
}

/**
 * Runs every projection in this process, each on its own connection and lock, all woken by one
 * append listener and reading the log through one SharedTailReads. Starting a second process gives hot standbys, not double application.
 */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  // Woken together at the same position, the runners share their reads of the log's tail.
  const reader = new SharedTailReads(options.store);
  const runners = options.projections.map(
    (projection) =>
      new ProjectionRunner({
        db: options.db,
        store: reader,
        projection,
        batchSize: options.batchSize,
        pollMs: options.pollMs,
        standbyRetryMs: options.standbyRetryMs,
        gatherMs: options.gatherMs,
      }),
  );
  const wakeAll = () => {
    for (const runner of runners) runner.wake();
  };
  const stopAppends = await options.store.onAppended(wakeAll);
  const stopResets = await listenToChannel(options.connectionString, PROJECTION_RESET_CHANNEL, () => {
    for (const runner of runners) runner.checkpointMayHaveMoved();
  });
  for (const runner of runners) runner.start();
  logger.info('projector started', { projections: runners.map((r) => r.name), batchSize: options.batchSize });

  return {
    async stop() {
      await Promise.all([stopAppends(), stopResets()]);
      await Promise.all(runners.map((runner) => runner.stop()));
      logger.info('projector stopped');
    },
  };
}
