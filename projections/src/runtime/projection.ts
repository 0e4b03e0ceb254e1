import type { Kysely, RawBuilder } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';

/**
 * One data-modifying statement of a batch: an INSERT, UPDATE or DELETE of `table` with no WITH of its
 * own (PostgreSQL allows data-modifying statements in WITH only at the top level). The runtime runs it
 * as the CTE `name` of the batch's one statement (`batch_checkpoint` is the runtime's), ordered by its
 * table's place in the projection's `tables` (the order a rebuild locks them in); writes to one table
 * keep their order. A write may read what an earlier one RETURNs. Every write sees the tables as they
 * were before the statement, and no two may change the same row.
 */
export interface BatchWrite {
  readonly name: string;
  readonly table: keyof ReadModelDatabase & string;
  readonly sql: RawBuilder<unknown>;
}

/**
 * What a batch writes, and `then`: an expression the statement's final select evaluates, e.g. a
 * NOTIFY (delivered at commit). It sees the tables as they were before the statement; what the writes
 * did, only through what they RETURN.
 */
export interface BatchWrites {
  readonly writes: readonly BatchWrite[];
  readonly then?: RawBuilder<unknown>;
}

/**
 * A named projection: folds the global event log into read-model tables it owns.
 *
 * `writes` receives a whole batch and answers with its writes, which the runtime sends as one
 * statement together with the move of the checkpoint: a batch is wholly applied and recorded, or
 * not at all, in one round trip (docs/projections.md). It may read the tables first through `read`,
 * the runner's connection outside any transaction: the projection's lock makes its runner their
 * only writer, and a rebuild that empties them meanwhile moves the checkpoint, which then refuses
 * the writes. It must not throw on business grounds: events are facts, and the decision that
 * refused bad input happened before they existed.
 */
export interface Projection {
  readonly name: string;
  /** Tables emptied when the projection is rebuilt, and the only ones its writes may change. */
  readonly tables: readonly (keyof ReadModelDatabase & string)[];
  writes(read: Kysely<ReadModelDatabase>, events: readonly RecordedEvent[]): Promise<BatchWrites>;
  /**
   * The events `writes` folds; omitted: every event. A batch with none of them is stepped past
   * without a statement, its checkpoint written at most once a second (projection-runner.ts).
   */
  handles?(event: RecordedEvent): boolean;
}

/** A batch that writes nothing (its checkpoint still moves). */
export const NO_WRITES: BatchWrites = { writes: [] };
