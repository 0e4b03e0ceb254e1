import type { Kysely } from 'kysely';
import type { EventStore } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { findProjections } from '@desk/projections/read-models/index';
import { rebuildProjections, type RebuildResult } from '@desk/projections/runtime/rebuild';
import type { WriteLine } from '../progress';

/**
 * Every registered read model built again from the events, from zero (`restart`: a rebuild left
 * half-done before the restore means nothing for the restored log), with the runtime's progress:
 * all together, in one read of the log (decision 0057).
 */
export async function rebuildReadModels(db: Kysely<ReadModelDatabase>, store: EventStore, batchSize: number, write: WriteLine): Promise<RebuildResult[]> {
  return rebuildProjections({ db, store, projections: findProjections(), batchSize, restart: true, write });
}
