import type { Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import { NO_WRITES } from './projection';
import { checkpointStandsAt, type Checkpoint } from './checkpoint-store';
import { errorMessage } from './batch-applier';
import { runPartsStatement, type BatchPart } from './batch-statement';
import { isTransientError } from './transient-error';
import type { GroupMember } from './group-member';

/** How stale a stored checkpoint may be while batches of nothing its projection handles are stepped past. */
export const SKIPPED_CHECKPOINT_MS = 1_000;

/** One member's share of a batch: the events after its own position. */
export type Part = { member: GroupMember; events: readonly RecordedEvent[] };
/** What became of a batch: `stopped` (stop() while an event was retried), or whether a member's checkpoint had moved (then reloaded). */
export type Applied = 'stopped' | { moved: boolean };

/**
 * How a group's batch is written (projection-group-runner.ts reads it): every member's part in one
 * statement, each with its checkpoint, the members with nothing in it stepped past in memory, and a
 * failure applied part by part, as a lone projection would be.
 */
export class GroupBatches {
  constructor(
    private readonly members: readonly GroupMember[],
    private readonly onBatch?: (checkpoint: Checkpoint) => void,
  ) {}

  /**
   * The members' parts of a batch: those with something in it they handle in one statement, each
   * checkpoint moved from what its row says; the others step past it in memory (written with their
   * next statement, or all together at most once a second). When the statement fails for a reason of
   * its own, or a member's checkpoint had moved, each part is applied alone (BatchApplier: one event
   * at a time, quarantined for that member only).
   */
  async apply(conn: Kysely<ReadModelDatabase>, given: readonly Part[]): Promise<Applied> {
    const parts = given.filter((part) => part.events.length > 0);
    const handling = parts.filter(({ member, events }) => member.handles(events));
    const now = Date.now();
    for (const part of parts) if (!handling.includes(part)) part.member.stepPast(part.events, now);
    const applied = handling.length > 0 ? await this.applyTogether(conn, handling) : { moved: false };
    if (applied === 'stopped') return applied;
    if ((this.pendingFor() ?? 0) >= SKIPPED_CHECKPOINT_MS && !(await this.storePending(conn))) return { moved: true };
    this.reportBatch(parts.filter((part) => !handling.includes(part)));
    return applied;
  }

  private async applyTogether(conn: Kysely<ReadModelDatabase>, parts: readonly Part[]): Promise<Applied> {
    try {
      const statement: BatchPart[] = [];
      for (const { member, events } of parts) {
        statement.push({ move: member.move(events), tables: member.projection.tables, batch: await member.projection.writes(conn, events) });
      }
      if (await runPartsStatement(conn, statement)) {
        for (const { member, events } of parts) member.committed(events, events.length);
        this.reportBatch(parts);
        return { moved: false };
      }
      if (await this.reloadMoved(conn, parts)) return { moved: true };
    } catch (error) {
      if (isTransientError(error)) throw error;
      // A rebuild that emptied a member's tables before the batch read them fails the batch too (an
      // order's events fold onto a stored state that is gone): no fault of the events.
      if (await this.reloadMoved(conn, parts)) return { moved: true };
      logger.warn("projection group's batch failed; applying each projection's part alone", {
        projections: parts.map(({ member }) => member.name),
        events: Math.max(...parts.map(({ events }) => events.length)),
        error: errorMessage(error),
      });
    }
    return this.applyEach(conn, parts);
  }

  /** Reloads each member whose checkpoint row no longer stands where its part was read from; true if any. */
  private async reloadMoved(conn: Kysely<ReadModelDatabase>, parts: readonly Part[]): Promise<boolean> {
    let moved = false;
    for (const { member } of parts) {
      if (await checkpointStandsAt(conn, member.name, member.stored)) continue;
      logger.info('projection checkpoint moved underneath; reloading', { projection: member.name });
      await member.load(conn);
      moved = true;
    }
    return moved;
  }

  private async applyEach(conn: Kysely<ReadModelDatabase>, parts: readonly Part[]): Promise<Applied> {
    let moved = false;
    for (const { member, events } of parts) {
      const outcome = (await member.storePending(conn)) ? await member.applier.apply(conn, member.position, events) : 'moved';
      if (outcome === 'stopped') return 'stopped';
      if (outcome === 'moved') {
        // Someone moved the checkpoint (a rebuild reset it): this member reads on from there.
        logger.info('projection checkpoint moved underneath; reloading', { projection: member.name });
        await member.load(conn);
        moved = true;
        continue;
      }
      member.committed(events, outcome.applied);
      this.onBatch?.(member.checkpoint);
    }
    return { moved };
  }

  /** Every member's steps past in one statement; false when one had moved (then each is reloaded or written alone). */
  async storePending(conn: Kysely<ReadModelDatabase>): Promise<boolean> {
    const pending = this.members.flatMap((member) => {
      const move = member.pendingMove();
      return move ? [{ member, part: { move, tables: member.projection.tables, batch: NO_WRITES } }] : [];
    });
    if (pending.length === 0) return true;
    if (
      await runPartsStatement(
        conn,
        pending.map(({ part }) => part),
      )
    ) {
      for (const { member } of pending) member.pendingStored();
      return true;
    }
    for (const { member } of pending) {
      if (!(await member.storePending(conn))) {
        logger.info('projection checkpoint moved underneath; reloading', { projection: member.name });
        await member.load(conn);
      }
    }
    return false;
  }

  /** How long the oldest unwritten step past has waited; null when none has. */
  pendingFor(): number | null {
    const since = this.members.filter((member) => member.pending > 0).map((member) => member.pendingSince);
    return since.length === 0 ? null : Date.now() - Math.min(...since);
  }

  private reportBatch(parts: readonly Part[]): void {
    for (const { member } of parts) this.onBatch?.(member.checkpoint);
  }
}
