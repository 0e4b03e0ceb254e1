import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import type { Checkpoint } from './checkpoint-store';
import type { LogReader } from './shared-tail-reads';
import { ProjectionGroupRunner } from './projection-group-runner';

export interface RunnerOptions {
  db: Kysely<ReadModelDatabase>;
  store: LogReader;
  projection: Projection;
  batchSize: number;
  /** Slow poll when no notification arrives (a missed NOTIFY, or an EventStoreDB hiccup). */
  pollMs: number;
  /** How often a hot standby retries the lock. */
  standbyRetryMs: number;
  /** After a short batch, the next read waits until this long after the last one was asked for (0: reads on at once). */
  gatherMs?: number;
  /** Called after every committed batch. */
  onBatch?: (checkpoint: Checkpoint) => void;
  /** How many times one event is tried on its own before it is quarantined (default 3). */
  eventAttempts?: number;
  /** Wait before retrying a failing event, doubled for each further retry (default 500 ms). */
  eventRetryMs?: number;
}

/**
 * Runs one projection: a group of one (projection-group-runner.ts, which says how a batch is read,
 * applied with its checkpoint in one statement, isolated when it fails, and how the lock makes every
 * other instance a hot standby). What the rebuild command, the tests and the test app run; the
 * projector runs every projection as one group.
 */
export class ProjectionRunner {
  private readonly group: ProjectionGroupRunner;

  constructor(options: RunnerOptions) {
    const { projection, ...rest } = options;
    this.group = new ProjectionGroupRunner({ ...rest, projections: [projection] });
    this.name = projection.name;
  }

  readonly name: string;

  /** New events may be readable: cut the current wait short. */
  wake(): void {
    this.group.wake();
  }

  /** A rebuild reset a checkpoint (perhaps this one): reload it, then carry on. */
  checkpointMayHaveMoved(): void {
    this.group.checkpointMayHaveMoved();
  }

  /** Runs until stop(): applies events as they arrive, or stands by while another instance holds the lock. */
  start(): void {
    this.group.start();
  }

  stop(): Promise<void> {
    return this.group.stop();
  }

  /** Applies every committed event, then returns true; false at once if another instance holds the lock. */
  runUntilCaughtUp(): Promise<boolean> {
    return this.group.runUntilCaughtUp();
  }
}
