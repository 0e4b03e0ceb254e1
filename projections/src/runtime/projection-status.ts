import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { loadCheckpoint } from './checkpoint-store';
import { projectionLockHolder } from './projection-lock';
import { quarantineSummary, type QuarantinedEvent } from './dead-letter-store';

export interface ProjectionStatus {
  name: string;
  /** Opaque event store position of the last applied event (null: nothing applied yet). */
  checkpoint: string | null;
  eventsApplied: number;
  /** Events in the log after the checkpoint. */
  eventsBehind: number;
  /** How long the oldest unapplied event has waited (0 when caught up). */
  lagMs: number;
  lastEventAt: string | null;
  /** PostgreSQL backend pid of the instance holding the projection's lock; null when none runs it. */
  activePid: number | null;
  /** Which process that is: its kind, host and OS pid (the pool's application_name). */
  activeInstance: string | null;
  rebuilding: { startedAt: string; total: number } | null;
  lastError: string | null;
  /** Events stepped past because applying them kept failing (since the last rebuild). */
  quarantined: number;
  /** The most recent of them, newest first. */
  quarantine: QuarantinedEvent[];
}

export async function projectionStatus(
  db: Kysely<ReadModelDatabase>,
  store: EventStore,
  projection: Projection,
  now: Date = new Date(),
): Promise<ProjectionStatus> {
  const checkpoint = await loadCheckpoint(db, projection.name);
  const [backlog, holder, { quarantined, quarantine }] = await Promise.all([
    store.backlog(checkpoint.position),
    projectionLockHolder(db, projection.name),
    quarantineSummary(db, projection.name),
  ]);
  return {
    name: projection.name,
    checkpoint: checkpoint.position,
    eventsApplied: checkpoint.eventsApplied,
    eventsBehind: backlog.count,
    lagMs: backlog.oldestRecordedAt ? Math.max(0, now.getTime() - backlog.oldestRecordedAt.getTime()) : 0,
    lastEventAt: checkpoint.lastEventAt?.toISOString() ?? null,
    activePid: holder?.pid ?? null,
    activeInstance: holder?.instance ?? null,
    rebuilding: checkpoint.rebuildStartedAt ? { startedAt: checkpoint.rebuildStartedAt.toISOString(), total: checkpoint.rebuildTotal ?? 0 } : null,
    lastError: checkpoint.lastError,
    quarantined,
    quarantine,
  };
}
