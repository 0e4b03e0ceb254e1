import { sql, type Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { comparePositions } from '@desk/platform/eventstore/position-order';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { finishRebuild, recordError, type Checkpoint } from './checkpoint-store';
import { BatchApplier, errorMessage } from './batch-applier';
import { tryLockProjection, unlockProjection } from './projection-lock';
import { WakeSignal } from './wake-signal';
import { GroupMember } from './group-member';
import { clock } from './monotonic-clock';
import { GroupBatches, SKIPPED_CHECKPOINT_MS } from './group-batches';
import type { LogReader } from './shared-tail-reads';

export interface GroupRunnerOptions {
  db: Kysely<ReadModelDatabase>;
  store: LogReader;
  /** Run together; each keeps its own checkpoint, lock, quarantine and rebuild. */
  projections: readonly Projection[];
  batchSize: number;
  /** Slow poll when no notification arrives (a missed NOTIFY, or an EventStoreDB hiccup). */
  pollMs: number;
  /** How often a hot standby retries the locks. */
  standbyRetryMs: number;
  /** After a short batch, the next read waits until this long after the last one was asked for (0: reads on at once). */
  gatherMs?: number;
  /** Called for each projection whose checkpoint a batch moved. */
  onBatch?: (checkpoint: Checkpoint) => void;
  /** How many times one event is tried on its own before it is quarantined (default 3). */
  eventAttempts?: number;
  /** Wait before retrying a failing event, doubled for each further retry (default 500 ms). */
  eventRetryMs?: number;
}

/** After a wake-up, events may not be readable yet (an older transaction still open): re-poll briefly. */
const HINT_WINDOW_MS = 2_000;
const MAX_ERROR_BACKOFF_MS = 30_000;
/**
 * Re-poll delay while committed events are held back by an older open transaction: soon at first (a
 * group's commit is a moment away, and its notification wakes the wait anyway), doubling while it
 * stays held, up to the most: a session left idle in a transaction held the group at 80 statements a
 * second for as long as it stayed open.
 */
const HELD_BACK_RETRY_MS = 25;
const HELD_BACK_RETRY_MAX_MS = 1_000;

/**
 * Runs several projections as one: reads the log once per batch and writes every projection's part
 * of it, each with the move of its own checkpoint, in one statement (decision 0057). Under load a
 * placed order reached five read models through five transactions a batch; it now takes one.
 *
 * Each projection keeps what it had alone: its checkpoint row (moved only with its own writes), its
 * advisory lock (the group holds all of them on its connection, or stands by), its rebuild (a reset
 * rewinds one projection: the group then reads on from the earliest position, giving each
 * projection only the events after its own, and serves the others the log's tail between those
 * batches, so the rest stay live while one catches up), and its quarantine: when the group's
 * statement fails for a reason of its own, each projection's part is applied alone by its
 * BatchApplier, which finds the event at fault and quarantines it for that projection only.
 */
export class ProjectionGroupRunner {
  private readonly wakeSignal = new WakeSignal();
  /** Fired only by stop(): a standby's lock retries must not follow every append notification. */
  private readonly stopSignal = new WakeSignal();
  private readonly members: GroupMember[];
  private readonly batches: GroupBatches;
  private stopped = false;
  private running: Promise<void> | null = null;
  private hintUntil = 0;
  private checkpointReset = false;
  private loadedAt = 0;
  private errorBackoffMs = 500;
  private heldBackRetryMs = HELD_BACK_RETRY_MS;

  constructor(private readonly options: GroupRunnerOptions) {
    const names = options.projections.map((projection) => projection.name);
    if (new Set(names).size !== names.length) throw new Error(`A projection group names a projection twice: ${names.join(', ')}`);
    this.members = options.projections.map((projection) => new GroupMember(projection, new BatchApplier({ projection, eventAttempts: options.eventAttempts })));
    this.batches = new GroupBatches(this.members, options.eventRetryMs ?? 500, options.onBatch);
  }

  get names(): string[] {
    return this.members.map((member) => member.name);
  }

  /** New events may be readable: cut the current wait short. */
  wake(): void {
    this.hintUntil = clock() + HINT_WINDOW_MS;
    this.wakeSignal.fire();
  }

  /** A rebuild reset a checkpoint (perhaps one of these): reload them, then carry on. */
  checkpointMayHaveMoved(): void {
    this.checkpointReset = true;
    this.wakeSignal.fire();
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSignal.close();
    this.stopSignal.close();
    await this.running;
  }

  /** Applies every committed event, then returns true; false at once if another instance holds a lock. */
  async runUntilCaughtUp(): Promise<boolean> {
    return this.withLocks((conn) => this.process(conn, true));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const active = await this.withLocks((conn) => this.process(conn, false));
        if (!active) await this.stopSignal.wait(this.options.standbyRetryMs);
      } catch (error) {
        await this.failed(error);
      }
    }
  }

  /**
   * Every member's lock on one connection, taken in one order (two instances starting together cannot
   * each hold a part), or none: a projection run elsewhere (a rebuild from the command line while no
   * projector ran) holds the whole group back until it is done, rather than run the group in two.
   */
  private async withLocks(work: (conn: Kysely<ReadModelDatabase>) => Promise<void>): Promise<boolean> {
    return this.options.db.connection().execute(async (conn) => {
      const held: string[] = [];
      try {
        for (const name of this.names.sort()) {
          if (!(await tryLockProjection(conn, name))) return false;
          held.push(name);
        }
        // As a lone runner's (projection-runner.ts): a crash loses at most the last batches, each with its checkpoints.
        await sql`set synchronous_commit = off`.execute(conn);
        await work(conn);
        return true;
      } finally {
        await sql`reset synchronous_commit`.execute(conn).catch(() => undefined);
        for (const name of held.reverse()) await unlockProjection(conn, name).catch(() => undefined);
      }
    });
  }

  private async process(conn: Kysely<ReadModelDatabase>, untilCaughtUp: boolean): Promise<void> {
    const { store, batchSize } = this.options;
    await this.reloadAll(conn);
    let readAt = clock();
    // The next batch, read while the current one is applied: only while every member stands at one position.
    let prefetch: { from: GlobalPosition | null; events: Promise<RecordedEvent[]> } | null = null;
    const read = (after: GlobalPosition | null, notBefore = 0): Promise<RecordedEvent[]> => {
      const wait = notBefore - clock();
      readAt = Math.max(clock(), notBefore);
      return wait > 0 ? this.stopSignal.wait(wait).then(() => store.readAll(after, batchSize)) : store.readAll(after, batchSize);
    };
    const dropPrefetch = async () => {
      await prefetch?.events.catch(() => undefined);
      prefetch = null;
    };

    while (!this.stopped) {
      if (this.checkpointReset) {
        this.checkpointReset = false;
        await dropPrefetch();
        await this.batches.storePending(conn);
        await this.reloadAll(conn);
      }
      // A member whose part failed waits its turn (group-batches.ts); the others go on without it.
      const now = clock();
      const active = this.members.filter((member) => member.heldUntil <= now);
      if (active.length === 0) {
        await dropPrefetch();
        await this.stopSignal.wait(Math.min(...this.members.map((member) => member.heldUntil)) - now);
        continue;
      }
      const from = active[0]!.position;
      if (active.some((member) => member.position !== from)) {
        await dropPrefetch();
        const step = await this.catchUpStep(conn, active);
        // Caught up: the earliest members stand at the log's end (the others past it); theirs are the rebuilds to finish.
        if (step !== 'stepped' && (await this.idle(conn, step.end, untilCaughtUp, step.atEnd, active)) === 'caught up') return;
        this.errorBackoffMs = 500;
        continue;
      }
      const reading: Promise<RecordedEvent[]> = prefetch?.from === from ? prefetch.events : read(from);
      prefetch = null;
      const events: RecordedEvent[] = await reading;
      if (events.length === 0) {
        if ((await this.idle(conn, from, untilCaughtUp, active)) === 'caught up') return;
        continue;
      }
      this.heldBackRetryMs = HELD_BACK_RETRY_MS;
      const last: RecordedEvent = events[events.length - 1]!;
      // A short batch means the log's tail: under load, events arriving one by one are gathered a few
      // at a time instead of each costing a statement. A full batch reads on at once.
      prefetch = { from: last.globalPosition, events: read(last.globalPosition, events.length < batchSize ? readAt + (this.options.gatherMs ?? 0) : 0) };
      prefetch.events.catch(() => undefined); // observed when awaited; avoids an unhandled rejection meanwhile
      const applied = await this.batches.apply(
        conn,
        active.map((member) => ({ member, events })),
      );
      this.errorBackoffMs = 500;
      if (applied.moved) await dropPrefetch();
    }
    await dropPrefetch();
    // Stopping: the steps past kept in memory are written, so a restart does not step past them again.
    await this.batches.storePending(conn).catch(() => false);
  }

  /**
   * Nothing readable after `from`, where every active member stands (null `from`: every one stands at
   * or past the log's end, catchUpStep). Writes the steps past when due, marks rebuilds finished once
   * caught up, and waits for news. Nothing readable is not the same as nothing left: committed events
   * stay unreadable while an older transaction is still open. Caught up means nothing set aside either,
   * and every member `judged`: the members the caller read for (those not set aside when it chose them).
   */
  private async idle(
    conn: Kysely<ReadModelDatabase>,
    from: GlobalPosition | null,
    untilCaughtUp: boolean,
    active: readonly GroupMember[],
    judged: readonly GroupMember[] = active,
  ): Promise<'caught up' | 'waited'> {
    const caughtUp = active.length === 0 || !(await this.options.store.hasEventsAfter(from));
    const rebuilt = caughtUp ? active.filter((member) => member.checkpoint.rebuildStartedAt !== null) : [];
    const pendingFor = this.batches.pendingFor();
    // Written once a second old, so `status` is right at rest, and before a rebuild is marked finished.
    if (pendingFor !== null && (pendingFor >= SKIPPED_CHECKPOINT_MS || untilCaughtUp || rebuilt.length > 0) && !(await this.batches.storePending(conn)))
      return 'waited';
    let rewound = false;
    for (const member of rebuilt) {
      // Not if a reset landed since it was found caught up (a rebuild asked for again): reloaded, it starts over at once.
      if (await finishRebuild(conn, member.name, member.position)) member.checkpoint = { ...member.checkpoint, rebuildStartedAt: null, rebuildTotal: null };
      else {
        await member.load(conn);
        rewound = true;
      }
    }
    if (rewound) return 'waited';
    const now = clock();
    const held = this.members.filter((member) => member.heldUntil > now);
    // A member set aside when the caller chose whom to read for, whose time has come since: nobody has
    // looked at it yet, so neither caught up nor a reason to wait (a test's flake: a run called caught up
    // with one projection short of its failing event, which it had yet to try again or quarantine).
    if (this.members.some((member) => member.heldUntil <= now && !judged.includes(member))) return 'waited';
    if (caughtUp && untilCaughtUp && held.length === 0) return 'caught up';
    // The others' own wait (the held-back retry, the hint window, the slow poll), cut short by the
    // earliest member set aside coming back: never stretched to that member's backoff.
    if (caughtUp) this.heldBackRetryMs = HELD_BACK_RETRY_MS;
    const ownMs = !caughtUp ? this.heldBackWait() : untilCaughtUp && held.length > 0 ? Infinity : this.idleWaitMs();
    const heldMs = held.length > 0 ? Math.max(0, Math.min(...held.map((member) => member.heldUntil)) - now) : Infinity;
    const idleMs = Math.min(ownMs, heldMs);
    await (held.length > 0 && untilCaughtUp && caughtUp ? this.stopSignal : this.wakeSignal).wait(
      this.batches.pendingFor() !== null ? Math.min(idleMs, SKIPPED_CHECKPOINT_MS) : idleMs,
    );
    // A rebuild may have rewound a checkpoint while idle: its notification says so (checked at the
    // loop's top), and every slow poll checks (a notification can be lost).
    if (clock() - this.loadedAt >= this.options.pollMs) {
      await this.batches.storePending(conn);
      await this.reloadAll(conn);
    }
    return 'waited';
  }

  /**
   * The active members stand at different positions (one was rebuilt, set aside, or stepped past more
   * before a restart): a batch from the earliest, each member taking the events after its own
   * position, then, if that batch did not reach the furthest members, the log's tail for them, so they
   * stay live. Caught up when the earliest stands at the log's end (the others past it): the log's end and the members there.
   */
  private async catchUpStep(
    conn: Kysely<ReadModelDatabase>,
    active: readonly GroupMember[],
  ): Promise<{ end: GlobalPosition | null; atEnd: GroupMember[] } | 'stepped'> {
    const { store, batchSize } = this.options;
    const earliest = active.reduce((min, member) => (comparePositions(member.position, min) < 0 ? member.position : min), active[0]!.position);
    const events = await store.readAll(earliest, batchSize);
    if (events.length === 0) {
      // Nothing after the earliest: the others stand past the log's readable end (restored from an
      // older backup); or events are held back by an open transaction for a moment.
      if (!(await store.hasEventsAfter(earliest))) return { end: earliest, atEnd: active.filter((member) => member.position === earliest) };
      await this.wakeSignal.wait(this.heldBackWait());
      return 'stepped';
    }
    this.heldBackRetryMs = HELD_BACK_RETRY_MS;
    const end = events[events.length - 1]!.globalPosition;
    const behind = active.filter((member) => comparePositions(member.position, end) < 0);
    await this.batches.apply(
      conn,
      behind.map((member) => ({ member, events: eventsAfter(events, member.position) })),
    );

    const movers = active.filter((member) => member.heldUntil <= clock());
    if (movers.length === 0) return 'stepped';
    const furthest = movers.reduce((max, member) => (comparePositions(member.position, max) > 0 ? member.position : max), movers[0]!.position);
    const leaders = movers.filter((member) => member.position === furthest);
    if (leaders.length === movers.length || leaders.some((member) => behind.includes(member))) return 'stepped';
    const tail = await store.readAll(furthest, batchSize);
    if (tail.length > 0)
      await this.batches.apply(
        conn,
        leaders.map((member) => ({ member, events: tail })),
      );
    return 'stepped';
  }

  /** The wait before looking again at a tail held back: longer each time in a row, from HELD_BACK_RETRY_MS again once it is not. */
  private heldBackWait(): number {
    const ms = this.heldBackRetryMs;
    this.heldBackRetryMs = Math.min(ms * 2, HELD_BACK_RETRY_MAX_MS);
    return ms;
  }

  private async reloadAll(conn: Kysely<ReadModelDatabase>): Promise<void> {
    for (const member of this.members) await member.load(conn);
    this.loadedAt = clock();
  }

  private idleWaitMs(): number {
    const hinted = this.hintUntil - clock();
    if (hinted > 0) return Math.min(50, hinted);
    return this.options.pollMs;
  }

  /** Not an event's fault (the database unreachable, a lost race): retried with backoff, kept on each checkpoint row for `status`. */
  private async failed(error: unknown): Promise<void> {
    const message = errorMessage(error);
    logger.error('projection group batch failed; retrying', { projections: this.names, error: message, retryInMs: this.errorBackoffMs });
    for (const member of this.members) await recordError(this.options.db, member.name, message).catch(() => undefined);
    await this.stopSignal.wait(this.errorBackoffMs);
    this.errorBackoffMs = Math.min(this.errorBackoffMs * 2, MAX_ERROR_BACKOFF_MS);
  }
}

/** The events of a batch after `position` (a member that stands inside the batch takes only the rest). */
function eventsAfter(events: readonly RecordedEvent[], position: GlobalPosition | null): readonly RecordedEvent[] {
  if (position === null) return events;
  const first = events.findIndex((event) => comparePositions(event.globalPosition, position) > 0);
  return first < 0 ? [] : events.slice(first);
}
