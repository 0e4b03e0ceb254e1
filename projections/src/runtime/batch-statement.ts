import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { BatchWrite, BatchWrites } from './projection';
import { checkpointMove, type CheckpointMove } from './checkpoint-store';

/** What projection_checkpoint_moved() (migration 113) fails a batch's statement with. */
const CHECKPOINT_MOVED = 'DKM01';

/** One projection's share of a statement: the move of its checkpoint, and its writes to its own tables. */
export interface BatchPart {
  move: CheckpointMove;
  tables: readonly string[];
  batch: BatchWrites;
}

/**
 * Sends a batch as one statement: the checkpoint's compare-and-set and the projection's writes as
 * its CTEs, then a check that fails the whole statement when the checkpoint had moved, so that its
 * writes are rolled back with it. One statement is one transaction: the batch commits whole or not
 * at all, in one round trip, where a transaction of its own cost every projection's batch a BEGIN,
 * the checkpoint, each write and a COMMIT, each a round trip (docs/performance.md). Prepared: a
 * projection's statement has a handful of shapes (which of its writes a batch has).
 *
 * False when the checkpoint had moved (a rebuild rewound it): nothing was written.
 */
export function runBatchStatement(conn: Kysely<ReadModelDatabase>, move: CheckpointMove, tables: readonly string[], batch: BatchWrites): Promise<boolean> {
  return runPartsStatement(conn, [{ move, tables, batch }]);
}

/**
 * Several projections' batches in one statement (projection-group-runner.ts): each part's checkpoint
 * moves only with its writes, and a part whose checkpoint had moved fails the whole statement, which
 * the caller then applies part by part. Parts in the order given, each part's writes in its tables'
 * order; the CTE names of all parts must differ (a write may read an earlier one's RETURNING by name).
 */
export async function runPartsStatement(conn: Kysely<ReadModelDatabase>, parts: readonly BatchPart[]): Promise<boolean> {
  try {
    await partsStatement(parts).execute(conn);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === CHECKPOINT_MOVED) return false;
    throw error;
  }
}

function partsStatement(parts: readonly BatchPart[]): RawBuilder<unknown> {
  const checkpoints = parts.map((part, index) => sql`${sql.id(checkpointName(parts, index))} as (${checkpointMove(part.move)} returning 1)`);
  const writes = parts.flatMap((part) => inTableOrder(part.batch.writes, part.tables).map((write) => sql`${sql.id(write.name)} as (${write.sql})`));
  assertDistinctNames(parts);
  // Every checkpoint stood where its part was read from, or the statement fails naming the first that did not.
  const guard = sql`case ${sql.join(
    parts.map(
      (part, index) => sql`when not exists (select 1 from ${sql.id(checkpointName(parts, index))}) then projection_checkpoint_moved(${part.move.name})`,
    ),
    sql` `,
  )} else true end`;
  const thens = parts.flatMap((part, index) => (part.batch.then ? [sql`, ${part.batch.then} as ${sql.id(`after_writes_${index}`)}`] : []));
  return sql`${PREPARED} with ${sql.join([...checkpoints, ...writes], sql`, `)}
    select ${guard} as advanced ${sql.join(thens, sql` `)}`;
}

/** `batch_checkpoint` alone (the one-projection statement's name since migration 113), numbered in a group. */
function checkpointName(parts: readonly BatchPart[], index: number): string {
  return parts.length === 1 ? 'batch_checkpoint' : `batch_checkpoint_${index}`;
}

function assertDistinctNames(parts: readonly BatchPart[]): void {
  const seen = new Set<string>();
  for (const part of parts) {
    for (const write of part.batch.writes) {
      if (seen.has(write.name)) throw new Error(`Two writes of one statement are both named "${write.name}" (projection ${part.move.name})`);
      seen.add(write.name);
    }
  }
}

/**
 * The writes in the order of their tables in `tables`, the order a rebuild's reset locks them in
 * (checkpoint-store.ts): a statement locks its tables as it starts, in the order its CTEs name them,
 * and two lockers that take the same tables in different orders can deadlock. Stable: writes to one
 * table keep their order, so one may read what an earlier one returned.
 */
export function inTableOrder(writes: readonly BatchWrite[], tables: readonly string[]): BatchWrite[] {
  const place = (write: BatchWrite) => {
    const index = tables.indexOf(write.table);
    if (index < 0) throw new Error(`A projection's write "${write.name}" changes ${write.table}, which is not one of its tables`);
    return index;
  };
  return writes
    .map((write) => ({ write, place: place(write) }))
    .sort((a, b) => a.place - b.place)
    .map(({ write }) => write);
}
