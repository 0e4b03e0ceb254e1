import { sql, type Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { advanceCheckpoint, finishRebuild, loadCheckpoint, recordError, type Checkpoint } from './checkpoint-store';
import { BatchApplier, errorMessage } from './batch-applier';
import { tryLockProjection, unlockProjection } from './projection-lock';
import { WakeSignal } from './wake-signal';
import type { LogReader } from './shared-tail-reads';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';

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

/** After a wake-up, events may not be readable yet (an older transaction still open): re-poll briefly. */
const HINT_WINDOW_MS = 2_000;
const MAX_ERROR_BACKOFF_MS = 30_000;
/** Re-poll delay while committed events are held back by an older open transaction. */
const HELD_BACK_RETRY_MS = 25;
/** How stale the stored checkpoint may be while batches of nothing the projection handles are stepped past. */
const SKIPPED_CHECKPOINT_MS = 1_000;

/**
 * Runs one projection: takes its advisory lock (or waits as a hot standby), then reads the global
 * log in batches and applies each batch and its checkpoint in one statement (one transaction). The
 * next batch is read while the current one is applied, so reading and writing overlap.
 *
 * A failing batch is the BatchApplier's to isolate (one bad event never halts the projection);
 * transient failures (the database unreachable, a lost race) fail the run, and `start()` retries
 * with backoff for as long as they last.
 */
export class ProjectionRunner {
  private readonly wakeSignal = new WakeSignal();
  /** Fired only by stop(): a standby's lock retries must not follow every append notification. */
  private readonly stopSignal = new WakeSignal();
  private stopped = false;
  private running: Promise<void> | null = null;
  private hintUntil = 0;
  /** Set when a rebuild may have reset this projection's checkpoint (its notification): reloaded before the next read. */
  private checkpointReset = false;
  private errorBackoffMs = 500;
  private readonly applier: BatchApplier;

  constructor(private readonly options: RunnerOptions) {
    const { db, projection, eventAttempts, eventRetryMs } = options;
    this.applier = new BatchApplier({ db, projection, eventAttempts, eventRetryMs, stopSignal: this.stopSignal, stopped: () => this.stopped });
  }

  get name(): string {
    return this.options.projection.name;
  }

  /** New events may be readable: cut the current wait short. */
  wake(): void {
    this.hintUntil = Date.now() + HINT_WINDOW_MS;
    this.wakeSignal.fire();
  }

  /** A rebuild reset a checkpoint (perhaps this one): reload it, then carry on. */
  checkpointMayHaveMoved(): void {
    this.checkpointReset = true;
    this.wakeSignal.fire();
  }

  /** Runs until stop(): applies events as they arrive, or stands by while another instance holds the lock. */
  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSignal.close();
    this.stopSignal.close();
    await this.running;
  }

  /**
   * Applies every committed event (waiting out transactions that hold some back), then returns
   * true. Returns false at once if another instance holds the lock (that instance does the work).
   */
  async runUntilCaughtUp(): Promise<boolean> {
    return this.withLock((conn) => this.process(conn, true));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const active = await this.withLock((conn) => this.process(conn, false));
        if (!active) await this.stopSignal.wait(this.options.standbyRetryMs);
      } catch (error) {
        await this.failed(error);
      }
    }
  }

  private async withLock(work: (conn: Kysely<ReadModelDatabase>) => Promise<void>): Promise<boolean> {
    return this.options.db.connection().execute(async (conn) => {
      if (!(await tryLockProjection(conn, this.name))) return false;
      try {
        // A batch's commit need not wait for its WAL to reach the disk: a crash can lose only the
        // last few batches, each together with its checkpoint, and they are applied again from the
        // log. Every placed order's projections waited on those flushes (docs/performance.md).
        await sql`set synchronous_commit = off`.execute(conn);
        await work(conn);
        return true;
      } finally {
        await sql`reset synchronous_commit`.execute(conn).catch(() => undefined);
        await unlockProjection(conn, this.name).catch(() => undefined);
      }
    });
  }

  private async process(conn: Kysely<ReadModelDatabase>, untilCaughtUp: boolean): Promise<void> {
    const { store, batchSize } = this.options;
    this.checkpointReset = false;
    let checkpoint = await loadCheckpoint(conn, this.name);
    let loadedAt = Date.now();
    let readAt = Date.now();
    // Batches of nothing this projection handles move `checkpoint` on in memory only; `stored` is what
    // the checkpoint row says, and the steps since are written by `storeSkipped`.
    let stored = { position: checkpoint.position, at: Date.now(), events: 0 };
    const reload = async () => {
      checkpoint = await loadCheckpoint(conn, this.name);
      loadedAt = Date.now();
      stored = { position: checkpoint.position, at: Date.now(), events: 0 };
    };
    /** Writes the skipped steps; false when a rebuild moved the checkpoint meanwhile (reloaded). */
    const storeSkipped = async (): Promise<boolean> => {
      if (stored.events === 0) return true;
      const moved = !(await advanceCheckpoint(conn, this.name, stored.position, checkpoint.position!, stored.events, checkpoint.lastEventAt!));
      if (moved) {
        logger.info('projection checkpoint moved underneath; reloading', { projection: this.name });
        await reload();
        return false;
      }
      stored = { position: checkpoint.position, at: Date.now(), events: 0 };
      return true;
    };
    // `notBefore`: when a batch came back short, the next read waits until gatherMs after it was asked for.
    const read = (after: GlobalPosition | null, notBefore = 0) => {
      const wait = notBefore - Date.now();
      readAt = Math.max(Date.now(), notBefore);
      return wait > 0 ? this.stopSignal.wait(wait).then(() => store.readAll(after, batchSize)) : store.readAll(after, batchSize);
    };
    let reading = read(checkpoint.position);
    while (!this.stopped) {
      const events = await reading;
      if (events.length === 0) {
        // Nothing readable is not the same as nothing left: committed events stay unreadable while an
        // older transaction anywhere on the server is still open. Only an empty backlog is caught up.
        const caughtUp = !(await store.hasEventsAfter(checkpoint.position));
        const rebuilt = caughtUp && checkpoint.rebuildStartedAt !== null;
        // Idle with skipped steps unwritten: write them once they are a second old, so `status` is right
        // at rest, and before a rebuild is marked finished, so whoever follows it reads the whole count.
        const skippedFor = stored.events > 0 ? Date.now() - stored.at : null;
        if (skippedFor !== null && (skippedFor >= SKIPPED_CHECKPOINT_MS || untilCaughtUp || rebuilt) && !(await storeSkipped())) {
          reading = read(checkpoint.position);
          continue;
        }
        if (rebuilt) {
          await finishRebuild(conn, this.name);
          checkpoint = { ...checkpoint, rebuildStartedAt: null, rebuildTotal: null };
        }
        if (caughtUp && untilCaughtUp) return;
        const idleMs = caughtUp ? this.idleWaitMs() : HELD_BACK_RETRY_MS;
        await this.wakeSignal.wait(stored.events > 0 ? Math.min(idleMs, SKIPPED_CHECKPOINT_MS) : idleMs);
        // A rebuild may have rewound the checkpoint while this runner was idle: its notification says
        // so, and every slow poll checks (a notification can be lost). Not after every append's wake:
        // that was a statement per projection per wake. A batch applied meanwhile finds it moved anyway.
        if (this.checkpointReset || Date.now() - loadedAt >= this.options.pollMs) {
          this.checkpointReset = false;
          await reload();
        }
        reading = read(checkpoint.position);
        continue;
      }
      const last = events[events.length - 1]!;
      // A short batch means the log's tail: under load, events arriving one by one are gathered a few
      // at a time instead of each costing every projection a transaction. A full batch reads on at once.
      reading = read(last.globalPosition, events.length < batchSize ? readAt + (this.options.gatherMs ?? 0) : 0);
      reading.catch(() => undefined); // observed when awaited; avoids an unhandled rejection meanwhile

      const handles = this.options.projection.handles;
      if (handles && !events.some((event) => handles(event))) {
        // Nothing here for this projection: no statement, the step written later by storeSkipped.
        checkpoint = { ...checkpoint, position: last.globalPosition, eventsApplied: checkpoint.eventsApplied + events.length, lastEventAt: last.recordedAt };
        stored.events += events.length;
        if (Date.now() - stored.at >= SKIPPED_CHECKPOINT_MS && !(await storeSkipped())) {
          await reading.catch(() => undefined);
          reading = read(checkpoint.position);
          continue;
        }
        this.options.onBatch?.(checkpoint);
        continue;
      }
      // The batch's statement moves the stored checkpoint on from where it stands: skipped steps first.
      if (!(await storeSkipped())) {
        await reading.catch(() => undefined);
        reading = read(checkpoint.position);
        continue;
      }
      const outcome = await this.applier.apply(conn, checkpoint.position, events);
      if (outcome === 'stopped') break;
      if (outcome === 'moved') {
        // Someone moved the checkpoint (a rebuild reset it): drop the prefetched batch and start over.
        logger.info('projection checkpoint moved underneath; reloading', { projection: this.name });
        await reading.catch(() => undefined);
        await reload();
        reading = read(checkpoint.position);
        continue;
      }
      // Quarantined events are stepped past, not applied: they count in the dead letters instead.
      checkpoint = {
        ...checkpoint,
        position: last.globalPosition,
        eventsApplied: checkpoint.eventsApplied + outcome.applied,
        lastEventAt: last.recordedAt,
        lastError: null,
      };
      stored = { position: checkpoint.position, at: Date.now(), events: 0 };
      this.errorBackoffMs = 500;
      this.options.onBatch?.(checkpoint);
    }
    await reading.catch(() => undefined);
  }

  private idleWaitMs(): number {
    const hinted = this.hintUntil - Date.now();
    if (hinted > 0) return Math.min(50, hinted);
    return this.options.pollMs;
  }

  /**
   * What reaches here is not an event's fault (the database unreachable, a lost race, the lock's
   * connection gone): retried with backoff for as long as it lasts; the error is kept on the
   * checkpoint row for `status`.
   */
  private async failed(error: unknown): Promise<void> {
    const message = errorMessage(error);
    logger.error('projection batch failed; retrying', { projection: this.name, error: message, retryInMs: this.errorBackoffMs });
    await recordError(this.options.db, this.name, message).catch(() => undefined);
    await this.stopSignal.wait(this.errorBackoffMs);
    this.errorBackoffMs = Math.min(this.errorBackoffMs * 2, MAX_ERROR_BACKOFF_MS);
  }
}
