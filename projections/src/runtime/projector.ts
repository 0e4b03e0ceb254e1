import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { ProjectionGroupRunner } from './projection-group-runner';
import { PROJECTION_RESET_CHANNEL } from './checkpoint-store';
import { listenToChannel } from '@desk/platform/db/pg-listen';

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
 * Runs every projection in this process as one group (projection-group-runner.ts): one connection
 * holding every projection's lock, one read of the log per batch, one statement per batch for all
 * their writes, each projection keeping its own checkpoint. Woken by one append listener. Starting a
 * second process gives a hot standby, not double application.
 */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  const runner = new ProjectionGroupRunner({
    db: options.db,
    store: options.store,
    projections: options.projections,
    batchSize: options.batchSize,
    pollMs: options.pollMs,
    standbyRetryMs: options.standbyRetryMs,
    gatherMs: options.gatherMs,
  });
  const stopAppends = await options.store.onAppended(() => runner.wake());
  const stopResets = await listenToChannel(options.connectionString, PROJECTION_RESET_CHANNEL, () => runner.checkpointMayHaveMoved());
  runner.start();
  logger.info('projector started', { projections: runner.names, batchSize: options.batchSize });

  return {
    async stop() {
      await Promise.all([stopAppends(), stopResets()]);
      await runner.stop();
      logger.info('projector stopped');
    },
  };
}
