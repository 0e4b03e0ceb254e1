import type { Kysely } from 'kysely';
import type { GlobalPosition, RecordedEvent } from '@desk/platform/eventstore/event-store';
import { logger } from '@desk/platform/logging/logger';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { advanceCheckpoint, checkpointStandsAt, recordError } from './checkpoint-store';
import { insertDeadLetter, truncateError, type Failure } from './dead-letter-store';
import { isTransientError } from './transient-error';
import { runBatchStatement } from './batch-statement';
import type { WakeSignal } from './wake-signal';

/**
 * What became of a batch: how many of its events were applied (the rest quarantined), or `moved`
 * (a rebuild moved the checkpoint underneath), or `stopped` (stop() while an event was retried).
 */
export type BatchOutcome = { applied: number } | 'moved' | 'stopped';
type EventOutcome = 'applied' | 'quarantined' | 'moved' | 'stopped';

export interface BatchApplierOptions {
  db: Kysely<ReadModelDatabase>;
  projection: Projection;
  /** How many times one event is tried on its own before it is quarantined (default 3). */
  eventAttempts?: number | undefined;
  /** Wait before retrying a failing event, doubled for each further retry (default 500 ms). */
  eventRetryMs?: number | undefined;
  /** Cut short by the runner's stop(); `stopped()` says whether it was. */
  stopSignal: WakeSignal;
  stopped: () => boolean;
}

/**
 * Applies a batch with its checkpoint, in one statement (one transaction). One bad event must not halt the
 * projection: when the batch fails for a reason of its own, it is rolled back and its events are
 * applied one at a time, and an event that still fails after a few tries is quarantined (the
 * checkpoint steps past it and a dead-letter row records it). Transient failures (the database
 * unreachable, a lost race) are never the event's fault: they are thrown for the runner to retry.
 */
export class BatchApplier {
  constructor(private readonly options: BatchApplierOptions) {}

  private get name(): string {
    return this.options.projection.name;
  }

  /**
   * Applies a batch in one statement. When that fails for a reason of its own (not a transient
   * one), a batch never half-applies: it is rolled back and its events are applied one at a time,
   * which finds the event at fault and still applies the ones around it.
   */
  async apply(conn: Kysely<ReadModelDatabase>, from: GlobalPosition | null, events: readonly RecordedEvent[]): Promise<BatchOutcome> {
    try {
      return (await this.applyBatch(conn, from, events[events.length - 1]!.globalPosition, events)) ? { applied: events.length } : 'moved';
    } catch (error) {
      if (isTransientError(error)) throw error;
      // A rebuild that emptied the tables before the batch read them fails it too (an order's events
      // fold onto a stored state that is gone): that is no fault of the events.
      if (!(await checkpointStandsAt(conn, this.name, from))) return 'moved';
      logger.warn('projection batch failed; applying its events one at a time', { projection: this.name, events: events.length, error: errorMessage(error) });
    }
    let position = from;
    let applied = 0;
    for (const event of events) {
      const outcome = await this.applyAlone(conn, position, event);
      if (outcome === 'moved' || outcome === 'stopped') return outcome;
      if (outcome === 'applied') applied += 1;
      position = event.globalPosition;
    }
    return { applied };
  }

  /** One event in a statement of its own, as a batch of one: tried a few times, then quarantined. */
  private async applyAlone(conn: Kysely<ReadModelDatabase>, from: GlobalPosition | null, event: RecordedEvent): Promise<EventOutcome> {
    const attempts = this.options.eventAttempts ?? 3;
    let retryMs = this.options.eventRetryMs ?? 500;
    let firstFailedAt: Date | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.applyBatch(conn, from, event.globalPosition, [event])) ? 'applied' : 'moved';
      } catch (error) {
        if (isTransientError(error)) throw error;
        if (!(await checkpointStandsAt(conn, this.name, from))) return 'moved';
        firstFailedAt ??= new Date();
        const message = truncateError(errorMessage(error));
        if (attempt >= attempts)
          return (await this.quarantine(conn, from, event, { error: message, attempts: attempt, firstFailedAt })) ? 'quarantined' : 'moved';
        logger.warn('projection event failed; retrying it', { projection: this.name, eventId: event.eventId, attempt, error: message, retryInMs: retryMs });
        await recordError(this.options.db, this.name, message).catch(() => undefined);
        await this.options.stopSignal.wait(retryMs);
        retryMs *= 2;
        // Stopping is no verdict on the event: leave it for the next run rather than quarantine it.
        if (this.options.stopped()) return 'stopped';
      }
    }
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
