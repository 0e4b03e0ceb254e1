import type { Kysely } from 'kysely';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import type { ReadModelDatabase } from '@desk/projections/schema/read-model-database';
import { statementLinesProjection } from '@desk/projections/read-models/statement-lines/statement-lines.projection';
import { checkpointReached } from '@desk/projections/runtime/checkpoint-reached';

/**
 * Read your writes for the statement lines' screens (decision 0066): the account's lines page and
 * the unmatched queue read the statement lines' read model, and nothing live refreshes them for lines
 * that pay no order, so a command on them (an import, a refund mark) is answered once that read model
 * has applied its last event at `position`, for at most `withinMs` (READ_MODEL_WAIT_MS). Nothing
 * recorded (null): nothing to wait for.
 */
export async function untilLinesShown(readModels: Kysely<ReadModelDatabase>, position: GlobalPosition | null, withinMs: number): Promise<void> {
  if (position) await checkpointReached(readModels, statementLinesProjection.name, position, { withinMs });
}
