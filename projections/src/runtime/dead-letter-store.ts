import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';

/** Kept on the row: enough to recognise the failure without storing a whole stack or payload. */
const ERROR_CHARS = 2_000;
/** How many entries `status` lists (the count covers them all). */
export const RECENT_QUARANTINE = 20;

export interface QuarantinedEvent {
  /** The event's opaque global position. */
  position: string;
  eventId: string;
  streamId: string;
  /** Position in its stream (small: a number, as the order history shows it). */
  streamPosition: number;
  type: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  quarantinedAt: string;
}

/** An error message as a dead-letter row (and the log line) keeps it. */
export const truncateError = (message: string): string => message.slice(0, ERROR_CHARS);

export interface Failure {
  /** Already truncated (truncateError). */
  error: string;
  attempts: number;
  firstFailedAt: Date;
}

/** Records an event the projection steps past. Runs in the transaction that moves the checkpoint past it. */
export async function insertDeadLetter(trx: Transaction<ReadModelDatabase>, projection: string, event: RecordedEvent, failure: Failure): Promise<void> {
  await trx
    .insertInto('projection_dead_letters')
    .values({
      projection,
      position: event.globalPosition,
      event_id: event.eventId,
      stream_id: event.streamId,
      stream_position: event.streamPosition.toString(),
      event_type: event.type,
      error: failure.error,
      attempts: failure.attempts,
      first_failed_at: failure.firstFailedAt,
    })
    .execute();
}

/** A rebuild tries every event again: it forgets what it had quarantined. */
export async function deleteDeadLetters(trx: Transaction<ReadModelDatabase>, projection: string): Promise<void> {
  await trx.deleteFrom('projection_dead_letters').where('projection', '=', projection).execute();
}

export async function quarantineSummary(db: Kysely<ReadModelDatabase>, projection: string): Promise<{ quarantined: number; quarantine: QuarantinedEvent[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('projection_dead_letters')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('projection', '=', projection)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('projection_dead_letters')
      .selectAll()
      .where('projection', '=', projection)
      .orderBy('quarantined_at', 'desc')
      .orderBy('position', 'desc')
      .limit(RECENT_QUARANTINE)
      .execute(),
  ]);
  return {
    quarantined: count.n,
    quarantine: rows.map((r) => ({
      position: r.position,
      eventId: r.event_id,
      streamId: r.stream_id,
      streamPosition: Number(r.stream_position),
      type: r.event_type,
      error: r.error,
      attempts: r.attempts,
      firstFailedAt: r.first_failed_at.toISOString(),
      quarantinedAt: r.quarantined_at.toISOString(),
    })),
  };
}
