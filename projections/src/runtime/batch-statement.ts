import { sql, type Kysely } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import type { ReadModelDatabase } from '../schema/read-model-database';
import type { BatchWrite, BatchWrites } from './projection';
import { checkpointMove, type CheckpointMove } from './checkpoint-store';

/** What projection_checkpoint_moved() (migration 113) fails a batch's statement with. */
const CHECKPOINT_MOVED = 'DKM01';

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
export async function runBatchStatement(
  conn: Kysely<ReadModelDatabase>,
  move: CheckpointMove,
  tables: readonly string[],
  batch: BatchWrites,
): Promise<boolean> {
  const writes = inTableOrder(batch.writes, tables).map((write) => sql`, ${sql.id(write.name)} as (${write.sql})`);
  const statement = sql`${PREPARED} with batch_checkpoint as (${checkpointMove(move)} returning 1)
    ${writes.length > 0 ? sql.join(writes, sql` `) : sql``}
    select case when exists (select 1 from batch_checkpoint) then true else projection_checkpoint_moved(${move.name}) end as advanced
      ${batch.then ? sql`, ${batch.then} as after_writes` : sql``}`;
  try {
    await statement.execute(conn);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === CHECKPOINT_MOVED) return false;
    throw error;
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
