import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { loadCheckpoint, resetForRebuild } from './checkpoint-store';
import { ProjectionRunner } from './projection-runner';
import { createProgressReporter } from './progress-reporter';

export interface RebuildOptions {
  db: Kysely<ReadModelDatabase>;
  store: EventStore;
  projection: Projection;
  batchSize: number;
  /** Start from zero even when an earlier rebuild was interrupted part-way. */
  restart?: boolean;
  write?: (line: string) => void;
  /** How often to look at the checkpoint when another process (a running projector) does the work. */
  watchMs?: number;
}

export interface RebuildResult {
  projection: string;
  resumed: boolean;
  eventsApplied: number;
  seconds: number;
}

/**
 * Rebuilds one projection: empties its tables and rewinds its checkpoint in one transaction, then
 * replays the log. Resumable: the rewind is recorded on the checkpoint row, so after a crash the
 * next `rebuild` (or the projector) carries on from the last committed batch rather than starting
 * over. When a projector process holds the projection's lock, that process does the replay and
 * this call only reports its progress.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { db, store, projection } = options;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();

  const before = await loadCheckpoint(db, projection.name);
  const resumed = before.rebuildStartedAt !== null && !options.restart;
  if (resumed) {
    write(`[${projection.name}] resuming the rebuild started ${before.rebuildStartedAt!.toISOString()} at ${before.eventsApplied} events`);
  } else {
    const { count } = await store.backlog(null);
    await resetForRebuild(db, projection, count);
    write(`[${projection.name}] rebuilding from the start: ${count} events`);
  }

  const progress = createProgressReporter(projection.name, write);
  const runner = new ProjectionRunner({
    db,
    store,
    projection,
    batchSize: options.batchSize,
    pollMs: 1_000,
    standbyRetryMs: 1_000,
    onBatch: (checkpoint) => progress.update(checkpoint.eventsApplied, checkpoint.rebuildTotal ?? checkpoint.eventsApplied),
  });

  const ranHere = await runner.runUntilCaughtUp();
  if (!ranHere) {
    write(`[${projection.name}] a running projector holds this projection; following its progress`);
    for (;;) {
      const checkpoint = await loadCheckpoint(db, projection.name);
      if (checkpoint.rebuildStartedAt === null) break;
      progress.update(checkpoint.eventsApplied, checkpoint.rebuildTotal ?? checkpoint.eventsApplied);
      await new Promise((resolve) => setTimeout(resolve, options.watchMs ?? 500));
    }
  }

  const after = await loadCheckpoint(db, projection.name);
  progress.finish(after.eventsApplied);
  return { projection: projection.name, resumed, eventsApplied: after.eventsApplied, seconds: (Date.now() - started) / 1000 };
}
