import type { Transaction } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '../schema/read-model-database';

/**
 * A named projection: folds the global event log into read-model tables it owns.
 *
 * `apply` runs inside the runtime's transaction, the same one that advances the checkpoint, so a
 * batch is either wholly applied and recorded or not at all. It receives whole batches so it can
 * write one multi-row statement per batch instead of one per event. It must not throw on business
 * grounds: events are facts, and the decision that refused bad input happened before they existed.
 */
export interface Projection {
  readonly name: string;
  /** Tables emptied when the projection is rebuilt. */
  readonly tables: readonly (keyof ReadModelDatabase & string)[];
  apply(trx: Transaction<ReadModelDatabase>, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * The events `apply` folds; omitted: every event. A batch with none of them is stepped past
   * without a transaction, its checkpoint written at most once a second (projection-runner.ts).
   */
  handles?(event: RecordedEvent): boolean;
}
