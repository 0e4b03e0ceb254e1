import type { Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import { NO_WRITES } from './projection';
import { checkpointStandsAt, recordError, type Checkpoint } from './checkpoint-store';
import { errorMessage, type BatchOutcome } from './batch-applier';
import { runPartsStatement, type BatchPart } from './batch-statement';
import { isConnectionLost } from './transient-error';
import type { GroupMember } from './group-member';
import { clock } from './monotonic-clock';

/** How stale a stored checkpoint may be while batches of nothing its projection handles are stepped past. */
export const SKIPPED_CHECKPOINT_MS = 1_000;

/** The longest a failing member waits before its part is tried again. */
const MAX_SET_ASIDE_MS = 30_000;

/** One member's share of a batch: the events after its own position. */
export type Part = { member: GroupMember; events: readonly RecordedEvent[] };
/** What became of a batch: whether a member's checkpoint had moved (then reloaded). */
export type Applied = { moved: boolean };

/**
 * How a group's batch is written (projection-group-runner.ts reads it): every member's part in one
 * statement, each with its checkpoint, the members with nothing in it stepped past in memory, and a
 * failure applied part by part, as a lone projection would be.
 */
export class GroupBatches {
  constructor(
    private readonly members: readonly GroupMember[],
    /** The first wait before a failed part is tried again, doubled for each further failure. */
    private readonly retryMs: number,
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
    const handling = parts.filter(({ member, events }) => member.mayHandle(events));
    const now = clock();
    for (const part of parts) if (!handling.includes(part)) part.member.stepPast(part.events, now);
    const applied = handling.length > 0 ? await this.applyTogether(conn, handling) : { moved: false };
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
      if (await this.reloadAnyMoved(conn, parts)) return { moved: true };
    } catch (error) {
      if (isConnectionLost(error)) throw error;
      // A rebuild that emptied a member's tables before the batch read them fails the batch too (an
      // order's events fold onto a stored state that is gone): no fault of the events.
      if (await this.reloadAnyMoved(conn, parts)) return { moved: true };
      logger.warn("projection group's batch failed; applying each projection's part alone", {
        projections: parts.map(({ member }) => member.name),
        events: Math.max(...parts.map(({ events }) => events.length)),
        error: errorMessage(error),
      });
    }
    return this.applyEach(conn, parts);
  }

  /** Reloads each member whose checkpoint row no longer stands where its part was read from; true if any. */
  private async reloadAnyMoved(conn: Kysely<ReadModelDatabase>, parts: readonly Part[]): Promise<boolean> {
    let moved = false;
    for (const { member } of parts) {
      if (await checkpointStandsAt(conn, member.name, member.stored)) continue;
      await reloadMoved(conn, member);
      moved = true;
    }
    return moved;
  }

  /**
   * Each part alone, as a lone projection's batch. A member whose part stops short at an event that
   * failed, or fails for a reason that is neither the events' nor the connection's (a column its SQL
   * names is missing, a lost race), is set aside for a while with what it applied kept, and the
   * others go on; it is tried again when its time comes (projection-group-runner.ts).
   */
  private async applyEach(conn: Kysely<ReadModelDatabase>, parts: readonly Part[]): Promise<Applied> {
    let moved = false;
    for (const { member, events } of parts) {
      let outcome: BatchOutcome;
      try {
        outcome = (await member.storePending(conn)) ? await member.applier.apply(conn, member.position, events, member.failing) : 'moved';
      } catch (error) {
        if (isConnectionLost(error)) throw error;
        await member.load(conn); // some of its events may have been applied one at a time
        await this.setAside(conn, member, this.retryMs * 2 ** Math.min(member.setbacks++, 6), errorMessage(error));
        continue;
      }
      if (outcome === 'moved') {
        await reloadMoved(conn, member);
        moved = true;
        continue;
      }
      if (outcome.failed) {
        const { error, ...failing } = outcome.failed;
        member.stoppedShort(events, outcome.reached, outcome.applied);
        member.failing = failing;
        await this.setAside(conn, member, this.retryMs * 2 ** (failing.attempts - 1), error);
        this.onBatch?.(member.checkpoint);
        continue;
      }
      member.committed(events, outcome.applied);
      this.onBatch?.(member.checkpoint);
    }
    return { moved };
  }

  /** The member waits `forMs` before its part is tried again; the error is kept on its checkpoint row for `status`. */
  private async setAside(conn: Kysely<ReadModelDatabase>, member: GroupMember, forMs: number, error: string): Promise<void> {
    member.heldUntil = clock() + Math.min(forMs, MAX_SET_ASIDE_MS);
    logger.warn('projection set aside; the others go on', { projection: member.name, retryInMs: member.heldUntil - clock(), error });
    await recordError(conn, member.name, error).catch(() => undefined);
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
      if (!(await member.storePending(conn))) await reloadMoved(conn, member);
    }
    return false;
  }

  /** How long the oldest unwritten step past has waited; null when none has. */
  pendingFor(): number | null {
    const since = this.members.filter((member) => member.pending > 0).map((member) => member.pendingSince);
    return since.length === 0 ? null : clock() - Math.min(...since);
  }

  private reportBatch(parts: readonly Part[]): void {
    for (const { member } of parts) this.onBatch?.(member.checkpoint);
  }
}

/** Someone moved the member's checkpoint (a rebuild reset it): it reads on from there. */
async function reloadMoved(conn: Kysely<ReadModelDatabase>, member: GroupMember): Promise<void> {
  logger.info('projection checkpoint moved underneath; reloading', { projection: member.name });
  await member.load(conn);
}
