import type { Kysely } from 'kysely';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { advanceCheckpoint, checkpointStandsAt } from './checkpoint-store';
import { insertDeadLetter, truncateError, type Failure } from './dead-letter-store';
import { isTransientError } from './transient-error';
import { runBatchStatement } from './batch-statement';

/** The event a projection last failed on: how often, since when (a failure of any other event starts over). */
export interface FailingEvent {
  eventId: string;
  attempts: number;
  firstFailedAt: Date;
}

/**
 * What became of a batch: `moved` (a rebuild moved the checkpoint underneath), or how far it got:
 * `reached`, the position its checkpoint now stands at (the batch's end, or just before the event
 * that failed), `applied` events (the rest up to `reached` quarantined), and `failed`, the event that
 * failed and is to be tried again later (a few tries, then quarantined).
 */
export type BatchOutcome = 'moved' | { applied: number; reached: GlobalPosition | null; failed?: FailingEvent & { error: string } };

export interface BatchApplierOptions {
  projection: Projection;
  /** How many times one event is tried on its own before it is quarantined (default 3). */
  eventAttempts?: number | undefined;
}

/**
 * Applies a batch with its checkpoint, in one statement (one transaction). One bad event must not halt the
 * projection: when the batch fails for a reason of its own, it is rolled back and its events are
 * applied one at a time, up to the event at fault. That event is tried again later, by whoever runs
 * the projection (it waits elsewhere, so the projections beside it go on), and after a few tries it is
 * quarantined (the checkpoint steps past it and a dead-letter row records it). Transient failures
 * (the database unreachable, a lost race) are never the event's fault: they are thrown for the
 * runner to retry.
 */
export class BatchApplier {
  constructor(private readonly options: BatchApplierOptions) {}

  private get name(): string {
    return this.options.projection.name;
  }

  /**
   * Applies a batch in one statement. When that fails for a reason of its own (not a transient
   * one), a batch never half-applies: it is rolled back and its events are applied one at a time,
   * which finds the event at fault and still applies the ones before it. `failing` is what failed
   * last time (its tries count on).
   */
  async apply(
    conn: Kysely<ReadModelDatabase>,
    from: GlobalPosition | null,
    events: readonly RecordedEvent[],
    failing: FailingEvent | null = null,
  ): Promise<BatchOutcome> {
    const last = events[events.length - 1]!.globalPosition;
    try {
      return (await this.applyBatch(conn, from, last, events)) ? { applied: events.length, reached: last } : 'moved';
    } catch (error) {
      if (isTransientError(error)) throw error;
      // A rebuild that emptied the tables before the batch read them fails it too (an order's events
      // fold onto a stored state that is gone): that is no fault of the events.
      if (!(await checkpointStandsAt(conn, this.name, from))) return 'moved';
      if (events.length > 1)
        logger.warn('projection batch failed; applying its events one at a time', { projection: this.name, events: events.length, error: errorMessage(error) });
    }
    let position = from;
    let applied = 0;
    for (const event of events) {
      try {
        if (!(await this.applyBatch(conn, position, event.globalPosition, [event]))) return 'moved';
        applied += 1;
      } catch (error) {
        if (isTransientError(error)) throw error;
        if (!(await checkpointStandsAt(conn, this.name, position))) return 'moved';
        const message = truncateError(errorMessage(error));
        const before = failing?.eventId === event.eventId ? failing : { eventId: event.eventId, attempts: 0, firstFailedAt: new Date() };
        const tried = { ...before, attempts: before.attempts + 1 };
        if (tried.attempts < (this.options.eventAttempts ?? 3)) {
          logger.warn('projection event failed; retrying it', { projection: this.name, eventId: event.eventId, attempt: tried.attempts, error: message });
          return { applied, reached: position, failed: { ...tried, error: message } };
        }
        if (!(await this.quarantine(conn, position, event, { error: message, attempts: tried.attempts, firstFailedAt: tried.firstFailedAt }))) return 'moved';
      }
      position = event.globalPosition;
    }
    return { applied, reached: position };
  }

  /** Steps past the event and records it, in one transaction: never one without the other. */
  private async quarantine(conn: Kysely<ReadModelDatabase>, from: GlobalPosition | null, event: RecordedEvent, failure: Failure): Promise<boolean> {
    const done = await conn.transaction().execute(async (trx) => {
      if (!(await advanceCheckpoint(trx, this.name, from, event.globalPosition, 0, event.recordedAt))) return false;
      await insertDeadLetter(trx, this.name, event, failure);
      return true;
    });
    if (done) {
      logger.error('projection event quarantined', {
        projection: this.name,
        position: event.globalPosition,
        eventId: event.eventId,
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        type: event.type,
        attempts: failure.attempts,
        error: failure.error,
      });
    }
    return done;
  }

  /** The batch's writes and its checkpoint in one statement (batch-statement.ts); false when the checkpoint moved. */
  private async applyBatch(
    conn: Kysely<ReadModelDatabase>,
    from: GlobalPosition | null,
    to: GlobalPosition,
    events: readonly RecordedEvent[],
  ): Promise<boolean> {
    const writes = await this.options.projection.writes(conn, events);
    const move = { name: this.name, from, to, applied: events.length, lastEventAt: events[events.length - 1]!.recordedAt };
    return runBatchStatement(conn, move, this.options.projection.tables, writes);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
