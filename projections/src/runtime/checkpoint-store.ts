import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { Projection } from './projection';
import { deleteDeadLetters } from './dead-letter-store';

export interface Checkpoint {
  name: string;
  position: GlobalPosition | null;
  eventsApplied: number;
  lastEventAt: Date | null;
  rebuildStartedAt: Date | null;
  rebuildTotal: number | null;
  lastError: string | null;
}

type Db = Kysely<ReadModelDatabase>;

export const PROJECTION_RESET_CHANNEL = 'projection_reset';

export async function loadCheckpoint(db: Db, name: string): Promise<Checkpoint> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  return {
    name: row.name,
    position: row.position as GlobalPosition | null,
    eventsApplied: Number(row.events_applied),
    lastEventAt: row.last_event_at,
    rebuildStartedAt: row.rebuild_started_at,
    rebuildTotal: row.rebuild_total === null ? null : Number(row.rebuild_total),
    lastError: row.last_error,
  };
}

/**
 * Compare-and-set: moves the checkpoint from `from` to `to` only if nobody moved it meanwhile (a
 * rebuild reset, or another instance that somehow got the lock). Alone, it records steps past
 * batches the projection had nothing to do for; a batch's statement runs it with the batch's writes
 * (batch-statement.ts).
 */
export async function advanceCheckpoint(
  db: Db,
  name: string,
  from: GlobalPosition | null,
  to: GlobalPosition,
  applied: number,
  lastEventAt: Date,
): Promise<boolean> {
  const result = await sql`${PREPARED} ${checkpointMove({ name, from, to, applied, lastEventAt })}`.execute(db);
  return result.numAffectedRows === 1n;
}

/** Whether the checkpoint still stands where a runner read it from (a rebuild rewinds it). */
export async function checkpointStandsAt(db: Db, name: string, from: GlobalPosition | null): Promise<boolean> {
  const row = await db.selectFrom('projection_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  return row !== undefined && row.position === from;
}

export interface CheckpointMove {
  name: string;
  from: GlobalPosition | null;
  to: GlobalPosition;
  applied: number;
  lastEventAt: Date;
}

/** The compare-and-set's UPDATE: one row when the checkpoint stood at `from`, none when it moved. */
export function checkpointMove({ name, from, to, applied, lastEventAt }: CheckpointMove): RawBuilder<unknown> {
  return sql`
    update projection_checkpoints
    set position = ${to}, events_applied = events_applied + ${applied}::bigint, last_event_at = ${lastEventAt}, last_error = null, updated_at = now()
    where name = ${name} and position is not distinct from ${from}`;
}

/**
 * Empties the projection's tables, forgets the events it quarantined (the replay tries them again)
 * and rewinds it to the start, in one transaction.
 */
export async function resetForRebuild(db: Db, projection: Projection, total: number): Promise<void> {
  await loadCheckpoint(db, projection.name);
  await db.transaction().execute(async (trx) => {
    // The tables before the checkpoint's row: a batch's statement locks its tables as it starts and
    // the row as it runs, so taking them in the other order could deadlock with it.
    if (projection.tables.length > 0) {
      await sql`lock table ${sql.join(projection.tables.map((table) => sql.table(table)))} in access exclusive mode`.execute(trx);
    }
    await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', projection.name).forUpdate().execute();
    for (const table of projection.tables) await sql`truncate table ${sql.table(table)}`.execute(trx);
    await deleteDeadLetters(trx, projection.name);
    await trx
      .updateTable('projection_checkpoints')
      .set({
        position: null,
        events_applied: 0,
        last_event_at: null,
        rebuild_started_at: sql`now()`,
        rebuild_total: total,
        last_error: null,
        updated_at: sql`now()`,
      })
      .where('name', '=', projection.name)
      .execute();
    // Delivered at commit: running projectors reload the rewound checkpoint instead of idling on the old one.
    await sql`select pg_notify(${PROJECTION_RESET_CHANNEL}, ${projection.name})`.execute(trx);
  });
}

/**
 * Marks the rebuild finished, if the checkpoint still stands at `position`, where the runner found
 * itself caught up: a reset that landed since (a rebuild asked for again) rewound it, and that rebuild
 * is not finished. False when it was not marked.
 */
export async function finishRebuild(db: Db, name: string, position: GlobalPosition | null): Promise<boolean> {
  const result = await db
    .updateTable('projection_checkpoints')
    .set({ rebuild_started_at: null, rebuild_total: null, updated_at: sql`now()` })
    .where('name', '=', name)
    .where('rebuild_started_at', 'is not', null)
    .where(sql<boolean>`position is not distinct from ${position}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function recordError(db: Db, name: string, message: string): Promise<void> {
  await db
    .updateTable('projection_checkpoints')
    .set({ last_error: message.slice(0, 2000) })
    .where('name', '=', name)
    .execute();
}
