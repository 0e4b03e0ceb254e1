import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import { comparePositions } from '@desk/platform/eventstore/position-order';
import type { ReadModelDatabase } from '../schema/read-model-database';

export interface ReachOptions {
  /** How long to wait at most: the read model may be rebuilding, quarantined, or its projector away. */
  withinMs?: number;
  /** How often the checkpoint is read meanwhile (one primary-key read). */
  everyMs?: number;
}

/**
 * Waits until projection `name` has applied the event at `position` (its checkpoint at or past it),
 * for a command whose screen reads that read model and has no live feed to refresh it: its answer
 * then comes once a fresh read shows what it did (decision 0066). The checkpoint is read, not
 * listened for: the projector may run in another process, and these commands are an admin's
 * decisions, a few a minute. Resolves whether it was reached; never throws for a wait that ran out.
 */
export async function checkpointReached(
  db: Kysely<ReadModelDatabase>,
  name: string,
  position: GlobalPosition,
  { withinMs = 2_000, everyMs = 15 }: ReachOptions = {},
): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    const row = await db.selectFrom('projection_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
    const at = (row?.position ?? null) as GlobalPosition | null;
    if (comparePositions(at, position) >= 0) return true;
    const left = until - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(everyMs, left));
  }
}
