import type { Projection } from './projection';
import { ProjectionGroupRunner, type GroupRunnerOptions } from './projection-group-runner';

/** A group's options (projection-group-runner.ts), for one projection. */
export type RunnerOptions = Omit<GroupRunnerOptions, 'projections'> & { projection: Projection };

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
