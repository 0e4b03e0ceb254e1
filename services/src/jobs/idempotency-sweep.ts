import type { Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../db/services-database';
import { IdempotencyKeys } from '../http/idempotency-keys';
import { startPeriodicTask } from './periodic-task';

/**
 * Deletes Idempotency-Keys past their 24 hours, every `intervalMs`, in batches (idempotency-keys.ts).
 * Runs in every API process (and `npm start`), as the other sweeps do: two processes sweeping at once
 * skip each other's rows (`skip locked`), and a key past its lifetime already counts as new before it
 * is swept, so a sweep late or missed changes no answer, only the table's size.
 */
export function startIdempotencySweep(db: Kysely<ServicesDatabase>, intervalMs = 15 * 60_000, keys = new IdempotencyKeys(db)) {
  const sweep = async (): Promise<number> => {
    const deleted = await keys.sweep();
    if (deleted > 0) logger.info('expired idempotency keys deleted', { deleted });
    return deleted;
  };
  const periodic = startPeriodicTask('idempotency key sweep', intervalMs, sweep);
  return { sweepNow: sweep, stop: periodic.stop };
}
