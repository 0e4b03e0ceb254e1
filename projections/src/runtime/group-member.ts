import type { Kysely } from 'kysely';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import type { BatchApplier } from './batch-applier';
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
    this.checkpoint = await loadCheckpoint(conn, this.name);
    this.stored = this.checkpoint.position;
    this.pending = 0;
  }

  /** Whether `events` hold anything its writes fold. */
  handles(events: readonly RecordedEvent[]): boolean {
    const handles = this.projection.handles;
    return !handles || events.some((event) => handles(event));
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
