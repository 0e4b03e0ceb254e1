import type { Kysely } from 'kysely';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import type { BatchApplier, FailingEvent } from './batch-applier';
import { advanceCheckpoint, loadCheckpoint, type Checkpoint, type CheckpointMove } from './checkpoint-store';

/**
 * One projection of a group (projection-group-runner.ts): where it stands in memory, and what its
 * checkpoint row says. They differ by the batches it was stepped past (nothing in them it handles),
 * which are written at most once a second or with its next batch.
 */
export class GroupMember {
  checkpoint!: Checkpoint;
  /** The position its checkpoint row holds. */
  stored: GlobalPosition | null = null;
  /** Events stepped past since `stored`, and when the first of them was. */
  pending = 0;
  pendingSince = 0;
  /** Set aside until this time (ms): its part failed and is tried again then, while the others go on. */
  heldUntil = 0;
  /** The event its part last failed on (quarantined after a few tries). */
  failing: FailingEvent | null = null;
  /** Failures in a row that were not the events' fault (a missing column, a lost race): its backoff. */
  setbacks = 0;

  constructor(
    readonly projection: Projection,
    readonly applier: BatchApplier,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  get position(): GlobalPosition | null {
    return this.checkpoint.position;
  }

  async load(conn: Kysely<ReadModelDatabase>): Promise<void> {
    const before = this.checkpoint as Checkpoint | undefined;
    this.checkpoint = await loadCheckpoint(conn, this.name);
    this.stored = this.checkpoint.position;
    this.pending = 0;
    // A reset (a rebuild asked for) starts its failures over: the tries of the event it failed on, its hold and its backoff.
    const started = this.checkpoint.rebuildStartedAt?.getTime();
    if (before && started !== undefined && started !== before.rebuildStartedAt?.getTime()) {
      this.failing = null;
      this.heldUntil = 0;
      this.setbacks = 0;
    }
  }

  /**
   * Whether `events` may hold anything its writes fold: a `handles` that throws says yes, so the part
   * goes to its writes and, failing there, is set aside for this projection alone.
   */
  mayHandle(events: readonly RecordedEvent[]): boolean {
    const handles = this.projection.handles;
    try {
      return !handles || events.some((event) => handles(event));
    } catch {
      return true;
    }
  }

  /** Moves on in memory past events it has nothing to do with. */
  stepPast(events: readonly RecordedEvent[], now: number): void {
    if (this.pending === 0) this.pendingSince = now;
    this.pending += events.length;
    this.moveTo(events, events.length);
  }

  /** Its part of a statement: from what the row says to the end of `events`, the steps past included. */
  move(events: readonly RecordedEvent[]): CheckpointMove {
    const last = events[events.length - 1]!;
    return { name: this.name, from: this.stored, to: last.globalPosition, applied: this.pending + events.length, lastEventAt: last.recordedAt };
  }

  /** The statement that moved its row committed: `applied` of `events` applied (the rest quarantined). */
  committed(events: readonly RecordedEvent[], applied: number): void {
    this.moveTo(events, applied);
    this.checkpoint = { ...this.checkpoint, lastError: null };
    this.stored = this.checkpoint.position;
    this.pending = 0;
    this.setbacks = 0;
    this.failing = null;
  }

  /** Applied alone, its part got as far as `reached` (where its row now stands) before an event failed. */
  stoppedShort(events: readonly RecordedEvent[], reached: GlobalPosition | null, applied: number): void {
    const upTo = events.findIndex((event) => event.globalPosition === reached);
    if (upTo >= 0) this.moveTo(events.slice(0, upTo + 1), applied);
    this.stored = this.checkpoint.position;
    this.pending = 0;
  }

  /** What `committed` and `stepPast` share: the position, the count, the last event's time. */
  private moveTo(events: readonly RecordedEvent[], applied: number): void {
    const last = events[events.length - 1]!;
    this.checkpoint = {
      ...this.checkpoint,
      position: last.globalPosition,
      eventsApplied: this.checkpoint.eventsApplied + applied,
      lastEventAt: last.recordedAt,
    };
  }

  /** The move that writes its steps past; null when there are none. */
  pendingMove(): CheckpointMove | null {
    if (this.pending === 0) return null;
    return { name: this.name, from: this.stored, to: this.position!, applied: this.pending, lastEventAt: this.checkpoint.lastEventAt! };
  }

  /** Its steps past were written (alone, or with the other members'). */
  pendingStored(): void {
    this.stored = this.position;
    this.pending = 0;
  }

  /** The steps past written alone; false when its row had moved (a rebuild rewound it). */
  async storePending(conn: Kysely<ReadModelDatabase>): Promise<boolean> {
    const move = this.pendingMove();
    if (move === null) return true;
    if (!(await advanceCheckpoint(conn, move.name, move.from, move.to, move.applied, move.lastEventAt))) return false;
    this.pendingStored();
    return true;
  }
}
