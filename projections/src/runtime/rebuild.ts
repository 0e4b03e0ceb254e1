import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { loadCheckpoint, resetForRebuild, type Checkpoint } from './checkpoint-store';
import { ProjectionGroupRunner } from './projection-group-runner';
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
  /**
   * Runs the part that needs connections of its own (the resets and the replay here) in the caller's
   * turn (the API's process: one rebuild's replay at a time, projections-control.ts); following a
   * projector that does the replay elsewhere is left out of it, so a slow or stuck projector holds no
   * other rebuild back (review 18).
   */
  inTurn?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Following a projector's replay: a line when its progress has not moved for this long. */
const STALLED_MS = 60_000;

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
  const { projection, ...rest } = options;
  const [result] = await rebuildProjections({ ...rest, projections: [projection] });
  return result!;
}

/**
 * Rebuilds several projections together, each as rebuildProjection would: each is reset (or resumed),
 * then one group replays the log once for all of them (decision 0057), where one after another each
 * read the whole log. Progress is the slowest one's; each reports its own end.
 */
export async function rebuildProjections(options: Omit<RebuildOptions, 'projection'> & { projections: readonly Projection[] }): Promise<RebuildResult[]> {
  const { db, store, projections } = options;
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();

  const inTurn = options.inTurn ?? (<T>(work: () => Promise<T>) => work());
  const label = projections.length === 1 ? projections[0]!.name : `${projections.length} read models`;
  const progress = createProgressReporter(label, write);
  // Each one's end line, timed from here.
  const ends = new Map(
    projections.map((projection) => [projection.name, projections.length === 1 ? progress : createProgressReporter(projection.name, write)]),
  );
  const applied = new Map<string, { done: number; total: number }>();
  const update = (checkpoint: Checkpoint) => {
    applied.set(checkpoint.name, { done: checkpoint.eventsApplied, total: checkpoint.rebuildTotal ?? checkpoint.eventsApplied });
    if (applied.size < projections.length) return;
    const slowest = [...applied.values()].reduce((min, one) => (one.done < min.done ? one : min));
    progress.update(slowest.done, slowest.total);
  };

  const resumed = new Map<string, boolean>();
  const ranHere = await inTurn(async () => {
    let total: number | null = null;
    for (const projection of projections) {
      const before = await loadCheckpoint(db, projection.name);
      const resuming = before.rebuildStartedAt !== null && !options.restart;
      resumed.set(projection.name, resuming);
      if (resuming) {
        write(`[${projection.name}] resuming the rebuild started ${before.rebuildStartedAt!.toISOString()} at ${before.eventsApplied} events`);
      } else {
        total ??= (await store.backlog(null)).count;
        await resetForRebuild(db, projection, total);
        write(`[${projection.name}] rebuilding from the start: ${total} events`);
      }
    }
    const runner = new ProjectionGroupRunner({ db, store, projections, batchSize: options.batchSize, pollMs: 1_000, standbyRetryMs: 1_000, onBatch: update });
    return runner.runUntilCaughtUp();
  });
  if (!ranHere) {
    write(`[${label}] a running projector holds ${projections.length === 1 ? 'this projection' : 'them'}; following its progress`);
    let seen = -1;
    let movedAt = Date.now();
    for (;;) {
      const checkpoints = await Promise.all(projections.map((projection) => loadCheckpoint(db, projection.name)));
      if (checkpoints.every((checkpoint) => checkpoint.rebuildStartedAt === null)) break;
      for (const checkpoint of checkpoints) update(checkpoint);
      const done = checkpoints.reduce((sum, checkpoint) => sum + checkpoint.eventsApplied, 0);
      if (done !== seen) [seen, movedAt] = [done, Date.now()];
      else if (Date.now() - movedAt >= STALLED_MS) {
        write(
          `[${label}] no progress for ${STALLED_MS / 1000} s: the projector holding it may be stuck (npm run projections -- status names it and its last error)`,
        );
        movedAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, options.watchMs ?? 500));
    }
  }

  const results: RebuildResult[] = [];
  for (const projection of projections) {
    const after = await loadCheckpoint(db, projection.name);
    ends.get(projection.name)!.finish(after.eventsApplied);
    results.push({
      projection: projection.name,
      resumed: resumed.get(projection.name)!,
      eventsApplied: after.eventsApplied,
      seconds: (Date.now() - started) / 1000,
    });
  }
  return results;
}
